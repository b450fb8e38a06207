import { defineList } from '../operation.js';
import { CommentReply, FormatQuery, ReplyListQuery } from '../schemas/comment.js';
import { commentOperations, createReplyOperation } from './shapes.js';

const base = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments' as const;
const noun = 'a change request';

/** Comments on a change request, and their replies. */
export const changeRequestComments = {
  ...commentOperations(base, 'InChangeRequest', noun),
  listReplies: defineList({
    id: 'listCommentRepliesInChangeRequest',
    path: `${base}/{commentId}/replies`,
    summary: 'List the replies to a comment of a change request',
    query: ReplyListQuery,
    item: CommentReply,
  }),
  createReply: createReplyOperation(base, 'postCommentReplyInChangeRequest', noun, FormatQuery),
} as const;
