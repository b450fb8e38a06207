import type { z } from 'zod';
import type { ChangeRequest, MergeResult } from '../../api/schemas/change-request.js';
import { publicFields } from './present.js';
import type { Store } from '../store/store.js';
import { conflict, HttpError } from '../types.js';
import { mergeContent, type Conflict } from './merge.js';
import { presentUser } from './people.js';
import { createRevision, getRevision, type RevisionDoc } from './revisions.js';
import { assertEditable, setSpaceRevision, type SpaceDoc } from './spaces.js';

export type ChangeRequestStatus = 'draft' | 'open' | 'archived' | 'merged';

export interface ChangeRequestDoc {
  id: string;
  object: 'change-request';
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  createdAt: string;
  updatedAt: string;
  /** The change request's own content. */
  revision: string;
  /** The space revision it was created from. */
  revisionInitial: string;
  /** The space revision last pulled in by update-from-main. */
  revisionMergedAncestor?: string;
  revisionMerged?: string;
  _space: string;
  _createdBy: string;
  /** Users who created or changed its content (the `contributor` filter). */
  _contributors: string[];
  _agentTaskId?: string;
}

/**
 * New change requests are `open`: the list's default filter is `open`, so what was just created
 * shows up in the default listing. `draft` is reached (and left) with PATCH status.
 */
export const DEFAULT_CHANGE_REQUEST_STATUS: ChangeRequestStatus = 'open';

export function createChangeRequest(
  store: Store,
  space: SpaceDoc,
  input: { id?: string; subject?: string; createdBy: string; now: Date; agentTaskId?: string; status?: ChangeRequestStatus },
): ChangeRequestDoc {
  return store.tx(() => {
    const fresh = store.get<SpaceDoc>('space', space.id) ?? space;
    const number = fresh._crCounter + 1;
    store.put('space', { ...fresh, _crCounter: number });
    const at = input.now.toISOString();
    const cr: ChangeRequestDoc = {
      id: input.id ?? store.newId('cr'),
      object: 'change-request',
      number,
      status: input.status ?? DEFAULT_CHANGE_REQUEST_STATUS,
      subject: input.subject ?? '',
      createdAt: at,
      updatedAt: at,
      revision: fresh.revision,
      revisionInitial: fresh.revision,
      _space: space.id,
      _createdBy: input.createdBy,
      _contributors: [input.createdBy],
    };
    if (input.agentTaskId) cr._agentTaskId = input.agentTaskId;
    return store.insert('changeRequest', cr, space.id);
  });
}

/**
 * PATCH of a change request: its subject and status. `merged` is reached only by merging (the body's
 * schema refuses it), and a merged one keeps its status. `updatedAt` moves only when something changed.
 */
export function editChangeRequest(
  store: Store,
  cr: ChangeRequestDoc,
  edit: { subject?: string | undefined; status?: Exclude<ChangeRequestStatus, 'merged'> | undefined },
  now: Date,
): ChangeRequestDoc {
  if (edit.status !== undefined && cr.status === 'merged')
    throw conflict(`Change request #${cr.number} is merged; its status cannot change`);
  const subject = edit.subject ?? cr.subject;
  const status = edit.status ?? cr.status;
  if (subject === cr.subject && status === cr.status) return cr;
  return store.put('changeRequest', { ...cr, subject, status, updatedAt: now.toISOString() });
}

/** A change request of the space by id or by number (contract Conventions 6). */
export function resolveChangeRequest(store: Store, spaceId: string, idOrNumber: string): ChangeRequestDoc {
  const byId = store.get<ChangeRequestDoc>('changeRequest', idOrNumber);
  if (byId && byId._space === spaceId) return byId;
  if (/^\d+$/.test(idOrNumber)) {
    const number = Number(idOrNumber);
    const byNumber = store.find<ChangeRequestDoc>('changeRequest', (cr) => cr.number === number, spaceId);
    if (byNumber) return byNumber;
  }
  throw new HttpError(404, 'The change request could not be found.');
}

export const baseOf = (cr: ChangeRequestDoc): string => cr.revisionMergedAncestor ?? cr.revisionInitial;

export function isOutdated(cr: ChangeRequestDoc, space: SpaceDoc): boolean {
  return cr.status !== 'merged' && space.revision !== baseOf(cr);
}

export function openChangeRequestComments(store: Store, spaceId: string, crId: string): number {
  return store.countWhere('comment', spaceId, { status: 'open', _changeRequest: crId });
}

export function changeRequestUrls(cr: ChangeRequestDoc, space: SpaceDoc, baseUrl: string): { app: string; location: string } {
  return {
    app: `${baseUrl}/app/o/${space.organization}/s/${space.id}/~/changes/${cr.number}/`,
    location: `${baseUrl}/v1/spaces/${space.id}/change-requests/${cr.id}`,
  };
}

export function presentChangeRequest(store: Store, cr: ChangeRequestDoc, space: SpaceDoc, baseUrl: string): z.input<typeof ChangeRequest> {
  return {
    ...publicFields(cr),
    createdBy: presentUser(store, cr._createdBy, baseUrl),
    comments: openChangeRequestComments(store, cr._space, cr.id),
    outdated: isOutdated(cr, space),
    urls: changeRequestUrls(cr, space, baseUrl),
  };
}

/** A change request that is done (merged) or shelved (archived) takes no more merges or updates. */
export function assertActive(cr: ChangeRequestDoc, action: string): void {
  if (cr.status === 'merged') throw conflict(`Change request #${cr.number} is already merged; it cannot be ${action}`);
  if (cr.status === 'archived')
    throw conflict(`Change request #${cr.number} is archived; reopen it (status open or draft) before it can be ${action}`);
}

const NAMED = 10;

/** One sentence, the same for merge and update: which pages stand in the way, by title and path. */
export function conflictMessage(cr: ChangeRequestDoc, conflicts: readonly Conflict[]): string {
  const names = conflicts.slice(0, NAMED).map((c) => `"${c.title}" (${c.path})`);
  const more = conflicts.length > NAMED ? ` and ${conflicts.length - NAMED} more` : '';
  const what = conflicts.length === 1 ? 'page' : 'pages';
  return `Change request #${cr.number} conflicts with the primary content; ${what} changed on both sides: ${names.join(', ')}${more}`;
}

const conflicted = (revision: string, cr: ChangeRequestDoc, conflicts: Conflict[]): MergeResult => ({
  revision,
  result: 'conflicts',
  conflicts,
  message: conflictMessage(cr, conflicts),
});

/** Apply the change request's changes onto the space's current content (three-way, by page). */
export function mergeChangeRequest(store: Store, space: SpaceDoc, cr: ChangeRequestDoc, now: Date): MergeResult {
  assertActive(cr, 'merged');
  assertEditable(space, 'merged into');
  return store.tx(() => {
    const [base, ours, theirs] = [getRevision(store, baseOf(cr)), getRevision(store, space.revision), getRevision(store, cr.revision)];
    const outcome = mergeContent(base, ours, theirs);
    if (!outcome.ok) return conflicted(space.revision, cr, outcome.conflicts);
    const at = now.toISOString();
    const merged: RevisionDoc = createRevision(store, {
      space: space.id,
      parents: [space.revision, cr.revision],
      pages: outcome.pages,
      files: outcome.files,
      createdAt: at,
      type: 'merge',
      mergedFrom: cr.id,
    });
    setSpaceRevision(store, space, merged.id, now);
    store.put('changeRequest', { ...cr, status: 'merged', revisionMerged: merged.id, updatedAt: at });
    return { revision: merged.id, result: 'merge' };
  });
}

/** Bring the space's changes since the change request's base into it (three-way, by page). */
export function updateChangeRequestFromMain(store: Store, space: SpaceDoc, cr: ChangeRequestDoc, now: Date): MergeResult {
  assertActive(cr, 'updated');
  return store.tx(() => {
    const at = now.toISOString();
    if (space.revision === baseOf(cr)) return { revision: cr.revision, result: 'update' };
    const [base, ours, theirs] = [getRevision(store, baseOf(cr)), getRevision(store, cr.revision), getRevision(store, space.revision)];
    const outcome = mergeContent(base, ours, theirs);
    if (!outcome.ok) return conflicted(cr.revision, cr, outcome.conflicts);
    const updated = createRevision(store, {
      space: space.id,
      parents: [cr.revision, space.revision],
      pages: outcome.pages,
      files: outcome.files,
      createdAt: at,
      type: 'update',
    });
    store.put('changeRequest', { ...cr, revision: updated.id, revisionMergedAncestor: space.revision, updatedAt: at });
    return { revision: updated.id, result: 'update' };
  });
}

/** Point a change request at new content (imports), recording the contributor. */
export function setChangeRequestRevision(
  store: Store,
  cr: ChangeRequestDoc,
  revision: string,
  userId: string,
  now: Date,
): ChangeRequestDoc {
  const contributors = cr._contributors.includes(userId) ? cr._contributors : [...cr._contributors, userId];
  return store.put('changeRequest', { ...cr, revision, _contributors: contributors, updatedAt: now.toISOString() });
}
