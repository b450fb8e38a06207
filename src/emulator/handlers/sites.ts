import type { EmulatorContext, HandlerRequest, Handlers } from '../types.js';
import { badRequest, HttpError } from '../types.js';
import { adaptiveSchemaProblem, templateConditions } from '../domain/adaptive-schema.js';
import { siteCustomization, defaultCustomization } from '../domain/site-customization.js';
import { addSiteSpace, requireSpace } from '../domain/site-structure-edits.js';
import { defaultSection, findSection, orderedSiteSpaces, sectionsOf, siteSpacesIn, StructureView } from '../domain/site-structure.js';
import { createSpace } from '../domain/sites-deps.js';
import { getSite, insertSite, isPublished, presentSite, publishedBase, removeSite, siteSpaceCount, type SiteDoc } from '../domain/sites.js';

/** Pages of the space created by `spaces: "sample"`. */
const SAMPLE_PAGES = [
  { title: 'Introduction', markdown: 'Welcome to the documentation. Start here to learn what the product does.\n' },
  { title: 'Quick start', markdown: '1. Install the tool.\n2. Configure it.\n3. Run your first command.\n' },
  { title: 'FAQ', markdown: '## Where do I get help?\n\nOpen an issue or contact support.\n' },
];

function listSites(req: HandlerRequest<'listSites'>) {
  const { ctx, params, query } = req;
  const title = query.title?.toLowerCase();
  const spaceSites =
    query.space === undefined
      ? undefined
      : new Set(
          ctx.store
            .all<{ id: string; site: string; space: string }>('siteSpace')
            .filter((ss) => ss.space === query.space)
            .map((ss) => ss.site),
        );
  const result = ctx.store.list<SiteDoc>('site', {
    parent: params.organizationId,
    page: query.page,
    limit: query.limit,
    where: (site) =>
      (title === undefined || site.title.toLowerCase().includes(title)) &&
      (spaceSites === undefined || spaceSites.has(site.id)) &&
      (query.type === undefined || query.type.includes(site.type)) &&
      (query.published === undefined || isPublished(ctx, site) === query.published),
  });
  return { status: 200, body: { ...result, items: result.items.map((site) => presentSite(ctx, site)) } };
}

function createSite(req: HandlerRequest<'createSite'>) {
  const { ctx, params } = req;
  const body = req.body ?? {};
  const orgId = params.organizationId;
  const ids = Array.isArray(body.spaces) ? body.spaces : [];
  // Check every id before creating anything, so a bad one leaves nothing behind.
  ids.forEach((id, i) => requireSpace(ctx, orgId, id, `body.spaces[${i}]`));
  // A visibility given at creation publishes the site, as a PATCH of visibility does; without one
  // the site waits, unpublished, for its first visibility.
  const site = insertSite(ctx, {
    organization: orgId,
    ...(body.type ? { type: body.type } : {}),
    ...(body.title ? { title: body.title } : {}),
    ...(body.visibility ? { visibility: body.visibility, published: true } : {}),
  });
  if (ids.length > 0) {
    for (const id of new Set(ids)) addSiteSpace(ctx, site, { spaceId: id, field: `body.spaces[${ids.indexOf(id)}]` });
  } else if (body.spaces === 'sample' || body.spaces === 'empty') {
    const space = createSpace(ctx, {
      organization: orgId,
      title: site.title,
      ...(body.spaces === 'sample' ? { pages: SAMPLE_PAGES } : {}),
    });
    addSiteSpace(ctx, site, { spaceId: space.id });
  }
  return { status: 201, body: presentSite(ctx, site) };
}

function updateSite(req: HandlerRequest<'updateSiteById'>) {
  const { ctx, params } = req;
  const body = req.body ?? {};
  const site = getSite(ctx, params.organizationId, params.siteId);
  const next: SiteDoc = { ...site };
  if (body.title !== undefined) next.title = body.title;
  if (body.visibility !== undefined) {
    next.visibility = body.visibility;
    next._published = true;
  }
  if (body.basename !== undefined) next.basename = body.basename;
  if (body.agentsContext !== undefined) next.agentsContext = body.agentsContext;
  if (body.adaptiveContent !== undefined) next.adaptiveContent = body.adaptiveContent;
  if (body.proxy === null) delete next.proxy;
  else if (body.proxy !== undefined) next.proxy = { origin: body.proxy, target: publishedBase(ctx, { ...next, proxy: undefined }) };
  if (body.defaultSiteSection !== undefined) {
    if (!findSection(ctx, site, body.defaultSiteSection))
      throw badRequest(`body.defaultSiteSection: no section "${body.defaultSiteSection}" in this site`);
    next._defaultSiteSection = body.defaultSiteSection;
  }
  ctx.store.put('site', next);
  if (body.defaultSiteSpace !== undefined) setDefaultSiteSpace(ctx, next, body.defaultSiteSpace);
  return { status: 200, body: presentSite(ctx, getSite(ctx, params.organizationId, params.siteId)) };
}

/** The root's default site space, or (when the site has sections) the default section's. */
function setDefaultSiteSpace(ctx: EmulatorContext, site: SiteDoc, id: string): void {
  if (sectionsOf(ctx, site.id).length === 0) {
    if (!siteSpacesIn(ctx, site.id, undefined).some((ss) => ss.id === id))
      throw badRequest(`body.defaultSiteSpace: no site space "${id}" in this site`);
    ctx.store.patch<SiteDoc>('site', site.id, { _defaultSiteSpace: id });
    return;
  }
  const section = defaultSection(ctx, site);
  if (!section || !siteSpacesIn(ctx, site.id, section.id).some((ss) => ss.id === id)) {
    throw badRequest(
      `body.defaultSiteSpace: no site space "${id}" in the default section${section ? ` "${section.id}"` : ''} of this site`,
    );
  }
  ctx.store.patch<{ id: string; _defaultSiteSpace?: string }>('siteSection', section.id, { _defaultSiteSpace: id });
}

const NO_SCHEMA = 'No visitor attributes schema found for the site.';

function getAdaptiveSchema(req: HandlerRequest<'getSiteAdaptiveSchema'>) {
  const site = getSite(req.ctx, req.params.organizationId, req.params.siteId);
  if (!site._adaptiveSchema) throw new HttpError(404, NO_SCHEMA);
  return { status: 200, body: { object: 'site-adaptive-schema', ...site._adaptiveSchema } };
}

function updateAdaptiveSchema(req: HandlerRequest<'updateSiteAdaptiveSchema'>) {
  const { ctx, params } = req;
  const site = getSite(ctx, params.organizationId, params.siteId);
  const problem = adaptiveSchemaProblem(req.body?.jsonSchema);
  if (problem) throw badRequest(`body.${problem}`);
  const schema = { jsonSchema: req.body.jsonSchema, updatedAt: ctx.now().toISOString() };
  ctx.store.patch<SiteDoc>('site', site.id, { _adaptiveSchema: schema });
  return { status: 200, body: { object: 'site-adaptive-schema', ...schema } };
}

function listTemplateConditions(req: HandlerRequest<'listSiteAdaptiveTemplateConditions'>) {
  const site = getSite(req.ctx, req.params.organizationId, req.params.siteId);
  return { status: 200, body: { items: site._adaptiveSchema ? templateConditions(site._adaptiveSchema.jsonSchema) : [] } };
}

function getPublished(req: HandlerRequest<'getPublishedContentSite'>) {
  const { ctx, params, caller } = req;
  const site = getSite(ctx, params.organizationId, params.siteId);
  if (!isPublished(ctx, site)) {
    const why = siteSpaceCount(ctx, site.id) === 0 ? 'it has no content (add a space to it)' : 'set its visibility to publish it';
    throw new HttpError(404, `No matching site found: site "${site.id}" is not published (${why})`);
  }
  const view = new StructureView(ctx, caller, site, req.query.shareKey);
  const siteSpaces: Record<string, unknown> = {};
  for (const ss of orderedSiteSpaces(ctx, site.id)) {
    const space = ctx.store.get<{ id: string; title: string; language?: string }>('space', ss.space);
    siteSpaces[ss.id] = defaultCustomization({
      ...(space?.title ? { title: space.title } : {}),
      favicon: site.icon,
      ...(space?.language ? { language: space.language } : {}),
    });
  }
  return {
    status: 200,
    body: {
      object: 'published-content-site',
      site: presentSite(ctx, site, req.query.shareKey),
      structure: view.structure(),
      customizations: { site: siteCustomization(site), siteSpaces },
      scripts: [],
    },
  };
}

export const siteHandlers = {
  listSites,
  createSite,
  getSiteById: (req) => ({
    status: 200,
    body: presentSite(req.ctx, getSite(req.ctx, req.params.organizationId, req.params.siteId)),
  }),
  deleteSiteById: (req) => {
    removeSite(req.ctx, req.params.organizationId, req.params.siteId);
    return { status: 204 };
  },
  updateSiteById: updateSite,
  getSiteAdaptiveSchema: getAdaptiveSchema,
  updateSiteAdaptiveSchema: updateAdaptiveSchema,
  listSiteAdaptiveTemplateConditions: listTemplateConditions,
  getPublishedContentSite: getPublished,
} satisfies Partial<Handlers>;
