import type { z } from 'zod';
import type { Comment, CommentReply, CommentTarget, Document, EmojiReaction } from '../../api/schemas/comment.js';
import { can, operationAccess, permissionsFor, type MemberRole } from '../access.js';
import type { Store } from '../store/store.js';
import { documentToMarkdown, markdownToDocument } from './markdown.js';
import { presentUser } from './people.js';
import { cachedRevision } from './revision-cache.js';
import { findPage } from './revisions.js';

/**
 * Comments (kind `comment`, parent = space) and replies (kind `commentReply`, parent = comment).
 * Comments made inside a change request carry `_changeRequest`; the space's own list and counts
 * leave them out. Bodies are stored as markdown and rendered per `format`.
 */

type Reactions = Record<string, { user: string; reactedAt: string }[]>;

export interface CommentDoc {
  id: string;
  object: 'comment';
  postedAt: string;
  editedAt?: string;
  status: 'open' | 'resolved';
  resolvedAt?: string;
  _resolvedBy?: string;
  _postedBy: string;
  _markdown: string;
  _space: string;
  _changeRequest?: string;
  /** Revision the target was found in when the comment was posted. */
  _revision: string;
  _page?: { id: string; title: string; path: string };
  _node?: string;
  _tableCell?: { record: string; definition: string };
  _reactions: Reactions;
}

export interface ReplyDoc {
  id: string;
  object: 'comment-reply';
  postedAt: string;
  editedAt?: string;
  _postedBy: string;
  _markdown: string;
  _comment: string;
  _reactions: Reactions;
}

export type BodyInput = { markdown?: string; document?: unknown } | undefined;
export type Format = 'markdown' | 'document' | undefined;

export function bodyToMarkdown(body: BodyInput): string {
  if (body?.markdown !== undefined) return body.markdown;
  if (body?.document !== undefined) return documentToMarkdown(body.document);
  return '';
}

export function presentBody(markdown: string, format: Format): z.input<typeof Document> {
  return format === 'document' ? { document: markdownToDocument(markdown) } : { markdown };
}

export function applyReactions(
  current: Reactions,
  userId: string,
  now: string,
  added: readonly string[] = [],
  removed: readonly string[] = [],
): Reactions {
  const next: Reactions = structuredClone(current);
  for (const emoji of added) {
    const users = next[emoji] ?? [];
    if (!users.some((u) => u.user === userId)) users.push({ user: userId, reactedAt: now });
    next[emoji] = users;
  }
  for (const emoji of removed) {
    const users = (next[emoji] ?? []).filter((u) => u.user !== userId);
    if (users.length > 0) next[emoji] = users;
    else delete next[emoji];
  }
  return next;
}

function presentReactions(store: Store, reactions: Reactions, baseUrl: string): z.input<typeof EmojiReaction>[] {
  return Object.entries(reactions).map(([emoji, users]) => ({
    emoji,
    count: users.length,
    users: users.map((u) => ({ user: presentUser(store, u.user, baseUrl), reactedAt: u.reactedAt })),
  }));
}

export interface Viewer {
  userId: string;
  role: MemberRole | undefined;
  baseUrl: string;
  format?: Format;
}

/**
 * Authors may edit and delete what they wrote; admins may edit and delete anything. Either way the
 * caller needs the role the router asks for editing comments: an author demoted to `read` since
 * can no longer change what they wrote, and their `permissions` say so.
 */
export const mayModify = (authorId: string, viewer: Pick<Viewer, 'userId' | 'role'>): boolean =>
  can(viewer.role, operationAccess.updateCommentInSpace ?? 'comment') && (authorId === viewer.userId || can(viewer.role, 'admin'));

function permissions(authorId: string, viewer: Viewer): Record<string, boolean> {
  const own = mayModify(authorId, viewer);
  const perms = permissionsFor(viewer.role, { view: 'getCommentInSpace', reply: 'postCommentReplyInSpace' });
  return { view: perms.view, edit: own, reply: perms.reply, delete: own };
}

export function commentLocation(baseUrl: string, c: Pick<CommentDoc, 'id' | '_space' | '_changeRequest'>): string {
  const scope = c._changeRequest ? `/change-requests/${c._changeRequest}` : '';
  return `${baseUrl}/v1/spaces/${c._space}${scope}/comments/${c.id}`;
}

/** The comment's page as the spec's target `page`: `outdated` when it is gone from the current content. */
function targetPage(store: Store, c: CommentDoc, currentRevision: string): z.input<typeof CommentTarget>['page'] {
  if (!c._page) return undefined;
  // The revision is parsed once and shared; a revision that is gone answers undefined.
  const revision = cachedRevision(store, currentRevision);
  const current = revision ? findPage(revision.pages, c._page.id) : undefined;
  const page = current ?? c._page;
  const out: NonNullable<z.input<typeof CommentTarget>['page']> = {
    id: page.id,
    title: page.title,
    path: page.path,
    outdated: current === undefined,
  };
  if (current?.emoji) out.emoji = current.emoji;
  if (current?.createdAt) out.createdAt = current.createdAt;
  if (current?.updatedAt) out.updatedAt = current.updatedAt;
  return out;
}

export function presentComment(store: Store, c: CommentDoc, viewer: Viewer, currentRevision: string): z.input<typeof Comment> {
  const target: z.input<typeof CommentTarget> = { space: c._space, revision: c._revision };
  if (c._changeRequest) target.changeRequest = c._changeRequest;
  const page = targetPage(store, c, currentRevision);
  if (page) target.page = page;
  if (c._node) target.node = { id: c._node };
  if (c._tableCell) target.tableCell = c._tableCell;
  const out: z.input<typeof Comment> = {
    object: 'comment',
    id: c.id,
    postedBy: presentUser(store, c._postedBy, viewer.baseUrl),
    postedAt: c.postedAt,
    reactions: presentReactions(store, c._reactions, viewer.baseUrl),
    replies: store.countChildren('commentReply', c.id),
    body: presentBody(c._markdown, viewer.format),
    target,
    urls: { location: commentLocation(viewer.baseUrl, c) },
    permissions: permissions(c._postedBy, viewer),
    status: c.status,
  };
  if (c.editedAt) out.editedAt = c.editedAt;
  if (c.status === 'resolved') {
    out.resolvedAt = c.resolvedAt;
    out.resolvedBy = presentUser(store, c._resolvedBy ?? c._postedBy, viewer.baseUrl);
  }
  return out;
}

export function presentReply(store: Store, r: ReplyDoc, comment: CommentDoc, viewer: Viewer): z.input<typeof CommentReply> {
  const out: z.input<typeof CommentReply> = {
    object: 'comment-reply',
    id: r.id,
    postedBy: presentUser(store, r._postedBy, viewer.baseUrl),
    postedAt: r.postedAt,
    reactions: presentReactions(store, r._reactions, viewer.baseUrl),
    body: presentBody(r._markdown, viewer.format),
    urls: { location: `${commentLocation(viewer.baseUrl, comment)}/replies/${r.id}` },
    permissions: permissions(r._postedBy, viewer),
  };
  if (r.editedAt) out.editedAt = r.editedAt;
  return out;
}
