import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSpec, startWorld, T, type World } from './helpers.js';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.emu.close());

const DAY = 24 * 60 * 60 * 1000;

describe('GET/PATCH space', () => {
  it('answers the full Space resource, with counts and permissions for the caller', async () => {
    const res = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs');
    expect(res.status).toBe(200);
    expectSpec('getSpaceById', res.body);
    expect(res.body).toMatchObject({
      object: 'space',
      id: 'sp_docs',
      title: 'Docs',
      organization: 'org_main',
      parent: 'col_a',
      comments: 0,
      changeRequests: 0,
    });
    expect(res.body.permissions).toMatchObject({ view: true, edit: false, admin: false, merge: false });
    expect(res.body.urls.location).toBe(`${w.emu.url}/v1/spaces/sp_docs`);
    expect(Object.keys(res.body).some((k) => k.startsWith('_'))).toBe(false);
    const admin = await w.call(T.admin, 'GET', '/v1/spaces/sp_docs');
    expect(admin.body.permissions).toMatchObject({ admin: true, edit: true, merge: true });
  });

  it('404s an unknown space and a space of another organization', async () => {
    expect((await w.call(T.admin, 'GET', '/v1/spaces/sp_nope')).status).toBe(404);
    expect((await w.call(T.outsider, 'GET', '/v1/spaces/sp_docs')).status).toBe(404);
  });

  it('edits title, edit mode, level, language; emoji and icon replace each other; null removes', async () => {
    const res = await w.call(T.admin, 'PATCH', '/v1/spaces/sp_other', {
      title: 'Renamed',
      editMode: 'locked',
      defaultLevel: 'read',
      language: 'fr',
      emoji: '🎉',
    });
    expect(res.status).toBe(200);
    expectSpec('updateSpaceById', res.body);
    expect(res.body).toMatchObject({ title: 'Renamed', editMode: 'locked', defaultLevel: 'read', language: 'fr', emoji: '🎉' });
    const icon = await w.call(T.admin, 'PATCH', '/v1/spaces/sp_other', { icon: 'https://example.com/i.png' });
    expect(icon.body.emoji).toBe('');
    expect(icon.body.urls.icon).toBe('https://example.com/i.png');
    const removed = await w.call(T.admin, 'PATCH', '/v1/spaces/sp_other', { icon: null, editMode: 'live' });
    expect(removed.body.urls.icon).toBeUndefined();
    expect((await w.call(T.admin, 'PATCH', '/v1/spaces/sp_other', { title: 'x'.repeat(51) })).status).toBe(400);
    expect((await w.call(T.editor, 'PATCH', '/v1/spaces/sp_other', { title: 'Nope' })).status).toBe(403);
  });
});

describe('delete and restore (7-day window, injected clock)', () => {
  it('hides a deleted space, restores it on day 6, and loses it for good after day 7', async () => {
    const created = await w.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate');
    const id = created.body.id as string;
    expect((await w.call(T.admin, 'DELETE', `/v1/spaces/${id}`)).status).toBe(204);
    expect((await w.call(T.admin, 'GET', `/v1/spaces/${id}`)).status).toBe(404);
    expect((await w.call(T.admin, 'GET', `/v1/spaces/${id}/content`)).status).toBe(404);
    expect((await w.call(T.admin, 'DELETE', `/v1/spaces/${id}`)).status).toBe(204);

    const start = w.clock.now;
    w.clock.now = new Date(start.getTime() + 6 * DAY);
    const restored = await w.call(T.admin, 'POST', `/v1/spaces/${id}/restore`);
    expect(restored.status).toBe(200);
    expectSpec('restoreSpace', restored.body);
    expect(restored.body.deletedAt).toBeUndefined();
    expect((await w.call(T.admin, 'GET', `/v1/spaces/${id}`)).status).toBe(200);

    expect((await w.call(T.admin, 'DELETE', `/v1/spaces/${id}`)).status).toBe(204);
    w.clock.now = new Date(w.clock.now.getTime() + 8 * DAY);
    const late = await w.call(T.admin, 'POST', `/v1/spaces/${id}/restore`);
    expect(late.status).toBe(404);
    expect(late.body.error.message).toMatch(/7 days/);
    expect(w.emu.store.get('space', id)).toBeUndefined();
    expect((await w.call(T.admin, 'POST', `/v1/spaces/${id}/restore`)).status).toBe(404);
    w.clock.now = start;
  });

  it('answers 204 for a space that never existed; only admins delete', async () => {
    expect((await w.call(T.admin, 'DELETE', '/v1/spaces/sp_never')).status).toBe(204);
    expect((await w.call(T.editor, 'DELETE', '/v1/spaces/sp_docs')).status).toBe(403);
  });
});

describe('duplicate, move, transfer', () => {
  it('duplicates the current content under a new id, 201 with Location', async () => {
    const res = await w.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate');
    expect(res.status).toBe(201);
    expectSpec('duplicateSpace', res.body);
    expect(res.body.title).toBe('Docs (copy)');
    expect(res.body.id).not.toBe('sp_docs');
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    const pages = await w.call(T.admin, 'GET', `/v1/spaces/${res.body.id}/content/pages`);
    expect(pages.body.pages.map((p: { title: string }) => p.title)).toEqual(['Introduction', 'Setup', 'Guide']);
    expect((await w.call(T.editor, 'POST', '/v1/spaces/sp_docs/duplicate')).status).toBe(403);
  });

  it('moves between collections; 400 for an invalid position or collection, 409 when nothing changes', async () => {
    const dup = (await w.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate')).body;
    const moved = await w.call(T.admin, 'POST', `/v1/spaces/${dup.id}/move`, { parent: 'col_b' });
    expect(moved.status).toBe(200);
    expectSpec('moveSpace', moved.body);
    expect(moved.body.parent).toBe('col_b');
    expect((await w.call(T.admin, 'POST', `/v1/spaces/${dup.id}/move`, { parent: 'col_b' })).status).toBe(409);
    expect((await w.call(T.admin, 'POST', `/v1/spaces/${dup.id}/move`, { parent: 'col_nope' })).status).toBe(400);
    const bad = await w.call(T.admin, 'POST', `/v1/spaces/${dup.id}/move`, { position: { before: { type: 'space', space: 'sp_other' } } });
    expect(bad.status).toBe(400);
    const top = await w.call(T.admin, 'POST', `/v1/spaces/${dup.id}/move`, { parent: null });
    expect(top.body.parent).toBeUndefined();
    const before = await w.call(T.admin, 'POST', `/v1/spaces/${dup.id}/move`, {
      position: { before: { type: 'space', space: 'sp_other' } },
    });
    expect(before.status).toBe(200);
    expect((await w.call(T.admin, 'POST', '/v1/spaces/sp_missing/move', { parent: null })).status).toBe(404);
  });

  it('transfers to another organization the caller administers: 404 unknown org, 409 same org, 412 published in a site', async () => {
    const dup = (await w.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate')).body;
    expect((await w.call(T.admin, 'POST', `/v1/spaces/${dup.id}/transfer`, { organization: 'org_nope' })).status).toBe(404);
    expect((await w.call(T.admin, 'POST', `/v1/spaces/${dup.id}/transfer`, { organization: 'org_main' })).status).toBe(409);
    w.emu.store.insert('siteSpace', { id: 'ss_test', site: 'site_x', space: dup.id, path: 'x', _order: 0 });
    expect((await w.call(T.admin, 'POST', `/v1/spaces/${dup.id}/transfer`, { organization: 'org_second' })).status).toBe(412);
    w.emu.store.delete('siteSpace', 'ss_test');
    const res = await w.call(T.admin, 'POST', `/v1/spaces/${dup.id}/transfer`, { organization: 'org_second' });
    expect(res.status).toBe(200);
    expectSpec('transferSpace', res.body);
    expect(res.body).toMatchObject({ organization: 'org_second' });
    expect(res.body.parent).toBeUndefined();
    // Now it belongs to the second organization: its members see it, the first's readers do not.
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${dup.id}`)).status).toBe(404);
    expect((await w.call(T.editor, 'GET', `/v1/spaces/${dup.id}`)).status).toBe(200);
    // The editor is a member of the second org but not an admin there.
    const other = (await w.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate')).body;
    expect((await w.call(T.editor, 'POST', `/v1/spaces/${other.id}/transfer`, { organization: 'org_second' })).status).toBe(403);
  });
});

describe('links and search', () => {
  it('reports ok, broken and in-app links with stats, filtered by status', async () => {
    const res = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/links');
    expect(res.status).toBe(200);
    expectSpec('listSpaceLinks', res.body);
    const byStatus = (s: string) => res.body.items.filter((i: { status: string }) => i.status === s);
    expect(byStatus('broken').map((i: any) => i.targetReference.url)).toEqual(['missing.md']);
    expect(byStatus('in-app').map((i: any) => i.targetReference.url)).toEqual(['https://app.example.com/o/org_main/s/sp_docs/']);
    const okKinds = byStatus('ok')
      .map((i: any) => i.targetReference.kind)
      .sort();
    expect(okKinds).toEqual(['file', 'page', 'page', 'page', 'url']);
    expect(res.body.stats).toEqual({ total: 7, broken: { total: 1, changeRequest: 0 } });
    const broken = byStatus('broken')[0];
    expect(broken.locationReferences.map((l: any) => l.page.id)).toEqual(['pg_guide']);
    const filtered = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/links?status=broken');
    expect(filtered.body.items).toHaveLength(1);
    expect(filtered.body.stats.total).toBe(7);
    const paged = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/links?limit=3');
    expect(paged.body.items).toHaveLength(3);
    const rest = await w.call(T.reader, 'GET', `/v1/spaces/sp_docs/links?limit=10&page=${paged.body.next.page}`);
    expect(rest.body.items).toHaveLength(4);
  });

  it('searches titles and markdown case-insensitively, with matching sections', async () => {
    const res = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/search?query=CONFIGURATION');
    expect(res.status).toBe(200);
    expectSpec('searchSpaceContent', res.body);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ id: 'pg_setup', title: 'Setup', path: 'setup' });
    expect(res.body.items[0].sections[0]).toMatchObject({
      title: 'Configure',
      body: 'Edit the configuration file.',
      path: 'setup#configure',
    });
    const widgets = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/search?query=widgets');
    expect(widgets.body.items.map((i: { id: string }) => i.id)).toEqual(['pg_advanced']);
    expect((await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/search?query=zebra')).body.items).toEqual([]);
    expect((await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/search')).status).toBe(400);
    expect((await w.call(T.reader, 'GET', `/v1/spaces/sp_docs/search?query=${'a'.repeat(513)}`)).status).toBe(400);
  });

  it('searches the organization across spaces', async () => {
    const res = await w.call(T.reader, 'GET', '/v1/orgs/org_main/search?query=widgets');
    expect(res.status).toBe(200);
    const ids = res.body.items.map((i: { id: string }) => i.id);
    expect(ids).toContain('sp_docs');
    expect(ids).toContain('sp_other');
  });
});
