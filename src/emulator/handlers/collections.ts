import type { EmulatorContext, Handlers } from '../types.js';
import { badRequest, conflict, listed, preconditionFailed } from '../types.js';
import { can, operationAccess, roleOf } from '../access.js';
import { getCollection, INVALID_POSITION, place, presentCollection, sortKey, subtree, type CollectionDoc } from '../domain/collections.js';
import { compareKeys, pageByKey, type SortKey } from '../domain/ordered-list.js';
import { presentSpace, type SpaceDoc } from '../domain/spaces.js';

/**
 * Where a space or collection sits among its siblings (see `sortKey`), then insertion order: the
 * key lists are sorted and paged by, so a page cursor survives items being added or removed.
 */
const placeKey = (entry: { seq: number; doc: Parameters<typeof sortKey>[0] }): SortKey => [sortKey(entry.doc), entry.seq];
const byPlace = (a: Parameters<typeof placeKey>[0], b: Parameters<typeof placeKey>[0]) => compareKeys(placeKey(a), placeKey(b));

/** A collection of the organization usable as a parent, or 400 naming the field. */
function parentCollection(ctx: EmulatorContext, orgId: string, id: string, field: string): CollectionDoc {
  const parent = ctx.store.get<CollectionDoc>('collection', id);
  if (!parent || parent.organization !== orgId) throw badRequest(`${field}: no collection "${id}" in this organization`);
  return parent;
}

export const collectionHandlers = {
  listCollectionsInOrganizationById: ({ ctx, params, query: q, access }) => {
    const all = ctx.store.allWithSeq<CollectionDoc>('collection', params.organizationId);
    const wanted = q.nested === false ? all.filter((c) => c.doc.parent === undefined) : all;
    const page = pageByKey(wanted.sort(byPlace), placeKey, q.page, q.limit);
    return listed(page, (c) => presentCollection(ctx, c.doc, access?.role));
  },

  createCollection: ({ ctx, params, body, access }) => {
    const input = body ?? {};
    const orgId = params.organizationId;
    if (input.parent !== undefined) parentCollection(ctx, orgId, input.parent, 'body.parent');
    const doc: CollectionDoc = {
      id: ctx.store.newId('col'),
      object: 'collection',
      title: input.title ?? 'Untitled',
      organization: orgId,
      ...(input.parent !== undefined ? { parent: input.parent } : {}),
      defaultLevel: 'inherit',
      _createdAt: ctx.now().toISOString(),
    };
    ctx.store.insert('collection', doc, orgId);
    const presented = presentCollection(ctx, doc, access?.role);
    return { status: 201, body: presented, headers: { location: `${ctx.baseUrl}/v1/collections/${doc.id}` } };
  },

  getCollectionById: ({ ctx, params, access }) => ({
    status: 200,
    body: presentCollection(ctx, getCollection(ctx.store, params.collectionId), access?.role),
  }),

  updateCollectionById: ({ ctx, params, body: input, access }) => {
    const doc = getCollection(ctx.store, params.collectionId);
    const next: CollectionDoc = { ...doc };
    if (input.title !== undefined) next.title = input.title;
    if (input.description !== undefined) next.description = input.description;
    if (input.defaultLevel !== undefined) next.defaultLevel = input.defaultLevel;
    ctx.store.put('collection', next);
    return { status: 200, body: presentCollection(ctx, next, access?.role) };
  },

  /**
   * Deleting a collection deletes the collections nested in it and moves the spaces inside to the
   * trash (restorable for 7 days like any deleted space, then at the top level).
   */
  deleteCollectionById: ({ ctx, params }) => {
    const doc = ctx.store.get<CollectionDoc>('collection', params.collectionId);
    if (!doc) return { status: 204 };
    const removed = subtree(ctx.store, doc.organization, doc.id);
    const ids = new Set(removed.map((c) => c.id));
    const now = ctx.now().toISOString();
    for (const space of ctx.store.all<SpaceDoc>('space', doc.organization)) {
      if (space.parent === undefined || !ids.has(space.parent)) continue;
      const { parent: _dropped, ...rest } = space;
      ctx.store.put<SpaceDoc>('space', space.deletedAt ? rest : { ...rest, deletedAt: now, updatedAt: now });
    }
    for (const c of removed) ctx.store.delete('collection', c.id);
    return { status: 204 };
  },

  listSpacesInCollectionById: ({ ctx, params, query: q, access }) => {
    const doc = getCollection(ctx.store, params.collectionId);
    const spaces = ctx.store.allWithSeq<SpaceDoc>('space', doc.organization).filter((s) => s.doc.parent === doc.id && !s.doc.deletedAt);
    const page = pageByKey(spaces.sort(byPlace), placeKey, q.page, q.limit);
    return listed(page, (s) => presentSpace(ctx.store, s.doc, access?.role, ctx.baseUrl));
  },

  moveCollection: ({ ctx, params, body: input, access }) => {
    const doc = getCollection(ctx.store, params.collectionId);
    let parent = doc.parent;
    if (input.parent === null) parent = undefined;
    else if (input.parent !== undefined) {
      const target = ctx.store.get<CollectionDoc>('collection', input.parent);
      if (!target || target.organization !== doc.organization) throw badRequest(INVALID_POSITION);
      // A collection cannot go inside itself or one of its descendants.
      if (subtree(ctx.store, doc.organization, doc.id).some((c) => c.id === target.id)) throw badRequest(INVALID_POSITION);
      parent = target.id;
    }
    if (!place(ctx.store, doc.organization, { kind: 'collection', id: doc.id }, parent, input.position)) {
      throw conflict('Operation would not result in any update');
    }
    return { status: 200, body: presentCollection(ctx, getCollection(ctx.store, doc.id), access?.role) };
  },

  /**
   * Moves the collection, its nested collections and their spaces to the top level of another
   * organization. The caller must be an admin there too; an organization they are not in (or that
   * does not exist) cannot receive it — both answer 412 so neither reveals the other.
   */
  transferCollection: ({ ctx, caller, params, body }) => {
    const doc = getCollection(ctx.store, params.collectionId);
    const target = body.organization;
    if (target === doc.organization) throw conflict('Transfer would not result in any update');
    const targetRole = ctx.store.get('organization', target) ? roleOf(ctx.store, caller.userId, target) : undefined;
    if (!can(targetRole, operationAccess.transferCollection)) {
      throw preconditionFailed(`The collection cannot be moved: you must be an admin of organization "${target}"`);
    }
    const moved = subtree(ctx.store, doc.organization, doc.id);
    const ids = new Set(moved.map((c) => c.id));
    for (const space of ctx.store.all<SpaceDoc>('space', doc.organization)) {
      if (space.parent === undefined || !ids.has(space.parent)) continue;
      ctx.store.put<SpaceDoc>('space', { ...space, organization: target, updatedAt: ctx.now().toISOString() });
      ctx.store.setParent('space', space.id, target);
    }
    for (const c of moved) {
      const next: CollectionDoc = { ...c, organization: target };
      if (c.id === doc.id) {
        delete next.parent;
        delete next._sort;
      }
      ctx.store.put('collection', next);
      ctx.store.setParent('collection', c.id, target);
    }
    return { status: 200, body: presentCollection(ctx, getCollection(ctx.store, doc.id), targetRole) };
  },
} satisfies Partial<Handlers>;
