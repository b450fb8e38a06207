import type { Space } from '../../api/schemas/space.js';
import type { SearchSpaceResult } from '../../api/schemas/search.js';
import type { Columns } from '../output.js';

/** How spaces are shown (`docs spaces ...`, `docs collections spaces`). */

/** `👋 Title` when the space has an emoji. */
export const spaceTitle = (space: Pick<Space, 'title' | 'emoji'>): string => (space.emoji ? `${space.emoji} ${space.title}` : space.title);

/** A space's default level: a role, `inherit`, or null for guest access. */
export const levelText = (level: string | null | undefined): string | undefined => (level === null ? 'guest' : level);

/** `docs collections spaces`: the id first (what the other commands take). */
export const spaceColumns: Columns<Space> = {
  ID: 'id',
  TITLE: 'title',
  VISIBILITY: 'visibility',
  'EDIT MODE': 'editMode',
  'OPEN CRS': 'changeRequestsOpen',
  UPDATED: 'updatedAt',
};

/** `docs spaces get`. */
export const spaceFields: Columns<Space> = {
  ID: 'id',
  Title: spaceTitle,
  Visibility: 'visibility',
  'Edit mode': 'editMode',
  'Default level': (s) => levelText(s.defaultLevel),
  Language: 'language',
  Organization: 'organization',
  Collection: (s) => s.parent ?? '(top level)',
  Revision: 'revision',
  'Change requests': (s) =>
    s.changeRequests === undefined
      ? undefined
      : `${s.changeRequestsOpen ?? 0} open, ${s.changeRequestsDraft ?? 0} draft, ${s.changeRequests} in all`,
  Comments: 'comments',
  'Git sync': (s) => (s.gitSync ? [s.gitSync.repoName, s.gitSync.url].filter(Boolean).join(' ') || 'yes' : undefined),
  Created: 'createdAt',
  Updated: 'updatedAt',
  Deleted: (s) => (s.deletedAt ? `${s.deletedAt} (restorable for 7 days: docs spaces restore ${s.id})` : undefined),
  URL: (s) => s.urls?.app,
};

/** The key fields printed as one TSV row after a change when stdout is piped. */
export const spaceRow: Columns<Space> = { ID: 'id', TITLE: 'title', COLLECTION: 'parent', ORGANIZATION: 'organization' };

/** `docs spaces search`: the page, where, and which of its sections matched. */
export const searchColumns: Columns<SearchSpaceResult> = {
  TITLE: 'title',
  PATH: 'path',
  SECTIONS: (r) =>
    (r.sections ?? [])
      .map((s) => s.title)
      .filter(Boolean)
      .join(', '),
  'PAGE ID': 'id',
};
