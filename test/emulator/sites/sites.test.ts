import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectError, expectSpec, startWorld, type SitesWorld } from './helpers.js';

let w: SitesWorld;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());

const newSite = async (body: Record<string, unknown> = {}) =>
  expectSpec(await w.call('POST', `${w.org}/sites`, { title: 'Test site', ...body }), 'createSite', 201);

describe('createSite', () => {
  it('creates a basic, public, unpublished site by default, with a Location header', async () => {
    const answer = await w.call('POST', `${w.org}/sites`);
    const site = expectSpec(answer, 'createSite', 201);
    expect(site).toMatchObject({
      object: 'site',
      type: 'basic',
      title: 'Untitled site',
      visibility: 'public',
      published: false,
      siteSpaces: 0,
      agentsContext: 'included',
    });
    expect(answer.headers.get('location')).toBe(site.urls.location);
    expect(site.urls.published).toBeUndefined();
  });

  it('adds the given spaces as site spaces', async () => {
    const site = await newSite({
      type: 'premium',
      visibility: 'unlisted',
      spaces: [DEMO.spaces.guides, DEMO.spaces.api, DEMO.spaces.guides],
    });
    expect(site).toMatchObject({ type: 'premium', visibility: 'unlisted', siteSpaces: 2, published: true });
    expect(site.features.map((f: { id: string }) => f.id)).toContain('sites-sections');
    const list = (await w.call('GET', `${w.org}/sites/${site.id}/site-spaces`)).body;
    expect(list.items.map((ss: { space: { id: string } }) => ss.space.id)).toEqual([DEMO.spaces.guides, DEMO.spaces.api]);
  });

  it('publishes a site created with a visibility at once (once it has content)', async () => {
    const site = await newSite({ visibility: 'public', spaces: [DEMO.spaces.guides] });
    expect(site).toMatchObject({ visibility: 'public', published: true });
    expect(site.urls.published).toMatch(/^http/);
    expectSpec(await w.call('GET', `${w.org}/sites/${site.id}/published`), 'getPublishedContentSite');
    const empty = await newSite({ visibility: 'public' });
    expect(empty.published).toBe(false);
    await w.call('POST', `${w.org}/sites/${empty.id}/site-spaces`, { spaceId: DEMO.spaces.api });
    expect((await w.call('GET', `${w.org}/sites/${empty.id}`)).body.published).toBe(true);
  });

  it('creates a new space for "sample" (with pages) and "empty"', async () => {
    for (const option of ['sample', 'empty'] as const) {
      const site = await newSite({ title: `Site ${option}`, spaces: option });
      expect(site.siteSpaces).toBe(1);
      const [ss] = (await w.call('GET', `${w.org}/sites/${site.id}/site-spaces`)).body.items;
      expect(ss.space.title).toBe(`Site ${option}`);
      const pages = (await w.call('GET', `/v1/spaces/${ss.space.id}/content/pages`)).body.pages;
      expect(pages.length > 0).toBe(option === 'sample');
    }
  });

  it('refuses bad input naming the field, and creates nothing', async () => {
    const before = (await w.call('GET', `${w.org}/sites`)).body.count;
    expectError(await w.call('POST', `${w.org}/sites`, { title: 'x' }), 400, /body\.title/);
    expectError(await w.call('POST', `${w.org}/sites`, { title: 'y'.repeat(129) }), 400, /body\.title.*128/);
    expectError(await w.call('POST', `${w.org}/sites`, { type: 'gold' }), 400, /body\.type/);
    expectError(
      await w.call('POST', `${w.org}/sites`, { spaces: [DEMO.spaces.guides, 'space_nope'] }),
      400,
      /body\.spaces\[1\].*space_nope/,
    );
    expectError(await w.call('POST', `${w.org}/sites`, { spaces: [DEMO.spaces.globex] }), 400, /body\.spaces\[0\]/);
    expect((await w.call('GET', `${w.org}/sites`)).body.count).toBe(before);
  });

  it('needs the create role; other organizations do not see it', async () => {
    expectError(await w.call('POST', `${w.org}/sites`, {}, DEMO.tokens.edit), 403);
    expectError(await w.call('POST', `${w.org}/sites`, {}, DEMO.tokens.otherAdmin), 404);
    expectSpec(await w.call('POST', `${w.org}/sites`, {}, DEMO.tokens.create), 'createSite', 201);
  });
});

describe('listSites', () => {
  it('lists with filters', async () => {
    const a = await newSite({ title: 'Filter Alpha', type: 'ultimate', spaces: [DEMO.spaces.handbook] });
    await newSite({ title: 'filter beta' });
    const body = expectSpec(await w.call('GET', `${w.org}/sites?title=FILTER`), 'listSites');
    expect(body.items.map((s: { title: string }) => s.title)).toEqual(['Filter Alpha', 'filter beta']);
    expect((await w.call('GET', `${w.org}/sites?space=${DEMO.spaces.handbook}`)).body.items.map((s: { id: string }) => s.id)).toEqual([
      a.id,
    ]);
    expect((await w.call('GET', `${w.org}/sites?type=ultimate&title=filter`)).body.items.map((s: { id: string }) => s.id)).toEqual([a.id]);
    const published = (await w.call('GET', `${w.org}/sites?published=true`)).body.items.map((s: { id: string }) => s.id);
    expect(published).toContain(DEMO.site);
    expect(published).not.toContain(a.id);
    const unpublished = (await w.call('GET', `${w.org}/sites?published=false`)).body.items.map((s: { id: string }) => s.id);
    expect(unpublished).toContain(a.id);
    expect(unpublished).not.toContain(DEMO.site);
  });

  it('pages with stable cursors, and bounds limit', async () => {
    const first = (await w.call('GET', `${w.org}/sites?limit=2`)).body;
    expect(first.items).toHaveLength(2);
    expect(first.next?.page).toBeTypeOf('string');
    await newSite({ title: 'Added while paging' });
    const rest = (await w.call('GET', `${w.org}/sites?limit=1000&page=${first.next.page}`)).body;
    const all = (await w.call('GET', `${w.org}/sites?limit=1000`)).body;
    expect([...first.items, ...rest.items].map((s: { id: string }) => s.id)).toEqual(all.items.map((s: { id: string }) => s.id));
    expect(all.count).toBe(all.items.length);
    expectError(await w.call('GET', `${w.org}/sites?limit=1001`), 400, /limit/);
    expectError(await w.call('GET', `${w.org}/sites?page=garbage`), 400, /page/);
  });

  it('only shows the organization of the caller', async () => {
    expectError(await w.call('GET', `${w.org}/sites`, undefined, DEMO.tokens.otherAdmin), 404);
    expect((await w.call('GET', `/v1/orgs/${DEMO.otherOrg}/sites`, undefined, DEMO.tokens.otherAdmin)).body.items).toEqual([]);
  });
});

describe('getSiteById / deleteSiteById', () => {
  it('gets a site; unknown ids are 404', async () => {
    const site = expectSpec(await w.call('GET', `${w.org}/sites/${DEMO.site}`, undefined, DEMO.tokens.read), 'getSiteById');
    expect(site).toMatchObject({ id: DEMO.site, published: true, siteSpaces: 2 });
    expect(site.urls.published).toMatch(/^http/);
    expectError(await w.call('GET', `${w.org}/sites/site_nope`), 404, 'No matching site found');
    expectError(
      await w.call('GET', `/v1/orgs/${DEMO.otherOrg}/sites/${DEMO.site}`, undefined, DEMO.tokens.otherAdmin),
      404,
      'No matching site found',
    );
  });

  it('deletes a site with its structure, 204 every time', async () => {
    const site = await newSite({ spaces: [DEMO.spaces.guides] });
    await w.call('POST', `${w.org}/sites/${site.id}/sections`, { spaceId: DEMO.spaces.api });
    expectError(await w.call('DELETE', `${w.org}/sites/${site.id}`, undefined, DEMO.tokens.create), 403);
    for (let i = 0; i < 2; i++) {
      const answer = await w.call('DELETE', `${w.org}/sites/${site.id}`);
      expect(answer.status).toBe(204);
      expect(answer.body).toBeUndefined();
    }
    expectError(await w.call('GET', `${w.org}/sites/${site.id}`), 404);
    expect(w.emu.store.all('siteSpace', site.id)).toEqual([]);
    expect(w.emu.store.all('siteSection', site.id)).toEqual([]);
  });

  it("clears the organization's default content when it was the deleted site", async () => {
    const site = await newSite();
    expect((await w.call('PATCH', w.org, { defaultContent: { type: 'site', site: site.id } })).body.defaultContent).toEqual({
      type: 'site',
      site: site.id,
    });
    expect((await w.call('DELETE', `${w.org}/sites/${site.id}`)).status).toBe(204);
    expect((await w.call('GET', w.org)).body).not.toHaveProperty('defaultContent');
  });
});

describe('updateSiteById', () => {
  it('edits fields; a visibility publishes a site that has content', async () => {
    const empty = await newSite();
    const patched = expectSpec(await w.call('PATCH', `${w.org}/sites/${empty.id}`, { visibility: 'share-link' }), 'updateSiteById');
    expect(patched).toMatchObject({ visibility: 'share-link', published: false });
    const added = await w.call('POST', `${w.org}/sites/${empty.id}/site-spaces`, { spaceId: DEMO.spaces.guides });
    expect(added.status).toBe(201);
    expect((await w.call('GET', `${w.org}/sites/${empty.id}`)).body.published).toBe(true);

    const site = await newSite({ spaces: [DEMO.spaces.guides] });
    const body = expectSpec(
      await w.call('PATCH', `${w.org}/sites/${site.id}`, {
        title: 'Renamed',
        basename: 'docs',
        agentsContext: 'excluded',
        adaptiveContent: { enabled: true },
        proxy: 'acme.test/docs',
      }),
      'updateSiteById',
    );
    expect(body).toMatchObject({
      title: 'Renamed',
      basename: 'docs',
      agentsContext: 'excluded',
      adaptiveContent: { enabled: true },
      published: false,
      proxy: { origin: 'acme.test/docs' },
    });
    expect(body.proxy.target).toMatch(/docs\/$/);
    const removed = expectSpec(await w.call('PATCH', `${w.org}/sites/${site.id}`, { proxy: null, visibility: 'public' }), 'updateSiteById');
    expect(removed.proxy).toBeUndefined();
    expect(removed.published).toBe(true);
    expect(removed.urls.published).toContain('/docs/');
  });

  it('sets the default site space and section, refusing ones not in the site', async () => {
    const site = await newSite({ spaces: [DEMO.spaces.guides, DEMO.spaces.api] });
    const spaces = (await w.call('GET', `${w.org}/sites/${site.id}/site-spaces`)).body.items;
    expect(spaces.map((s: { default: boolean }) => s.default)).toEqual([true, false]);
    expectSpec(await w.call('PATCH', `${w.org}/sites/${site.id}`, { defaultSiteSpace: spaces[1].id }), 'updateSiteById');
    const defaults = (await w.call('GET', `${w.org}/sites/${site.id}/site-spaces?default=true`)).body.items;
    expect(defaults.map((s: { id: string }) => s.id)).toEqual([spaces[1].id]);
    expectError(await w.call('PATCH', `${w.org}/sites/${site.id}`, { defaultSiteSpace: 'sitesp_nope' }), 400, /body\.defaultSiteSpace/);
    expectError(await w.call('PATCH', `${w.org}/sites/${site.id}`, { defaultSiteSection: 'sitesc_nope' }), 400, /body\.defaultSiteSection/);

    const second = (await w.call('POST', `${w.org}/sites/${site.id}/sections`, { spaceId: DEMO.spaces.handbook })).body;
    expectSpec(await w.call('PATCH', `${w.org}/sites/${site.id}`, { defaultSiteSection: second.id }), 'updateSiteById');
    const sections = (await w.call('GET', `${w.org}/sites/${site.id}/sections`)).body.items;
    expect(sections.find((s: { default: boolean }) => s.default).id).toBe(second.id);
    // With sections, the default site space is chosen in the default section.
    expectError(await w.call('PATCH', `${w.org}/sites/${site.id}`, { defaultSiteSpace: spaces[0].id }), 400, /default section/);
  });

  it('checks bounds and unknown sites', async () => {
    const site = await newSite();
    expectError(await w.call('PATCH', `${w.org}/sites/${site.id}`, { title: 'z' }), 400, /body\.title/);
    expectError(await w.call('PATCH', `${w.org}/sites/${site.id}`, { basename: '' }), 400, /body\.basename/);
    expectError(await w.call('PATCH', `${w.org}/sites/${site.id}`, { proxy: 'not a proxy' }), 400, /body\.proxy/);
    expectError(await w.call('PATCH', `${w.org}/sites/${site.id}`, { visibility: 'secret' }), 400, /body\.visibility/);
    expectError(await w.call('PATCH', `${w.org}/sites/site_nope`, { title: 'Fine' }), 404, 'No matching site found');
    expectError(await w.call('PATCH', `${w.org}/sites/${site.id}`, { title: 'Fine' }, DEMO.tokens.edit), 403);
  });
});

const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    isBeta: { type: 'boolean', description: 'Beta tester' },
    plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: { 'dark-mode': { type: 'boolean', description: 'Prefers dark mode' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

describe('adaptive schema', () => {
  it('is 404 until set, then round-trips; template conditions follow it', async () => {
    const site = await newSite();
    const path = `${w.org}/sites/${site.id}/adaptive-schema`;
    expectError(await w.call('GET', path), 404, 'No visitor attributes schema found');
    expect(expectSpec(await w.call('GET', `${path}/template-conditions`), 'listSiteAdaptiveTemplateConditions').items).toEqual([]);
    const put = expectSpec(await w.call('PUT', path, { jsonSchema: SCHEMA }), 'updateSiteAdaptiveSchema');
    expect(put).toMatchObject({ object: 'site-adaptive-schema', jsonSchema: SCHEMA });
    expect(expectSpec(await w.call('GET', path, undefined, DEMO.tokens.read), 'getSiteAdaptiveSchema').jsonSchema).toEqual(SCHEMA);
    const conditions = expectSpec(await w.call('GET', `${path}/template-conditions`), 'listSiteAdaptiveTemplateConditions').items;
    expect(conditions).toEqual([
      { description: 'Beta tester', condition: 'visitor.claims.isBeta' },
      { description: 'Plan: free', condition: 'visitor.claims.plan === "free"' },
      { description: 'Plan: pro', condition: 'visitor.claims.plan === "pro"' },
      { description: 'Prefers dark mode', condition: 'visitor.claims.unsigned["dark-mode"]' },
    ]);
  });

  it('refuses schemas of the wrong shape, naming the problem', async () => {
    const site = await newSite();
    const path = `${w.org}/sites/${site.id}/adaptive-schema`;
    const bad = (jsonSchema: unknown) => w.call('PUT', path, { jsonSchema });
    expectError(await bad({ ...SCHEMA, type: 'array' }), 400, /jsonSchema\.type/);
    expectError(await bad({ ...SCHEMA, additionalProperties: true }), 400, /jsonSchema\.additionalProperties/);
    expectError(await bad({ ...SCHEMA, properties: { isBeta: { type: 'boolean' } } }), 400, /jsonSchema\.properties\.isBeta.*description/);
    expectError(
      await bad({ ...SCHEMA, properties: { isBeta: { type: 'date', description: 'd' } } }),
      400,
      /jsonSchema\.properties\.isBeta/,
    );
    expectError(
      await bad({ ...SCHEMA, properties: { unsigned: { ...SCHEMA.properties.unsigned, additionalProperties: true } } }),
      400,
      /unsigned/,
    );
    expectError(await w.call('PUT', path, {}), 400, /body\.jsonSchema/);
    expectError(await w.call('GET', path), 404);
  });
});

describe('getPublishedContentSite', () => {
  it('answers the structure, customizations and scripts of a published site', async () => {
    const body = expectSpec(
      await w.call('GET', `${w.org}/sites/${DEMO.site}/published`, undefined, DEMO.tokens.read),
      'getPublishedContentSite',
    );
    expect(body.object).toBe('published-content-site');
    expect(body.structure.type).toBe('sections');
    expect(body.structure.structure.map((s: { title: string }) => s.title)).toEqual(['Guides', 'API']);
    expect(Object.keys(body.customizations.siteSpaces)).toHaveLength(2);
    expect(body.scripts).toEqual([]);
  });

  it('lists site spaces for a site without sections; share-link URLs carry the share key', async () => {
    const site = await newSite({ spaces: [DEMO.spaces.guides, DEMO.spaces.api] });
    expectError(await w.call('GET', `${w.org}/sites/${site.id}/published`), 404, /not published/);
    await w.call('PATCH', `${w.org}/sites/${site.id}`, { visibility: 'share-link' });
    const body = expectSpec(await w.call('GET', `${w.org}/sites/${site.id}/published?shareKey=k3y`), 'getPublishedContentSite');
    expect(body.structure.type).toBe('siteSpaces');
    expect(body.structure.structure).toHaveLength(2);
    expect(body.site.urls.published).toMatch(/\?share=k3y$/);
    const [first, second] = body.structure.structure;
    expect(first.urls.published).toBe(body.site.urls.published);
    expect(second.urls.published).toBe(body.site.urls.published.replace('?share=k3y', `${second.path}/?share=k3y`));
    expectError(await w.call('GET', `${w.org}/sites/site_nope/published`), 404, 'No matching site found');
  });
});
