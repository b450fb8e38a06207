import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectError, expectSpec, startWorld, type SitesWorld } from './helpers.js';

let w: SitesWorld;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());

const { guides, api, handbook } = DEMO.spaces;
const ids = (items: { id: string }[]) => items.map((i) => i.id);

async function site(spaces: string[] = []) {
  const body = expectSpec(
    await w.call('POST', `${w.org}/sites`, { title: 'Structure', ...(spaces.length ? { spaces } : {}) }),
    'createSite',
    201,
  );
  return `${w.org}/sites/${body.id}`;
}
const addSection = async (base: string, body: Record<string, unknown>) =>
  expectSpec(await w.call('POST', `${base}/sections`, body), 'addSectionToSite', 201);
const sections = async (base: string) => expectSpec(await w.call('GET', `${base}/sections?limit=1000`), 'listSiteSections').items;
const groups = async (base: string) => expectSpec(await w.call('GET', `${base}/section-groups`), 'listSiteSectionGroups').items;
const siteSpaces = async (base: string, query = '') =>
  expectSpec(await w.call('GET', `${base}/site-spaces${query}`), 'listSiteSpaces').items;

describe('site sections', () => {
  it('adds sections with a site space each, paths from titles, unique', async () => {
    const base = await site();
    const answer = await w.call('POST', `${base}/sections`, { spaceId: guides, title: 'User Guide', icon: 'book' });
    const a = expectSpec(answer, 'addSectionToSite', 201);
    expect(answer.headers.get('location')).toBe(`${w.emu.url}${base}/sections/${a.id}`);
    expect(a).toMatchObject({ object: 'site-section', title: 'User Guide', path: 'user-guide', icon: 'book', default: true });
    expect(a.siteSpaces.map((s: { space: { id: string } }) => s.space.id)).toEqual([guides]);
    const b = await addSection(base, { spaceId: api, title: 'User Guide' });
    expect(b).toMatchObject({ path: 'user-guide-2', default: false });
    const c = await addSection(base, { spaceId: handbook, title: null });
    expect(c.title).toBe('Employee Handbook');
    expect(ids(await sections(base))).toEqual([a.id, b.id, c.id]);
  });

  it('turns root content into a section when the first section is added', async () => {
    const base = await site([guides, api]);
    const added = await addSection(base, { spaceId: handbook, title: 'Handbook' });
    const all = await sections(base);
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({ title: 'Getting Started', default: true });
    expect(all[0].siteSpaces.map((s: { space: { id: string } }) => s.space.id)).toEqual([guides, api]);
    expect(all[1].id).toBe(added.id);
    expect((await w.call('GET', base)).body.siteSpaces).toBe(3);
  });

  it('refuses bad input', async () => {
    const base = await site();
    expectError(await w.call('POST', `${base}/sections`, { title: 'No space' }), 400, /body\.spaceId/);
    expectError(await w.call('POST', `${base}/sections`, { spaceId: 'space_nope' }), 400, /body\.spaceId.*space_nope/);
    expectError(await w.call('POST', `${base}/sections`, { spaceId: guides, title: 'x' }), 400, /body\.title/);
    expectError(await w.call('POST', `${base}/sections`, { spaceId: guides, icon: 'i'.repeat(51) }), 400, /body\.icon.*50/);
    expectError(await w.call('POST', `${w.org}/sites/site_nope/sections`, { spaceId: guides }), 404, 'No matching site found');
    expectError(await w.call('POST', `${base}/sections`, { spaceId: guides }, DEMO.tokens.edit), 403);
  });

  it('pages the list', async () => {
    const base = await site();
    for (const spaceId of [guides, api, handbook]) await addSection(base, { spaceId });
    const first = expectSpec(await w.call('GET', `${base}/sections?limit=2&shareKey=abc`), 'listSiteSections');
    expect(first.items).toHaveLength(2);
    const rest = (await w.call('GET', `${base}/sections?limit=2&page=${first.next.page}`)).body;
    expect(rest.next).toBeUndefined();
    expect([...ids(first.items), ...ids(rest.items)]).toEqual(ids(await sections(base)));
    expect(first.count).toBe(3);
  });

  it('pages on after the sections just listed are deleted', async () => {
    const base = await site();
    for (const spaceId of [guides, api, handbook, guides, api]) await addSection(base, { spaceId });
    const all = ids(await sections(base));
    // Walk the list two at a time, deleting each page once it is read: nothing is skipped.
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res = expectSpec(await w.call('GET', `${base}/sections?limit=2${page ? `&page=${page}` : ''}`), 'listSiteSections');
      seen.push(...ids(res.items));
      for (const id of ids(res.items)) expect((await w.call('DELETE', `${base}/sections/${id}`)).status).toBe(204);
      page = res.next?.page;
    } while (page);
    expect(seen).toEqual(all);
    expectError(await w.call('GET', `${base}/sections?page=bm9wZQ`), 400, /page/);
  });

  it('updates fields; null removes; paths stay unique', async () => {
    const base = await site();
    const a = await addSection(base, { spaceId: guides });
    const b = await addSection(base, { spaceId: api });
    const path = `${base}/sections/${a.id}`;
    const patched = expectSpec(
      await w.call('PATCH', path, {
        title: 'Guides',
        path: 'guides',
        condition: 'visitor.claims.isBeta',
        icon: 'star',
        description: 'All guides',
      }),
      'updateSiteSectionById',
    );
    expect(patched).toMatchObject({
      title: 'Guides',
      path: 'guides',
      condition: 'visitor.claims.isBeta',
      icon: 'star',
      description: 'All guides',
    });
    const cleared = expectSpec(await w.call('PATCH', path, { condition: null, icon: null, description: null }), 'updateSiteSectionById');
    expect(cleared).not.toHaveProperty('condition');
    expect(cleared).not.toHaveProperty('icon');
    expect(cleared).not.toHaveProperty('description');
    expect(cleared.title).toBe('Guides');
    expectError(await w.call('PATCH', path, { path: b.path }), 400, /body\.path.*already used/);
    expectError(await w.call('PATCH', path, { path: 'p'.repeat(101) }), 400, /body\.path.*100/);
    expectError(await w.call('PATCH', path, { condition: '' }), 400, /body\.condition/);
    expectError(await w.call('PATCH', path, { description: 'd'.repeat(257) }), 400, /body\.description.*256/);
    expectError(await w.call('PATCH', path, { defaultSiteSpace: b.siteSpaces[0].id }), 400, /body\.defaultSiteSpace/);
    expectError(await w.call('PATCH', `${base}/sections/sitesc_nope`, { title: 'Fine' }), 404, 'No matching Site section found');
  });

  it('chooses the default site space of a section', async () => {
    const base = await site();
    const a = await addSection(base, { spaceId: guides });
    const added = expectSpec(await w.call('POST', `${base}/site-spaces`, { spaceId: api, sectionId: a.id }), 'addSpaceToSite', 201);
    expect(added.default).toBe(false);
    const patched = expectSpec(await w.call('PATCH', `${base}/sections/${a.id}`, { defaultSiteSpace: added.id }), 'updateSiteSectionById');
    expect(patched.siteSpaces.map((s: { default: boolean }) => s.default)).toEqual([false, true]);
  });

  it('deletes a section with its site spaces, 204 every time', async () => {
    const base = await site();
    const a = await addSection(base, { spaceId: guides });
    await addSection(base, { spaceId: api });
    for (let i = 0; i < 2; i++) expect((await w.call('DELETE', `${base}/sections/${a.id}`)).status).toBe(204);
    expect((await sections(base)).map((s: { title: string }) => s.title)).toEqual(['API Reference']);
    expect((await siteSpaces(base)).map((s: { space: { id: string } }) => s.space.id)).toEqual([api]);
    expect((await w.call('DELETE', `${w.org}/sites/site_nope/sections/${a.id}`)).status).toBe(204);
  });

  it('moves a section before or after another; invalid positions are 400', async () => {
    const base = await site();
    const [a, b, c] = [
      await addSection(base, { spaceId: guides }),
      await addSection(base, { spaceId: api }),
      await addSection(base, { spaceId: handbook }),
    ];
    const move = (id: string, body?: unknown) => w.call('POST', `${base}/sections/${id}/move`, body);
    expectSpec(await move(c.id, { position: { before: { type: 'site-section', siteSection: a.id } } }), 'moveSiteSection');
    expect(ids(await sections(base))).toEqual([c.id, a.id, b.id]);
    expectSpec(await move(c.id, { position: { after: { type: 'site-section', siteSection: a.id } } }), 'moveSiteSection');
    expect(ids(await sections(base))).toEqual([a.id, c.id, b.id]);
    expectSpec(await move(a.id), 'moveSiteSection');
    expect(ids(await sections(base))).toEqual([c.id, b.id, a.id]);
    expectSpec(
      await move(a.id, {
        position: { after: { type: 'site-section', siteSection: c.id }, before: { type: 'site-section', siteSection: b.id } },
      }),
      'moveSiteSection',
    );
    expect(ids(await sections(base))).toEqual([c.id, a.id, b.id]);
    expectError(
      await move(a.id, { position: { before: { type: 'site-section', siteSection: a.id } } }),
      400,
      'Invalid move site section position provided',
    );
    expectError(
      await move(a.id, { position: { before: { type: 'site-section', siteSection: 'sitesc_nope' } } }),
      400,
      'Invalid move site section position provided',
    );
    expectError(
      await move(a.id, {
        position: { after: { type: 'site-section', siteSection: b.id }, before: { type: 'site-section', siteSection: c.id } },
      }),
      400,
      'Invalid move',
    );
    expectError(await move(a.id, { position: { before: { type: 'site-space', siteSection: b.id } } }), 400, /body\.position\.before\.type/);
    expectError(await move('sitesc_nope'), 404, 'No matching Site section found');
  });
});

describe('site section groups', () => {
  it('creates, lists, edits, adds and removes sections, deletes', async () => {
    const base = await site();
    const [a, b, c] = [
      await addSection(base, { spaceId: guides }),
      await addSection(base, { spaceId: api }),
      await addSection(base, { spaceId: handbook }),
    ];
    const answer = await w.call('POST', `${base}/section-groups`, { title: 'Reference', icon: 'code', sections: [b.id, a.id] });
    const g = expectSpec(answer, 'addSectionGroupToSite', 201);
    expect(answer.headers.get('location')).toBe(`${w.emu.url}${base}/section-groups/${g.id}`);
    expect(g).toMatchObject({ object: 'site-section-group', title: 'Reference', icon: 'code' });
    expect(ids(g.sections)).toEqual([b.id, a.id]);
    expect(g.sections[0].sectionGroup).toBe(g.id);
    expect(ids(await groups(base))).toEqual([g.id]);
    const published = (await w.call('PATCH', base, { visibility: 'public' }), (await w.call('GET', `${base}/published`)).body);
    expect(published.structure.structure.map((i: { object: string }) => i.object)).toEqual(['site-section', 'site-section-group']);

    const edited = expectSpec(
      await w.call('PATCH', `${base}/section-groups/${g.id}`, { title: 'API', icon: null }),
      'updateSiteSectionGroupById',
    );
    expect(edited.title).toBe('API');
    expect(edited).not.toHaveProperty('icon');
    expectError(await w.call('PATCH', `${base}/section-groups/${g.id}`, { title: '' }), 400, /body\.title/);

    const grown = expectSpec(
      await w.call('POST', `${base}/section-groups/${g.id}/sections`, { sectionId: c.id }),
      'addSectionToGroup',
      201,
    );
    expect(ids(grown.sections)).toEqual([b.id, a.id, c.id]);
    expectError(await w.call('POST', `${base}/section-groups/${g.id}/sections`, { sectionId: 'sitesc_nope' }), 400, /body\.sectionId/);

    for (let i = 0; i < 2; i++) expect((await w.call('DELETE', `${base}/section-groups/${g.id}/sections/${a.id}`)).status).toBe(204);
    expect(ids((await groups(base))[0].sections)).toEqual([b.id, c.id]);
    const afterRemove = await sections(base);
    expect(afterRemove.find((s: { id: string }) => s.id === a.id)).not.toHaveProperty('sectionGroup');

    for (let i = 0; i < 2; i++) expect((await w.call('DELETE', `${base}/section-groups/${g.id}`)).status).toBe(204);
    expect(await groups(base)).toEqual([]);
    const left = await sections(base);
    expect(ids(left)).toEqual([b.id, c.id, a.id]);
    expect(left.every((s: { sectionGroup?: string }) => s.sectionGroup === undefined)).toBe(true);
  });

  it('refuses unknown sections and groups', async () => {
    const base = await site();
    expectError(await w.call('POST', `${base}/section-groups`, { title: 'G', sections: ['sitesc_nope'] }), 400, /body\.sections\[0\]/);
    expectError(await w.call('POST', `${base}/section-groups`, { title: 'g'.repeat(101) }), 400, /body\.title.*100/);
    expectError(await w.call('PATCH', `${base}/section-groups/sitesg_nope`, { title: 'G' }), 404, 'No matching site section group found');
    expectError(
      await w.call('POST', `${base}/section-groups/sitesg_nope/sections`, { sectionId: 'x' }),
      404,
      'No matching site section group found',
    );
    expect((await w.call('DELETE', `${base}/section-groups/sitesg_nope/sections/sitesc_nope`)).status).toBe(204);
  });

  it('moves a group among groups and ungrouped sections', async () => {
    const base = await site();
    const [a, b] = [await addSection(base, { spaceId: guides }), await addSection(base, { spaceId: api })];
    const g = (await w.call('POST', `${base}/section-groups`, { title: 'G' })).body;
    const top = async () => ids((await w.call('GET', `${base}/published`)).body.structure.structure);
    await w.call('PATCH', base, { visibility: 'public' });
    expect(await top()).toEqual([a.id, b.id, g.id]);
    const move = (body?: unknown) => w.call('POST', `${base}/section-groups/${g.id}/move`, body);
    expectSpec(await move({ position: { before: { type: 'site-section', id: a.id } } }), 'moveSiteSectionGroup');
    expect(await top()).toEqual([g.id, a.id, b.id]);
    expectSpec(await move({ position: { after: { type: 'site-section', id: a.id } } }), 'moveSiteSectionGroup');
    expect(await top()).toEqual([a.id, g.id, b.id]);
    expectSpec(await move(), 'moveSiteSectionGroup');
    expect(await top()).toEqual([a.id, b.id, g.id]);
    expectError(
      await move({ position: { before: { type: 'site-section-group', id: a.id } } }),
      400,
      'Invalid move site section group position provided',
    );
    expectError(
      await move({ position: { before: { type: 'site-section-group', id: g.id } } }),
      400,
      'Invalid move site section group position provided',
    );
    expectError(await w.call('POST', `${base}/section-groups/sitesg_nope/move`, {}), 404, 'No matching site section group found');
  });
});

describe('site spaces', () => {
  it('adds to the root, the default section, or a given section', async () => {
    const base = await site();
    const answer = await w.call('POST', `${base}/site-spaces`, { spaceId: guides });
    const root = expectSpec(answer, 'addSpaceToSite', 201);
    expect(answer.headers.get('location')).toBe(`${w.emu.url}${base}/site-spaces/${root.id}`);
    expect(root).toMatchObject({ object: 'site-space', path: 'getting-started', title: 'Getting Started', default: true });
    expect(root).not.toHaveProperty('section');
    expect(root.space).toMatchObject({ object: 'space', id: guides });
    expectError(await w.call('POST', `${base}/site-spaces`, { spaceId: guides }), 400, /body\.spaceId.*already/);

    const withSections = await site();
    const a = await addSection(withSections, { spaceId: guides });
    const b = await addSection(withSections, { spaceId: api });
    expect((await w.call('POST', `${withSections}/site-spaces`, { spaceId: handbook })).body.section).toBe(a.id);
    expect((await w.call('POST', `${withSections}/site-spaces`, { spaceId: handbook, sectionId: b.id })).body.section).toBe(b.id);
    expectError(
      await w.call('POST', `${withSections}/site-spaces`, { spaceId: handbook, sectionId: 'sitesc_nope' }),
      400,
      /body\.sectionId/,
    );
    expectError(await w.call('POST', `${withSections}/site-spaces`, { spaceId: DEMO.spaces.globex }), 400, /body\.spaceId/);
    expectError(await w.call('POST', `${withSections}/site-spaces`, {}), 400, /body\.spaceId/);
  });

  it('lists with the default filter and pages', async () => {
    const base = await site([guides, api, handbook]);
    const all = await siteSpaces(base);
    expect(all.map((s: { default: boolean }) => s.default)).toEqual([true, false, false]);
    expect(ids(await siteSpaces(base, '?default=true'))).toEqual([all[0].id]);
    expect(ids(await siteSpaces(base, '?default=false'))).toEqual([all[1].id, all[2].id]);
    const page = (await w.call('GET', `${base}/site-spaces?limit=1&shareKey=x`)).body;
    const next = (await w.call('GET', `${base}/site-spaces?limit=5&page=${page.next.page}`)).body;
    expect([...ids(page.items), ...ids(next.items)]).toEqual(ids(all));
    expectError(await w.call('GET', `${base}/site-spaces?default=maybe`), 400, /default/);
  });

  it('updates path, condition and space', async () => {
    const base = await site([guides, api]);
    const [a, b] = await siteSpaces(base);
    const path = `${base}/site-spaces/${a.id}`;
    const patched = expectSpec(await w.call('PATCH', path, { path: 'start', condition: 'visitor.claims.isBeta' }), 'updateSiteSpaceById');
    expect(patched).toMatchObject({ path: 'start', condition: 'visitor.claims.isBeta' });
    const cleared = expectSpec(await w.call('PATCH', path, { condition: null, spaceId: handbook }), 'updateSiteSpaceById');
    expect(cleared).not.toHaveProperty('condition');
    expect(cleared).toMatchObject({ path: 'start', title: 'Employee Handbook', space: { id: handbook } });
    expectError(await w.call('PATCH', path, { path: b.path }), 400, /body\.path.*already used/);
    expectError(await w.call('PATCH', path, { spaceId: api }), 400, /body\.spaceId.*already/);
    expectError(await w.call('PATCH', path, { spaceId: 'space_nope' }), 400, /body\.spaceId/);
    expectError(await w.call('PATCH', path, { path: '' }), 400, /body\.path/);
    expectError(await w.call('PATCH', path, { condition: 'c'.repeat(1025) }), 400, /body\.condition.*1024/);
    expectError(await w.call('PATCH', `${base}/site-spaces/sitesp_nope`, { path: 'x' }), 404, 'No matching Site space found');
  });

  it('deletes, 204 every time, and the site counts follow', async () => {
    const base = await site([guides, api]);
    const [a] = await siteSpaces(base);
    for (let i = 0; i < 2; i++) expect((await w.call('DELETE', `${base}/site-spaces/${a.id}`)).status).toBe(204);
    expect((await w.call('GET', base)).body.siteSpaces).toBe(1);
    expect((await siteSpaces(base))[0].default).toBe(true);
  });

  it('moves within its section; other neighbours are invalid', async () => {
    const base = await site([guides, api, handbook]);
    const [a, b, c] = await siteSpaces(base);
    const move = (id: string, body?: unknown) => w.call('POST', `${base}/site-spaces/${id}/move`, body);
    const moved = expectSpec(await move(c.id, { position: { before: { type: 'site-space', siteSpace: a.id } } }), 'moveSiteSpace');
    expect(moved.default).toBe(true);
    expect(ids(await siteSpaces(base))).toEqual([c.id, a.id, b.id]);
    expectSpec(await move(c.id), 'moveSiteSpace');
    expect(ids(await siteSpaces(base))).toEqual([a.id, b.id, c.id]);
    expectError(
      await move(a.id, { position: { after: { type: 'site-space', siteSpace: 'sitesp_nope' } } }),
      400,
      'Invalid move site space position provided',
    );
    expectError(await move('sitesp_nope'), 404, 'No matching Site space found');

    const sectioned = await site();
    const s1 = await addSection(sectioned, { spaceId: guides });
    const s2 = await addSection(sectioned, { spaceId: api });
    expectError(
      await w.call('POST', `${sectioned}/site-spaces/${s1.siteSpaces[0].id}/move`, {
        position: { before: { type: 'site-space', siteSpace: s2.siteSpaces[0].id } },
      }),
      400,
      'Invalid move site space position provided',
    );
  });
});
