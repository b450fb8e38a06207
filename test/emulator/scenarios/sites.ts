import type { Scenarios, World } from './types.js';

/*
 * Sites, site structure, translations and OpenAPI specifications: a successful call of each, on
 * the demo seed (the "Acme Documentation" site with its Guides and API sections). Objects the
 * seed does not have (groups, specs, translations, an adaptive schema) are made first as admin.
 */

const orgPath = (w: World) => `/v1/orgs/${w.demo.org}`;
const sitePath = (w: World) => `${orgPath(w)}/sites/${w.demo.site}`;
const siteParams = (w: World) => ({ organizationId: w.demo.org, siteId: w.demo.site });

async function ok<T = any>(w: World, method: string, path: string, body?: unknown): Promise<T> {
  const res = await w.admin<T>(method, path, body === undefined ? {} : { body });
  if (res.status >= 300) throw new Error(`setup ${method} ${path} → ${res.status}: ${res.text}`);
  return res.body;
}

/** The demo site's sections (Guides, API), each with its site spaces. */
const sections = async (w: World) =>
  (await ok<{ items: { id: string; siteSpaces: { id: string }[] }[] }>(w, 'GET', `${sitePath(w)}/sections`)).items;

const group = async (w: World, sectionIds: string[] = []) =>
  (await ok<{ id: string }>(w, 'POST', `${sitePath(w)}/section-groups`, { title: 'Reference', sections: sectionIds })).id;

const SCHEMA = {
  type: 'object',
  properties: {
    isBeta: { type: 'boolean', description: 'Visitor is in the beta program' },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: { fromApp: { type: 'boolean', description: 'Came from the app' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

const PETSTORE = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Petstore', version: '1.0.0' },
  paths: { '/pets': { get: { responses: { '200': { description: 'ok' } } } } },
});

const spec = (w: World) =>
  ok<{ slug: string; lastVersion: string }>(w, 'POST', `${orgPath(w)}/openapi`, { slug: 'petstore', source: { text: PETSTORE } });
const specParams = (w: World) => ({ organizationId: w.demo.org, specSlug: 'petstore' });

const translation = async (w: World) =>
  (
    await ok<{ id: string }>(w, 'POST', `${orgPath(w)}/translations`, {
      source: { space: w.demo.spaces.guides, language: 'en' },
      language: 'fr',
    })
  ).id;

export const scenarios: Scenarios = {
  /* ---------- sites ---------- */
  listSites: (w) => ({ params: { organizationId: w.demo.org }, query: { published: true, limit: 10 } }),
  createSite: (w) => ({
    params: { organizationId: w.demo.org },
    body: { title: 'Handbook', visibility: 'unlisted', spaces: [w.demo.spaces.handbook] },
  }),
  getSiteById: (w) => ({ params: siteParams(w) }),
  deleteSiteById: (w) => ({ params: siteParams(w) }),
  updateSiteById: (w) => ({
    params: siteParams(w),
    body: { title: 'Acme Docs', visibility: 'unlisted', agentsContext: 'excluded', proxy: 'acme.test/docs' },
  }),
  getSiteAdaptiveSchema: async (w) => {
    await ok(w, 'PUT', `${sitePath(w)}/adaptive-schema`, { jsonSchema: SCHEMA });
    return { params: siteParams(w) };
  },
  updateSiteAdaptiveSchema: (w) => ({ params: siteParams(w), body: { jsonSchema: SCHEMA } }),
  listSiteAdaptiveTemplateConditions: async (w) => {
    await ok(w, 'PUT', `${sitePath(w)}/adaptive-schema`, { jsonSchema: SCHEMA });
    return { params: siteParams(w) };
  },
  getPublishedContentSite: (w) => ({ params: siteParams(w), query: { shareKey: 'preview' } }),

  /* ---------- sections ---------- */
  listSiteSections: (w) => ({ params: siteParams(w), query: { limit: 1 } }),
  addSectionToSite: (w) => ({ params: siteParams(w), body: { spaceId: w.demo.spaces.handbook, title: 'Handbook', icon: 'book' } }),
  deleteSiteSectionById: async (w) => ({ params: { ...siteParams(w), siteSectionId: (await sections(w))[0]!.id } }),
  updateSiteSectionById: async (w) => ({
    params: { ...siteParams(w), siteSectionId: (await sections(w))[0]!.id },
    body: { title: 'Guides & tutorials', path: 'tutorials', condition: 'visitor.claims.isBeta', description: 'Learn the product' },
  }),
  moveSiteSection: async (w) => {
    const [first, second] = await sections(w);
    return {
      params: { ...siteParams(w), siteSectionId: second!.id },
      body: { position: { before: { type: 'site-section', siteSection: first!.id } } },
    };
  },

  /* ---------- section groups ---------- */
  listSiteSectionGroups: async (w) => {
    await group(w, [(await sections(w))[1]!.id]);
    return { params: siteParams(w) };
  },
  addSectionGroupToSite: async (w) => ({
    params: siteParams(w),
    body: { title: 'Reference', icon: 'code', sections: [(await sections(w))[1]!.id] },
  }),
  deleteSiteSectionGroupById: async (w) => ({
    params: { ...siteParams(w), siteSectionGroupId: await group(w, [(await sections(w))[1]!.id]) },
  }),
  updateSiteSectionGroupById: async (w) => ({
    params: { ...siteParams(w), siteSectionGroupId: await group(w) },
    body: { title: 'API reference', icon: null },
  }),
  addSectionToGroup: async (w) => ({
    params: { ...siteParams(w), siteSectionGroupId: await group(w) },
    body: { sectionId: (await sections(w))[0]!.id },
  }),
  removeSectionFromGroup: async (w) => {
    const [first] = await sections(w);
    return { params: { ...siteParams(w), siteSectionGroupId: await group(w, [first!.id]), siteSectionId: first!.id } };
  },
  moveSiteSectionGroup: async (w) => {
    const [first] = await sections(w);
    return {
      params: { ...siteParams(w), siteSectionGroupId: await group(w) },
      body: { position: { before: { type: 'site-section', id: first!.id } } },
    };
  },

  /* ---------- site spaces ---------- */
  listSiteSpaces: (w) => ({ params: siteParams(w), query: { default: true, shareKey: 'preview' } }),
  addSpaceToSite: async (w) => ({
    params: siteParams(w),
    body: { spaceId: w.demo.spaces.handbook, sectionId: (await sections(w))[1]!.id },
  }),
  deleteSiteSpaceById: async (w) => ({ params: { ...siteParams(w), siteSpaceId: (await sections(w))[0]!.siteSpaces[0]!.id } }),
  updateSiteSpaceById: async (w) => ({
    params: { ...siteParams(w), siteSpaceId: (await sections(w))[0]!.siteSpaces[0]!.id },
    body: { path: 'start', condition: 'visitor.claims.isBeta', spaceId: w.demo.spaces.handbook },
  }),
  moveSiteSpace: async (w) => {
    const [first] = await sections(w);
    const added = await ok<{ id: string }>(w, 'POST', `${sitePath(w)}/site-spaces`, {
      spaceId: w.demo.spaces.handbook,
      sectionId: first!.id,
    });
    return {
      params: { ...siteParams(w), siteSpaceId: added.id },
      body: { position: { before: { type: 'site-space', siteSpace: first!.siteSpaces[0]!.id } } },
    };
  },

  /* ---------- translations ---------- */
  listTranslations: async (w) => {
    await translation(w);
    return { params: { organizationId: w.demo.org } };
  },
  createTranslation: (w) => ({
    params: { organizationId: w.demo.org },
    body: { source: { space: w.demo.spaces.guides, language: 'en' }, language: 'de' },
  }),
  getTranslation: async (w) => {
    const translationId = await translation(w);
    // Long enough for the run to complete, so the answer carries a result.
    w.setNow(new Date(w.now().getTime() + 60_000));
    return { params: { organizationId: w.demo.org, translationId } };
  },
  updateTranslation: async (w) => ({
    params: { organizationId: w.demo.org, translationId: await translation(w) },
    body: { instructions: { object: 'document', data: {}, nodes: [] } },
  }),
  deleteTranslation: async (w) => ({ params: { organizationId: w.demo.org, translationId: await translation(w) } }),
  runTranslation: async (w) => ({ params: { organizationId: w.demo.org, translationId: await translation(w) } }),

  /* ---------- OpenAPI specifications ---------- */
  listOpenAPISpecs: async (w) => {
    await spec(w);
    return { params: { organizationId: w.demo.org } };
  },
  createOpenAPISpec: (w) => ({ params: { organizationId: w.demo.org }, body: { slug: 'petstore', source: { text: PETSTORE } } }),
  getOpenAPISpecBySlug: async (w) => {
    await spec(w);
    return { params: specParams(w) };
  },
  createOrUpdateOpenAPISpecBySlug: async (w) => {
    await spec(w);
    return { params: specParams(w), body: { source: { text: PETSTORE } } };
  },
  deleteOpenAPISpecBySlug: async (w) => {
    await spec(w);
    return { params: specParams(w) };
  },
  updateOpenAPISpecBySlug: async (w) => {
    await spec(w);
    return { params: specParams(w), body: { visibility: 'public' } };
  },
  listOpenAPISpecVersions: async (w) => {
    await spec(w);
    return { params: specParams(w) };
  },
  getLatestOpenAPISpecVersion: async (w) => {
    await spec(w);
    return { params: specParams(w) };
  },
  getLatestOpenAPISpecVersionContent: async (w) => {
    await spec(w);
    return { params: specParams(w) };
  },
  getOpenAPISpecVersionById: async (w) => ({ params: { ...specParams(w), versionId: (await spec(w)).lastVersion } }),
  getOpenAPISpecVersionContentById: async (w) => ({ params: { ...specParams(w), versionId: (await spec(w)).lastVersion } }),
};
