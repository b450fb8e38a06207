import type { Comment, CommentReply, Document } from '../../api/schemas/comment.js';
import type { User } from '../../api/schemas/common.js';
import type { Columns, Output } from '../output.js';

/* `docs comments ...` and `docs comments replies ...`: columns and fields (their flags: flags/comments.ts). */

export const userName = (user: User | undefined): string | undefined => user?.displayName ?? user?.email ?? user?.id;

/** The body as text: markdown when the server sent it, else a marker (ask with --format markdown). */
export function bodyText(body: Document | undefined): string {
  if (body?.markdown !== undefined) return body.markdown;
  return body?.document ? '[document: use --format markdown to read it]' : '';
}

const firstLine = (text: string): string =>
  text
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim() ?? '';

export const reactionsText = (item: Pick<Comment, 'reactions'>): string =>
  (item.reactions ?? []).map((r) => `${r.emoji} ${r.count ?? r.users?.length ?? 1}`).join(' ');

const pageOf = (c: Comment): string | undefined => {
  const page = c.target?.page;
  if (!page) return undefined;
  const label = page.title ?? page.path ?? page.id;
  return page.outdated ? `${label} (removed)` : label;
};

/** `docs comments list`: the id first, since it is what the other comment commands take. */
export const commentColumns: Columns<Comment> = {
  ID: 'id',
  STATUS: 'status',
  AUTHOR: (c) => userName(c.postedBy),
  PAGE: pageOf,
  REPLIES: 'replies',
  POSTED: 'postedAt',
  COMMENT: (c) => firstLine(bodyText(c.body)),
};

/** `docs comments get` (the body is printed below these on a terminal). */
export const commentFields: Columns<Comment> = {
  ID: 'id',
  Status: (c) => (c.status === 'resolved' ? `resolved by ${userName(c.resolvedBy) ?? '?'} at ${c.resolvedAt ?? '?'}` : c.status),
  Author: (c) => userName(c.postedBy),
  Posted: 'postedAt',
  Edited: 'editedAt',
  Page: (c) => (c.target?.page ? `${pageOf(c)} (${c.target.page.id})` : undefined),
  'Change request': (c) => c.target?.changeRequest,
  Replies: 'replies',
  Reactions: reactionsText,
  URL: (c) => c.urls?.location,
};

/** The key fields printed as one TSV row after a change when stdout is piped. */
export const commentRow: Columns<Comment> = { ID: 'id', STATUS: 'status', REPLIES: 'replies', AUTHOR: (c) => userName(c.postedBy) };

export const replyColumns: Columns<CommentReply> = {
  ID: 'id',
  AUTHOR: (r) => userName(r.postedBy),
  POSTED: 'postedAt',
  REACTIONS: reactionsText,
  REPLY: (r) => firstLine(bodyText(r.body)),
};

export const replyFields: Columns<CommentReply> = {
  ID: 'id',
  Author: (r) => userName(r.postedBy),
  Posted: 'postedAt',
  Edited: 'editedAt',
  Reactions: reactionsText,
  URL: (r) => r.urls?.location,
};

export const replyRow: Columns<CommentReply> = { ID: 'id', AUTHOR: (r) => userName(r.postedBy), POSTED: 'postedAt' };

/**
 * A comment or reply: its fields, then on a terminal the whole body below them (markdown keeps its
 * lines); piped, the body is one more `Body<TAB>text` row; --json, the object.
 */
export function showPosted<T extends { body?: Document }>(output: Output, item: T, fields: Columns<T>): void {
  if (output.mode !== 'table') return output.object(item, { ...fields, Body: (i: T) => bodyText(i.body) });
  output.object(item, fields);
  output.line('');
  output.line(bodyText(item.body));
}
