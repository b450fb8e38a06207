import { can, roleOf } from '../access.js';
import { INVALID_POSITION, place } from '../domain/collections.js';
import { linkReport, linkReportKept, storedLinkPage } from '../domain/links.js';
import { pageOrdered } from '../domain/ordered-list.js';
import { getRevision } from '../domain/revisions.js';
import { searchPages } from '../domain/search.js';
import { createSpace, isExpired, purgeExpiredSpaces, purgeSpace, type SpaceDoc } from '../domain/spaces.js';
import {
  badRequest,
  conflict,
  errorBody,
  forbidden,
  jsonList,
  notFound,
  preconditionFailed,
  type Handlers,
  type ResponseOf,
} from '../types.js';
import { locatorOf, contentScopeOf, showSpace, spaceOf, type Req } from './content-common.js';

/** Spaces: read, settings, delete/restore (7-day window), duplicate, move, transfer, links and search. */

const nowOf = (req: Req) => req.ctx.now();

export const spaceHandlers = {
  getSpaceById: (req) => ({ status: 200, body: showSpace(req, spaceOf(req)) }),

  deleteSpaceById: (req) => {
    const space = req.ctx.store.get<SpaceDoc>('space', req.params.spaceId);
    if (space && !space.deletedAt) {
      const at = nowOf(req).toISOString();
      req.ctx.store.put<SpaceDoc>('space', { ...space, deletedAt: at, updatedAt: at });
    }
    if (space) purgeExpiredSpaces(req.ctx.store, space.organization, nowOf(req));
    return { status: 204 };
  },

  updateSpaceById: (req) => {
    const space = spaceOf(req);
    const body = req.body ?? {};
    const next: SpaceDoc = { ...space };
    if (body.editMode !== undefined) next.editMode = body.editMode;
    if (body.title !== undefined) next.title = body.title;
    if (body.defaultLevel !== undefined) next.defaultLevel = body.defaultLevel;
    if (body.language !== undefined) next.language = body.language;
    // Emoji and icon exclude each other; null removes.
    if (typeof body.emoji === 'string') {
      next.emoji = body.emoji;
      delete next.icon;
    } else if (body.emoji === null) next.emoji = '';
    if (typeof body.icon === 'string') {
      next.icon = body.icon;
      next.emoji = '';
    } else if (body.icon === null) delete next.icon;
    if (JSON.stringify(next) !== JSON.stringify(space)) next.updatedAt = nowOf(req).toISOString();
    return { status: 200, body: showSpace(req, req.ctx.store.put('space', next)) };
  },

  duplicateSpace: (req) => {
    const space = spaceOf(req);
    const revision = getRevision(req.ctx.store, space.revision);
    const copy = createSpace(req.ctx.store, nowOf(req), {
      organization: space.organization,
      title: `${space.title} (copy)`.slice(0, 50),
      emoji: space.emoji,
      visibility: space.visibility,
      ...(space.parent ? { parent: space.parent } : {}),
      content: { pages: structuredClone(revision.pages), files: structuredClone(revision.files) },
    });
    const settings: Partial<SpaceDoc> = { editMode: space.editMode, defaultLevel: space.defaultLevel };
    if (space.language) settings.language = space.language;
    if (space.icon) settings.icon = space.icon;
    return { status: 201, body: showSpace(req, req.ctx.store.put('space', { ...copy, ...settings })) };
  },

  restoreSpace: (req) => {
    const { store } = req.ctx;
    const space = store.get<SpaceDoc>('space', req.params.spaceId);
    if (!space) throw notFound('Space');
    if (isExpired(space, nowOf(req))) {
      purgeSpace(store, space.id);
      // Answered, not thrown: a thrown error would roll the purge back.
      return { status: 404, body: errorBody(404, 'Space not found: it was deleted more than 7 days ago and is gone for good') };
    }
    if (!space.deletedAt) return { status: 200, body: showSpace(req, space) };
    const restored: SpaceDoc = { ...space, updatedAt: nowOf(req).toISOString() };
    delete restored.deletedAt;
    // Its collection may have gone meanwhile: the space comes back at the top level.
    if (restored.parent && !store.get('collection', restored.parent)) delete restored.parent;
    purgeExpiredSpaces(store, space.organization, nowOf(req));
    return { status: 200, body: showSpace(req, store.put('space', restored)) };
  },

  moveSpace: (req) => {
    const { store } = req.ctx;
    const space = spaceOf(req);
    const body = req.body ?? {};
    const parent = body.parent === undefined ? space.parent : (body.parent ?? undefined);
    if (parent !== undefined) {
      const collection = store.get<{ id: string; organization: string }>('collection', parent);
      if (!collection || collection.organization !== space.organization) throw badRequest(INVALID_POSITION);
    }
    const changed = place(store, space.organization, { kind: 'space', id: space.id }, parent, body.position);
    if (!changed) throw conflict('Operation would not result in any update');
    const moved = store.get<SpaceDoc>('space', space.id) ?? space;
    return { status: 200, body: showSpace(req, store.put('space', { ...moved, updatedAt: nowOf(req).toISOString() })) };
  },

  transferSpace: (req) => {
    const { store } = req.ctx;
    const space = spaceOf(req);
    const target = req.body.organization;
    const role = store.get('organization', target) ? roleOf(store, req.caller.userId, target) : undefined;
    if (role === undefined) throw notFound('Organization');
    if (target === space.organization) throw conflict('Transfer would not result in any update');
    if (!can(role, 'admin')) throw forbidden('transfer a space into an organization where you are not an admin');
    if (store.find<{ id: string; space: string }>('siteSpace', (s) => s.space === space.id)) {
      throw preconditionFailed('The space cannot be moved: it is published in a site of its organization (remove it from the site first)');
    }
    const moved: SpaceDoc = { ...space, organization: target, updatedAt: nowOf(req).toISOString() };
    delete moved.parent;
    delete moved._sort;
    store.put('space', moved);
    store.setParent('space', space.id, target);
    return { status: 200, body: presentMoved(req, moved, role) };
  },

  listSpaceLinks: (req) => {
    const { query } = req;
    const { store, baseUrl } = req.ctx;
    const space = spaceOf(req);
    if (!linkReportKept(store, space.revision, baseUrl)) {
      // Not in memory (the first report after a start): the page asked for, from the index in the store, if it has one.
      const present = { baseUrl, organization: space.organization, space: space.id };
      const stored = storedLinkPage(store, space.revision, locatorOf(req, { space, present }), {
        ...(query.status ? { status: query.status } : {}),
        ...(query.page === undefined ? {} : { page: query.page }),
        ...(query.limit === undefined ? {} : { limit: query.limit }),
      });
      if (stored) {
        const { items, ...rest } = stored;
        return { status: 200, body: jsonList<ResponseOf<'listSpaceLinks'>>(items, rest) };
      }
    }
    const scope = contentScopeOf(req, false);
    const report = linkReport(scope.revision, locatorOf(req, scope), {
      store: req.ctx.store,
      ...(query.status ? { status: query.status } : {}),
    });
    const { items, ...page } = pageOrdered(report.items, query.page, query.limit);
    // Serialized item by item: the text of an item linked from thousands of pages is kept between requests.
    return { status: 200, body: jsonList<ResponseOf<'listSpaceLinks'>>(items.map(report.json), { ...page, stats: report.stats }) };
  },

  searchSpaceContent: (req) => {
    const scope = contentScopeOf(req, false);
    const { query } = req;
    return { status: 200, body: pageOrdered(searchPages(scope.revision.pages, query.query, scope.present), query.page, query.limit) };
  },
} satisfies Partial<Handlers>;

/** After a transfer the caller sees the space with their role in its new organization. */
function presentMoved(req: Req, space: SpaceDoc, role: Parameters<typeof can>[0]) {
  return showSpace({ ...req, access: { organizationId: space.organization, role: role ?? null } }, space);
}
