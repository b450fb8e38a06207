import type { z } from 'zod';
import type { Space } from '../../api/schemas/space.js';
import type { Store } from '../store/store.js';
import { notFound, preconditionFailed } from '../types.js';
import { spacePermissions, type MemberRole } from '../access.js';
import {
  buildFile,
  buildPages,
  createRevision,
  type FileEntry,
  type FileInput,
  type PageInput,
  type PageNode,
  type RevisionDoc,
} from './revisions.js';
import { presentGitSync, type GitInfoDoc } from './git-info.js';
import { dropLinkIndex } from './links.js';
import { publicFields } from './present.js';

/** Deleted spaces can be restored for 7 days (contract Limits), then they are gone. */
export const SPACE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export type Visibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth' | 'in-collection' | 'private';

export interface SpaceDoc {
  id: string;
  object: 'space';
  title: string;
  emoji: string;
  visibility: Visibility;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  editMode: 'live' | 'locked';
  organization: string;
  parent?: string;
  language?: string;
  revision: string;
  defaultLevel: string | null;
  icon?: string;
  /** Last change request number handed out in this space. */
  _crCounter: number;
  /** Sort key among the spaces of the same parent (moves set it; otherwise insertion order). */
  _sort?: number;
}

export interface CreateSpaceInput {
  /** Seeds give ids; otherwise one is generated. */
  id?: string;
  organization: string;
  title: string;
  emoji?: string;
  parent?: string;
  visibility?: Visibility;
  pages?: readonly PageInput[];
  files?: readonly FileInput[];
  /** Content taken as is (duplicating a space), instead of `pages`/`files`. */
  content?: { pages: PageNode[]; files: FileEntry[] };
}

export function createSpace(store: Store, now: Date, input: CreateSpaceInput): SpaceDoc {
  return store.tx(() => {
    const at = now.toISOString();
    const id = input.id ?? store.newId('sp');
    const revision = createRevision(store, {
      space: id,
      parents: [],
      pages: input.content?.pages ?? buildPages(store, input.pages ?? [], at),
      files: input.content?.files ?? (input.files ?? []).map((file) => buildFile(store, file)),
      createdAt: at,
      type: 'edits',
    });
    const space: SpaceDoc = {
      id,
      object: 'space',
      title: input.title,
      emoji: input.emoji ?? '',
      visibility: input.visibility ?? (input.parent ? 'in-collection' : 'private'),
      createdAt: at,
      updatedAt: at,
      editMode: 'live',
      organization: input.organization,
      revision: revision.id,
      defaultLevel: null,
      _crCounter: 0,
    };
    if (input.parent) space.parent = input.parent;
    return store.insert('space', space, input.organization);
  });
}

/** The space, or 404 when it does not exist or is deleted (restorable or not). */
export function getLiveSpace(store: Store, id: string): SpaceDoc {
  const space = store.get<SpaceDoc>('space', id);
  if (!space || space.deletedAt) throw notFound('Space');
  return space;
}

/**
 * A locked space (editMode `locked`) takes no content changes: imports, templates, merges and Git
 * imports into it answer 412. Change requests can still be created and edited; merging them waits.
 */
export function assertEditable(space: SpaceDoc, action: string): void {
  if (space.editMode === 'locked') {
    throw preconditionFailed(`The space is locked (editMode "locked"), so it cannot be ${action}; set editMode to "live" first`);
  }
}

export const isLive = (space: SpaceDoc): boolean => !space.deletedAt;

export function isExpired(space: SpaceDoc, now: Date): boolean {
  return space.deletedAt !== undefined && now.getTime() - Date.parse(space.deletedAt) > SPACE_RETENTION_MS;
}

/** Remove a space and everything that hangs off it (revisions, change requests, comments, git info). */
export function purgeSpace(store: Store, id: string): void {
  store.tx(() => {
    for (const rev of store.all<RevisionDoc>('revision', id)) store.delete('revision', rev.id);
    for (const cr of store.all('changeRequest', id)) store.delete('changeRequest', cr.id);
    for (const comment of store.all('comment', id)) {
      for (const reply of store.all('commentReply', comment.id)) store.delete('commentReply', reply.id);
      store.delete('comment', comment.id);
    }
    store.delete('gitInfo', id);
    dropLinkIndex(store, id);
    store.delete('space', id);
  });
}

/** Purge the deleted spaces of an organization whose retention ran out (done lazily, on reads). */
export function purgeExpiredSpaces(store: Store, organization: string, now: Date): void {
  for (const space of store.all<SpaceDoc>('space', organization)) if (isExpired(space, now)) purgeSpace(store, space.id);
}

/** Point a space at a new revision. */
export function setSpaceRevision(store: Store, space: SpaceDoc, revision: string, now: Date): SpaceDoc {
  return store.put('space', { ...space, revision, updatedAt: now.toISOString() });
}

/** Order of spaces under one parent: moved spaces by sort key, others by creation. */
export function compareSpaces(a: SpaceDoc, b: SpaceDoc): number {
  const ka = a._sort ?? Date.parse(a.createdAt);
  const kb = b._sort ?? Date.parse(b.createdAt);
  return ka - kb || a.createdAt.localeCompare(b.createdAt);
}

/* ---------- presentation ---------- */

/** Open comments on the space itself (comments inside change requests are counted there). */
export function openSpaceComments(store: Store, spaceId: string): number {
  return store.countWhere('comment', spaceId, { status: 'open', _changeRequest: null });
}

function changeRequestCounts(store: Store, spaceId: string): { total: number; open: number; draft: number } {
  const byStatus = store.countByField('changeRequest', spaceId, 'status');
  return {
    total: [...byStatus.values()].reduce((sum, n) => sum + n, 0),
    open: byStatus.get('open') ?? 0,
    draft: byStatus.get('draft') ?? 0,
  };
}

export function spaceUrls(space: SpaceDoc, baseUrl: string): Record<string, string> {
  const urls: Record<string, string> = {
    location: `${baseUrl}/v1/spaces/${space.id}`,
    app: `${baseUrl}/app/o/${space.organization}/s/${space.id}/`,
  };
  if (space.visibility !== 'private') urls.published = `${baseUrl}/published/${space.id}/`;
  if (space.visibility === 'public') urls.public = `${baseUrl}/public/${space.id}/`;
  if (space.icon) urls.icon = space.icon;
  return urls;
}

/** The full Space resource, as the caller (with `callerRole` in the space's organization) sees it. */
export function presentSpace(store: Store, space: SpaceDoc, callerRole: MemberRole | undefined, baseUrl: string): z.input<typeof Space> {
  const crs = changeRequestCounts(store, space.id);
  const gitInfo = store.get<GitInfoDoc>('gitInfo', space.id);
  return {
    ...publicFields(space, ['icon']),
    ...(gitInfo ? { gitSync: presentGitSync(gitInfo) } : {}),
    urls: spaceUrls(space, baseUrl),
    comments: openSpaceComments(store, space.id),
    changeRequests: crs.total,
    changeRequestsOpen: crs.open,
    changeRequestsDraft: crs.draft,
    permissions: spacePermissions(callerRole),
  };
}
