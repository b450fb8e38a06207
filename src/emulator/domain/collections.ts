import type { z } from 'zod';
import type { Collection } from '../../api/schemas/collection.js';
import { publicFields } from './present.js';
import type { Store } from '../store/store.js';
import type { EmulatorContext } from '../types.js';
import { badRequest, notFound } from '../types.js';
import { collectionPermissions, type MemberRole } from '../access.js';
import { reorder } from './ordered-list.js';

/**
 * Collections group spaces (and other collections) in a tree per organization. Spaces and
 * collections under one parent share an order: a document's sort key is its `_sort` when a move set
 * one, else its creation time (the same rule as spaces' `compareSpaces`).
 */
export interface CollectionDoc {
  id: string;
  object: 'collection';
  title: string;
  description?: string;
  organization: string;
  parent?: string;
  defaultLevel: string | null;
  _createdAt: string;
  _sort?: number;
}

interface Placed {
  id: string;
  parent?: string;
  deletedAt?: string;
  createdAt?: string;
  _createdAt?: string;
  _sort?: number;
}

export function sortKey(doc: Placed): number {
  if (doc._sort !== undefined) return doc._sort;
  const created = Date.parse(doc.createdAt ?? doc._createdAt ?? '');
  return Number.isNaN(created) ? 0 : created;
}

export function getCollection(store: Store, id: string): CollectionDoc {
  const doc = store.get<CollectionDoc>('collection', id);
  if (!doc) throw notFound('Collection');
  return doc;
}

export function presentCollection(ctx: EmulatorContext, doc: CollectionDoc, role: MemberRole | undefined): z.input<typeof Collection> {
  return {
    ...publicFields(doc),
    urls: { location: `${ctx.baseUrl}/v1/collections/${doc.id}`, app: `${ctx.baseUrl}/app/o/${doc.organization}/c/${doc.id}/` },
    permissions: collectionPermissions(role),
  };
}

/** The collection and every collection nested in it, depth first. */
export function subtree(store: Store, orgId: string, rootId: string): CollectionDoc[] {
  const all = store.all<CollectionDoc>('collection', orgId);
  const out: CollectionDoc[] = [];
  const visit = (id: string) => {
    const doc = all.find((c) => c.id === id);
    if (!doc) return;
    out.push(doc);
    for (const child of all) if (child.parent === id) visit(child.id);
  };
  visit(rootId);
  return out;
}

/** The live spaces and collections directly under `parent` (undefined: the top level), in order. */
export function siblings(store: Store, orgId: string, parent: string | undefined): { kind: 'collection' | 'space'; doc: Placed }[] {
  const collections = store.all<Placed>('collection', orgId).filter((c) => c.parent === parent);
  const spaces = store.all<Placed>('space', orgId).filter((s) => s.parent === parent && !s.deletedAt);
  const tagged = [
    ...collections.map((doc) => ({ kind: 'collection' as const, doc })),
    ...spaces.map((doc) => ({ kind: 'space' as const, doc })),
  ];
  const keyed = tagged.map((t, index) => ({ t, index }));
  keyed.sort((a, b) => sortKey(a.t.doc) - sortKey(b.t.doc) || a.index - b.index);
  return keyed.map((k) => k.t);
}

export type Pointer = { type: 'space'; space: string } | { type: 'collection'; collection: string };
const pointerId = (p: Pointer) => (p.type === 'space' ? `space:${p.space}` : `collection:${p.collection}`);

export const INVALID_POSITION = 'Invalid position space or collection provided';

/**
 * Place a space or collection under `parent` at `position` (before/after a sibling; at the end by
 * default) and renumber that parent's children. Returns false when nothing would change; throws 400
 * for a neighbour that is not a child of `parent`.
 */
export function place(
  store: Store,
  orgId: string,
  moving: { kind: 'collection' | 'space'; id: string },
  parent: string | undefined,
  position: { before?: Pointer; after?: Pointer } | undefined,
): boolean {
  const movingKey = `${moving.kind}:${moving.id}`;
  const current = siblings(store, orgId, parent);
  const order = current.map((s) => `${s.kind}:${s.doc.id}`);
  const next = reorder(order, movingKey, {
    ...(position?.before ? { before: pointerId(position.before) } : {}),
    ...(position?.after ? { after: pointerId(position.after) } : {}),
  });
  if (!next) throw badRequest(INVALID_POSITION);
  const movingDoc = store.get<Placed>(moving.kind, moving.id);
  if (!movingDoc) throw notFound(moving.kind === 'space' ? 'Space' : 'Collection');
  const sameParent = movingDoc.parent === parent;
  if (sameParent && next.join('\n') === order.join('\n')) return false;
  next.forEach((key, index) => {
    const [kind, ...rest] = key.split(':');
    const id = rest.join(':');
    const doc = store.get<Placed>(kind as string, id);
    if (!doc) return;
    const updated: Placed = { ...doc, _sort: index };
    if (key === movingKey) {
      if (parent === undefined) delete updated.parent;
      else updated.parent = parent;
    }
    if (updated._sort !== doc._sort || key === movingKey) store.put(kind as string, updated);
  });
  return true;
}
