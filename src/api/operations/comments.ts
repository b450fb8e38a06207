import { defineOperation } from '../operation.js';
import { CommentReply, UpdateCommentReplyBody } from '../schemas/comment.js';
import { commentOperations, createReplyOperation } from './shapes.js';

const base = '/v1/spaces/{spaceId}/comments' as const;
const noun = 'a space';

/** Comments on the primary content of a space, and their replies. */
export const comments = {
  ...commentOperations(base, 'InSpace', noun),
  createReply: createReplyOperation(base, 'postCommentReplyInSpace', noun, undefined),
  updateReply: defineOperation({
    id: 'updateCommentReplyInSpace',
    method: 'PUT',
    path: `${base}/{commentId}/replies/{commentReplyId}`,
    summary: 'Edit or react to a reply in a space',
    body: UpdateCommentReplyBody,
    bodyRequired: true,
    success: [200],
    response: CommentReply,
  }),
  deleteReply: defineOperation({
    id: 'deleteCommentReplyInSpace',
    method: 'DELETE',
    path: `${base}/{commentId}/replies/{commentReplyId}`,
    summary: 'Delete a reply to a comment of a space',
  }),
} as const;
