import type { Operation, OperationParams, OperationResult } from '../operation.js';
import { changeRequestComments } from './change-request-comments.js';
import { changeRequestContent } from './change-request-content.js';
import { comments } from './comments.js';
import { content } from './content.js';

/**
 * A space operation and its change request twin: the same call under
 * `…/change-requests/{changeRequestId}/…`, with the same query, body and answer.
 */
export interface Twin<S extends Operation = Operation, C extends Operation = Operation> {
  readonly space: S;
  readonly changeRequest: C;
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The twin takes what the space operation takes plus `changeRequestId`, and answers the same shape. */
type Twins<S, C> =
  Same<Omit<OperationParams<C>, 'changeRequestId'>, OperationParams<S>> extends true
    ? Same<OperationResult<C>, OperationResult<S>> extends true
      ? unknown
      : never
    : never;

/** Pairs two operations; a pair whose params or answer differ does not compile. */
const twin = <S extends Operation, C extends Operation>(space: S, changeRequest: C & Twins<S, C>): Twin<S, C> => ({
  space,
  changeRequest,
});

/** The content of a space and of a change request (`spaces pages [--cr]`, `cr pages`). */
export const contentTwins = {
  getRevision: twin(content.getRevision, changeRequestContent.getRevision),
  import: twin(content.import, changeRequestContent.import),
  listPages: twin(content.listPages, changeRequestContent.listPages),
  listFiles: twin(content.listFiles, changeRequestContent.listFiles),
  getFile: twin(content.getFile, changeRequestContent.getFile),
  listFileBacklinks: twin(content.listFileBacklinks, changeRequestContent.listFileBacklinks),
  getPage: twin(content.getPage, changeRequestContent.getPage),
  // listPageLinks is left out: only the space's takes a `status` filter, which the twin would not check.
} as const;

/** Comments of a space and of a change request (`comments … [--cr]`). */
export const commentTwins = {
  list: twin(comments.list, changeRequestComments.list),
  create: twin(comments.create, changeRequestComments.create),
  get: twin(comments.get, changeRequestComments.get),
  update: twin(comments.update, changeRequestComments.update),
  delete: twin(comments.delete, changeRequestComments.delete),
  getReply: twin(comments.getReply, changeRequestComments.getReply),
  // createReply is left out: only the change request's takes a `format` query.
} as const;
