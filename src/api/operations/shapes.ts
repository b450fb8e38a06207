import type { z } from 'zod';
import { defineList, defineOperation } from '../operation.js';
import {
  Comment,
  CommentListQuery,
  CommentReply,
  FormatQuery,
  PostCommentBody,
  PostCommentReplyBody,
  UpdateCommentBody,
} from '../schemas/comment.js';
import { listQuery } from '../schemas/common.js';
import {
  Backlink,
  ImportContentBody,
  ImportResult,
  LinkList,
  Page,
  PageQuery,
  PageTree,
  Revision,
  RevisionFile,
  RevisionQuery,
  revisionQueryShape,
} from '../schemas/content.js';
import { lazy } from '../schemas/lazy.js';

/*
 * A space and each of its change requests answer the same comment and content operations under
 * their own path: one shape each, built here for both scopes, so the two tables cannot drift.
 * Ids, paths and schemas stay exactly the contract's (test/api/coverage.test.ts checks them).
 */

/** Comments and replies under `base` (`…/comments`); `scope` ends the ids (`InSpace`), `noun` names the owner in summaries. */
export function commentOperations<const B extends string, const S extends string>(base: B, scope: S, noun: string) {
  return {
    list: defineList({
      id: `listComments${scope}`,
      path: base,
      summary: `List the comments of ${noun}`,
      query: CommentListQuery,
      item: Comment,
    }),
    create: defineOperation({
      id: `postComment${scope}`,
      method: 'POST',
      path: base,
      summary: `Post a comment in ${noun}`,
      body: PostCommentBody,
      bodyRequired: true,
      success: [200],
      response: Comment,
    }),
    get: defineOperation({
      id: `getComment${scope}`,
      method: 'GET',
      path: `${base}/{commentId}`,
      summary: `Get a comment of ${noun}`,
      query: FormatQuery,
      response: Comment,
    }),
    update: defineOperation({
      id: `updateComment${scope}`,
      method: 'PUT',
      path: `${base}/{commentId}`,
      summary: `Edit, resolve or react to a comment of ${noun}`,
      body: UpdateCommentBody,
      bodyRequired: true,
      success: [200],
      response: Comment,
    }),
    delete: defineOperation({
      id: `deleteComment${scope}`,
      method: 'DELETE',
      path: `${base}/{commentId}`,
      summary: `Delete a comment of ${noun}`,
    }),
    getReply: defineOperation({
      id: `getCommentReply${scope}`,
      method: 'GET',
      path: `${base}/{commentId}/replies/{commentReplyId}`,
      summary: `Get a reply to a comment of ${noun}`,
      query: FormatQuery,
      response: CommentReply,
    }),
  } as const;
}

/** A reply's POST; the change request one also takes `format` (contract), the space one no query (`undefined`). */
export function createReplyOperation<const B extends string, const I extends string, Q extends z.ZodType | undefined>(
  base: B,
  id: I,
  noun: string,
  query: Q,
) {
  return defineOperation({
    id,
    method: 'POST',
    path: `${base}/{commentId}/replies`,
    summary: `Reply to a comment of ${noun}`,
    query,
    body: PostCommentReplyBody,
    bodyRequired: true,
    success: [200],
    response: CommentReply,
  });
}

/**
 * Content under `base` (`…/content`): the revision, imports, pages, files, backlinks and links.
 * `revision` says which one the scope reads (`current`, `latest`); `linksQuery` is the page links'
 * query (the space's filters by status, the change request's does not). The contract names the
 * ids irregularly, so each is given; one type parameter each keeps them literal types (client
 * method names).
 */
export function contentOperations<
  const B extends string,
  const I1 extends string,
  const I2 extends string,
  const I3 extends string,
  const I4 extends string,
  const I5 extends string,
  const I6 extends string,
  const I7 extends string,
  const I8 extends string,
  LQ extends z.ZodType,
>(
  base: B,
  ids: { getRevision: I1; import: I2; listPages: I3; listFiles: I4; getFile: I5; listFileBacklinks: I6; getPage: I7; listPageLinks: I8 },
  noun: string,
  revision: string,
  linksQuery: LQ,
) {
  return {
    getRevision: defineOperation({
      id: ids.getRevision,
      method: 'GET',
      path: base,
      summary: `Get the ${revision} revision of ${noun}`,
      query: RevisionQuery,
      response: Revision,
    }),
    import: defineOperation({
      id: ids.import,
      method: 'POST',
      path: `${base}/import`,
      summary: `Import content into ${noun} from a URL`,
      body: ImportContentBody,
      bodyRequired: true,
      success: [201],
      response: ImportResult,
    }),
    listPages: defineOperation({
      id: ids.listPages,
      method: 'GET',
      path: `${base}/pages`,
      summary: `List the pages of ${noun} (as a tree)`,
      query: RevisionQuery,
      response: PageTree,
    }),
    listFiles: defineList({
      id: ids.listFiles,
      path: `${base}/files`,
      summary: `List the files of ${noun}`,
      query: lazy(() => listQuery(revisionQueryShape)),
      item: RevisionFile,
    }),
    getFile: defineOperation({
      id: ids.getFile,
      method: 'GET',
      path: `${base}/files/{fileId}`,
      summary: `Get a file of ${noun}`,
      query: RevisionQuery,
      response: RevisionFile,
    }),
    listFileBacklinks: defineList({
      id: ids.listFileBacklinks,
      path: `${base}/files/{fileId}/backlinks`,
      summary: `List the places where a file of ${noun} is used`,
      item: Backlink,
    }),
    getPage: defineOperation({
      id: ids.getPage,
      method: 'GET',
      path: `${base}/page/{pageId}`,
      summary: `Get a page of ${noun}`,
      query: PageQuery,
      response: Page,
    }),
    listPageLinks: defineOperation({
      id: ids.listPageLinks,
      method: 'GET',
      path: `${base}/page/{pageId}/links`,
      summary: `List the links in a page of ${noun}`,
      query: linksQuery,
      response: LinkList,
      paginated: true,
    }),
  } as const;
}
