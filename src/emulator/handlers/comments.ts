import {
  applyReactions,
  bodyToMarkdown,
  mayModify,
  presentComment,
  presentReply,
  type CommentDoc,
  type Format,
  type ReplyDoc,
  type Viewer,
} from '../domain/comments.js';
import { findPage } from '../domain/revisions.js';
import { badRequest, forbidden, notFound, type HandlerRequest, type Handlers, type RequestBase } from '../types.js';
import { deleteIdempotently, roleOfReq, contentScopeOf, type ContentScope, type EitherReq } from './content-common.js';

/**
 * Comments and replies on a space or inside a change request. Anyone who may comment may react,
 * reply and resolve/reopen; changing a comment's body or deleting it is for its author or an admin.
 */

/** Who reads, and in which body format (only reads take `format`). */
type ViewerReq = RequestBase & { query: { format?: Format } };

const viewer = (req: ViewerReq): Viewer => ({
  userId: req.caller.userId,
  role: roleOfReq(req),
  baseUrl: req.ctx.baseUrl,
  format: req.query.format,
});

function commentOf(req: RequestBase & { params: { commentId: string } }, scope: ContentScope): CommentDoc {
  const comment = req.ctx.store.get<CommentDoc>('comment', req.params.commentId);
  if (!comment || comment._space !== scope.space.id || comment._changeRequest !== scope.changeRequest?.id) throw notFound('Comment');
  return comment;
}

function replyOf(req: RequestBase & { params: { commentReplyId: string } }, comment: CommentDoc): ReplyDoc {
  const reply = req.ctx.store.get<ReplyDoc>('commentReply', req.params.commentReplyId);
  if (!reply || reply._comment !== comment.id) throw notFound('Comment reply');
  return reply;
}

const show = (req: ViewerReq, scope: ContentScope, c: CommentDoc) => presentComment(req.ctx.store, c, viewer(req), scope.revision.id);

function handlers(inChangeRequest: boolean) {
  return {
    list: (req: EitherReq<'listCommentsInSpace', 'listCommentsInChangeRequest'>) => {
      const scope = contentScopeOf(req, inChangeRequest);
      const { query } = req;
      const status = query.status ?? 'all';
      const result = req.ctx.store.list<CommentDoc>('comment', {
        parent: scope.space.id,
        order: query.order ?? 'desc',
        where: (c) =>
          c._changeRequest === scope.changeRequest?.id &&
          (status === 'all' || c.status === status) &&
          (query.targetPage === undefined || c._page?.id === query.targetPage) &&
          (query.authors === undefined || query.authors.length === 0 || query.authors.includes(c._postedBy)),
        ...(query.page !== undefined ? { page: query.page } : {}),
        ...(query.limit !== undefined ? { limit: query.limit } : {}),
      });
      return { status: 200, body: { ...result, items: result.items.map((c) => show(req, scope, c)) } };
    },

    post: (req: EitherReq<'postCommentInSpace', 'postCommentInChangeRequest'>) => {
      const scope = contentScopeOf(req, inChangeRequest);
      const { body } = req;
      const at = req.ctx.now().toISOString();
      const comment: CommentDoc = {
        id: req.ctx.store.newId('cm'),
        object: 'comment',
        postedAt: at,
        status: 'open',
        _postedBy: req.caller.userId,
        _markdown: bodyToMarkdown(body.body),
        _space: scope.space.id,
        _revision: scope.revision.id,
        _reactions: {},
      };
      if (scope.changeRequest) comment._changeRequest = scope.changeRequest.id;
      if (body.page !== undefined) {
        const page = findPage(scope.revision.pages, body.page);
        if (!page)
          throw badRequest(
            `page: no page ${body.page} in ${scope.changeRequest ? `change request #${scope.changeRequest.number}` : 'the space'}`,
          );
        comment._page = { id: page.id, title: page.title, path: page.path };
      }
      if (body.node !== undefined) comment._node = body.node;
      if (body.tableCell !== undefined) comment._tableCell = body.tableCell;
      return { status: 200, body: show(req, scope, req.ctx.store.insert('comment', comment, scope.space.id)) };
    },

    get: (req: EitherReq<'getCommentInSpace', 'getCommentInChangeRequest'>) => {
      const scope = contentScopeOf(req, inChangeRequest);
      return { status: 200, body: show(req, scope, commentOf(req, scope)) };
    },

    update: (req: EitherReq<'updateCommentInSpace', 'updateCommentInChangeRequest'>) => {
      const scope = contentScopeOf(req, inChangeRequest);
      const comment = commentOf(req, scope);
      const { body } = req;
      const now = req.ctx.now().toISOString();
      const next: CommentDoc = { ...comment };
      if (body.body !== undefined) {
        if (!mayModify(comment._postedBy, viewer(req))) throw forbidden("edit someone else's comment (only its author or an admin may)");
        next._markdown = bodyToMarkdown(body.body);
        next.editedAt = now;
      }
      if (body.resolved === true && comment.status !== 'resolved')
        Object.assign(next, { status: 'resolved', resolvedAt: now, _resolvedBy: req.caller.userId });
      if (body.resolved === false && comment.status !== 'open') {
        next.status = 'open';
        delete next.resolvedAt;
        delete next._resolvedBy;
      }
      next._reactions = applyReactions(comment._reactions, req.caller.userId, now, body.addedReactions, body.removedReactions);
      return { status: 200, body: show(req, scope, req.ctx.store.put('comment', next)) };
    },

    delete: (req: EitherReq<'deleteCommentInSpace', 'deleteCommentInChangeRequest'>) =>
      deleteIdempotently(() => {
        const scope = contentScopeOf(req, inChangeRequest);
        const comment = req.ctx.store.get<CommentDoc>('comment', req.params.commentId);
        if (!comment || comment._space !== scope.space.id || comment._changeRequest !== scope.changeRequest?.id) return { status: 204 };
        if (!mayModify(comment._postedBy, viewer(req))) throw forbidden("delete someone else's comment (only its author or an admin may)");
        for (const reply of req.ctx.store.all('commentReply', comment.id)) req.ctx.store.delete('commentReply', reply.id);
        req.ctx.store.delete('comment', comment.id);
        return { status: 204 };
      }),

    listReplies: (req: HandlerRequest<'listCommentRepliesInChangeRequest'>) => {
      const scope = contentScopeOf(req, inChangeRequest);
      const comment = commentOf(req, scope);
      const { query } = req;
      const result = req.ctx.store.list<ReplyDoc>('commentReply', {
        parent: comment.id,
        ...(query.page !== undefined ? { page: query.page } : {}),
        ...(query.limit !== undefined ? { limit: query.limit } : {}),
      });
      return { status: 200, body: { ...result, items: result.items.map((r) => presentReply(req.ctx.store, r, comment, viewer(req))) } };
    },

    postReply: (req: EitherReq<'postCommentReplyInSpace', 'postCommentReplyInChangeRequest'>) => {
      const scope = contentScopeOf(req, inChangeRequest);
      const comment = commentOf(req, scope);
      const reply: ReplyDoc = {
        id: req.ctx.store.newId('rp'),
        object: 'comment-reply',
        postedAt: req.ctx.now().toISOString(),
        _postedBy: req.caller.userId,
        _markdown: bodyToMarkdown(req.body.body),
        _comment: comment.id,
        _reactions: {},
      };
      return {
        status: 200,
        body: presentReply(req.ctx.store, req.ctx.store.insert('commentReply', reply, comment.id), comment, viewer(req)),
      };
    },

    getReply: (req: EitherReq<'getCommentReplyInSpace', 'getCommentReplyInChangeRequest'>) => {
      const comment = commentOf(req, contentScopeOf(req, inChangeRequest));
      return { status: 200, body: presentReply(req.ctx.store, replyOf(req, comment), comment, viewer(req)) };
    },

    updateReply: (req: HandlerRequest<'updateCommentReplyInSpace'>) => {
      const comment = commentOf(req, contentScopeOf(req, inChangeRequest));
      const reply = replyOf(req, comment);
      const { body } = req;
      const now = req.ctx.now().toISOString();
      const next: ReplyDoc = { ...reply };
      if (body.body !== undefined) {
        if (!mayModify(reply._postedBy, viewer(req))) throw forbidden("edit someone else's reply (only its author or an admin may)");
        next._markdown = bodyToMarkdown(body.body);
        next.editedAt = now;
      }
      next._reactions = applyReactions(reply._reactions, req.caller.userId, now, body.addedReactions, body.removedReactions);
      return { status: 200, body: presentReply(req.ctx.store, req.ctx.store.put('commentReply', next), comment, viewer(req)) };
    },

    deleteReply: (req: HandlerRequest<'deleteCommentReplyInSpace'>) =>
      deleteIdempotently(() => {
        const scope = contentScopeOf(req, inChangeRequest);
        const comment = req.ctx.store.get<CommentDoc>('comment', req.params.commentId);
        if (!comment || comment._space !== scope.space.id || comment._changeRequest !== scope.changeRequest?.id) return { status: 204 };
        const reply = req.ctx.store.get<ReplyDoc>('commentReply', req.params.commentReplyId);
        if (!reply || reply._comment !== comment.id) return { status: 204 };
        if (!mayModify(reply._postedBy, viewer(req))) throw forbidden("delete someone else's reply (only its author or an admin may)");
        req.ctx.store.delete('commentReply', reply.id);
        return { status: 204 };
      }),
  };
}

const space = handlers(false);
const cr = handlers(true);

export const commentHandlers = {
  listCommentsInSpace: space.list,
  postCommentInSpace: space.post,
  getCommentInSpace: space.get,
  updateCommentInSpace: space.update,
  deleteCommentInSpace: space.delete,
  postCommentReplyInSpace: space.postReply,
  getCommentReplyInSpace: space.getReply,
  updateCommentReplyInSpace: space.updateReply,
  deleteCommentReplyInSpace: space.deleteReply,
  listCommentsInChangeRequest: cr.list,
  postCommentInChangeRequest: cr.post,
  getCommentInChangeRequest: cr.get,
  updateCommentInChangeRequest: cr.update,
  deleteCommentInChangeRequest: cr.delete,
  listCommentRepliesInChangeRequest: cr.listReplies,
  postCommentReplyInChangeRequest: cr.postReply,
  getCommentReplyInChangeRequest: cr.getReply,
} satisfies Partial<Handlers>;
