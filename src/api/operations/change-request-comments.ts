import { defineOperation } from '../operation.js';
import { CommentReply, FormatQuery, ReplyListQuery } from '../schemas/comment.js';
import { listOf } from '../schemas/common.js';
import { commentOperations, createReplyOperation } from './shapes.js';
import { lazy } from '../schemas/lazy.js';

const base = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments' as const;
const noun = 'a change request';

/** Comments on a change request, and their replies. */
export const changeRequestComments = {
  ...commentOperations(base, 'InChangeRequest', noun),
  listReplies: defineOperation({
    id: 'listCommentRepliesInChangeRequest',
    method: 'GET',
    path: `${base}/{commentId}/replies`,
    summary: 'List the replies to a comment of a change request',
    query: ReplyListQuery,
    success: [200],
    response: lazy(() => listOf(CommentReply)),
    paginated: true,
  }),
  createReply: createReplyOperation(base, 'postCommentReplyInChangeRequest', noun, FormatQuery),
} as const;
