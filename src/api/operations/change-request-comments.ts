import { defineOperation } from '../operation.js';
import {
  Comment,
  CommentListQuery,
  CommentReply,
  FormatQuery,
  PostCommentBody,
  PostCommentReplyBody,
  ReplyListQuery,
  UpdateCommentBody,
} from '../schemas/comment.js';
import { listOf } from '../schemas/common.js';

const base = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments' as const;

/** Comments on a change request, and their replies. */
export const changeRequestComments = {
  list: defineOperation({
    id: 'listCommentsInChangeRequest',
    method: 'GET',
    path: base,
    summary: 'List the comments of a change request',
    query: CommentListQuery,
    success: [200],
    response: listOf(Comment),
    paginated: true,
  }),
  create: defineOperation({
    id: 'postCommentInChangeRequest',
    method: 'POST',
    path: base,
    summary: 'Post a comment in a change request',
    body: PostCommentBody,
    bodyRequired: true,
    success: [200],
    response: Comment,
  }),
  get: defineOperation({
    id: 'getCommentInChangeRequest',
    method: 'GET',
    path: `${base}/{commentId}`,
    summary: 'Get a comment of a change request',
    query: FormatQuery,
    success: [200],
    response: Comment,
  }),
  update: defineOperation({
    id: 'updateCommentInChangeRequest',
    method: 'PUT',
    path: `${base}/{commentId}`,
    summary: 'Edit, resolve or react to a comment of a change request',
    body: UpdateCommentBody,
    bodyRequired: true,
    success: [200],
    response: Comment,
  }),
  delete: defineOperation({
    id: 'deleteCommentInChangeRequest',
    method: 'DELETE',
    path: `${base}/{commentId}`,
    summary: 'Delete a comment of a change request',
    success: [204, 205],
  }),
  listReplies: defineOperation({
    id: 'listCommentRepliesInChangeRequest',
    method: 'GET',
    path: `${base}/{commentId}/replies`,
    summary: 'List the replies to a comment of a change request',
    query: ReplyListQuery,
    success: [200],
    response: listOf(CommentReply),
    paginated: true,
  }),
  createReply: defineOperation({
    id: 'postCommentReplyInChangeRequest',
    method: 'POST',
    path: `${base}/{commentId}/replies`,
    summary: 'Reply to a comment of a change request',
    query: FormatQuery,
    body: PostCommentReplyBody,
    bodyRequired: true,
    success: [200],
    response: CommentReply,
  }),
  getReply: defineOperation({
    id: 'getCommentReplyInChangeRequest',
    method: 'GET',
    path: `${base}/{commentId}/replies/{commentReplyId}`,
    summary: 'Get a reply to a comment of a change request',
    query: FormatQuery,
    success: [200],
    response: CommentReply,
  }),
} as const;
