import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/server.js';
import { collect, DEMO, startDemo, type Api } from './helpers.js';

let emu: RunningEmulator;
let api: Api;
let now: Date;
const C = DEMO.collections;
const list = `/v1/orgs/${DEMO.org}/collections`;
const ids = (items: { id: string }[]) => items.map((c) => c.id);
const idsOf = async (path: string, query = {}) => ids(await collect(api, path, { query }));

beforeEach(async () => {
  now = new Date('2025-06-10T12:00:00.000Z');
  ({ emu, api } = await startDemo({ clock: () => now }));
});
afterEach(async () => {
  await emu.close();
});

describe('collections', () => {
  it('lists nested collections by default, top-level ones with nested=false', async () => {
    expect(await idsOf(list)).toEqual([C.product, C.guides, C.api, C.internal]);
    expect(await idsOf(list, { nested: false })).toEqual([C.product, C.internal]);
    const one = (await api('GET', list, { query: { limit: 1 } })).body.items[0];
    expect(one).toEqual({
      object: 'collection',
      id: C.product,
      title: 'Product',
      description: 'Everything customers read',
      organization: DEMO.org,
      defaultLevel: 'inherit',
      urls: { location: `${emu.url}/v1/collections/${C.product}`, app: expect.stringContaining(emu.url) },
      permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
    });
  });

  it('creates collections, nested or not, and pages them stably while more are created', async () => {
    const top = await api('POST', list);
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({ title: 'Untitled', defaultLevel: 'inherit' });
    const child = await api('POST', list, { token: DEMO.tokens.create, body: { title: 'Tutorials', parent: C.guides } });
    expect(child.body).toMatchObject({ title: 'Tutorials', parent: C.guides, permissions: { admin: false, create: true } });
    const first = await api('GET', list, { query: { limit: 3 } });
    now = new Date('2025-06-11T12:00:00.000Z');
    const late = await api('POST', list, { body: { title: 'Late' } });
    const seen = ids(first.body.items);
    let page = first.body.next?.page;
    while (page) {
      const res = await api('GET', list, { query: { limit: 3, page } });
      seen.push(...ids(res.body.items));
      page = res.body.next?.page;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual([C.product, C.guides, C.api, C.internal, top.body.id, child.body.id, late.body.id].sort());
  });

  it('keeps a page cursor valid when the collections before it are deleted', async () => {
    const made: string[] = [];
    for (let i = 0; i < 4; i++) {
      now = new Date(now.getTime() + 1000);
      made.push((await api('POST', list, { body: { title: `Batch ${i}` } })).body.id);
    }
    const all = await idsOf(list);
    const first = await api('GET', list, { query: { limit: 5 } });
    expect(ids(first.body.items)).toEqual(all.slice(0, 5));
    // The page ended on the first new collection; it and two before it go away.
    expect(first.body.items[4].id).toBe(made[0]);
    for (const id of [C.internal, C.api, made[0]]) expect((await api('DELETE', `/v1/collections/${id}`)).status).toBe(204);
    const next = await api('GET', list, { query: { limit: 5, page: first.body.next.page } });
    expect(ids(next.body.items)).toEqual(made.slice(1));
    expect((await api('GET', list, { query: { page: 'bm9wZQ' } })).status).toBe(400);
  });

  it('checks the body and the role on create', async () => {
    expect((await api('POST', list, { body: { title: 't'.repeat(51) } })).body.error.message).toBe(
      'body.title: must be at most 50 characters',
    );
    const parent = await api('POST', list, { body: { parent: 'col_nowhere' } });
    expect(parent.status).toBe(400);
    expect(parent.body.error.message).toContain('body.parent');
    expect((await api('POST', list, { body: { parent: C.globex } })).status).toBe(400);
    expect((await api('POST', list, { token: DEMO.tokens.review, body: { title: 'No' } })).status).toBe(403);
  });

  it('gets and edits a collection; another organization gets 404', async () => {
    expect((await api('GET', `/v1/collections/${C.guides}`)).body).toMatchObject({ id: C.guides, parent: C.product, title: 'Guides' });
    expect((await api('GET', `/v1/collections/${C.guides}`, { token: DEMO.tokens.otherAdmin })).status).toBe(404);
    expect((await api('GET', '/v1/collections/col_nowhere')).status).toBe(404);
    const res = await api('PATCH', `/v1/collections/${C.guides}`, { body: { title: 'How-to', description: '', defaultLevel: null } });
    expect(res.body).toMatchObject({ title: 'How-to', description: '', defaultLevel: null });
    expect((await api('PATCH', `/v1/collections/${C.guides}`, { body: { description: 'd'.repeat(101) } })).body.error.message).toBe(
      'body.description: must be at most 100 characters',
    );
    expect((await api('PATCH', `/v1/collections/${C.guides}`, { token: DEMO.tokens.create, body: { title: 'x' } })).status).toBe(403);
  });

  it('lists the spaces of a collection', async () => {
    const res = await api('GET', `/v1/collections/${C.guides}/spaces`, { token: DEMO.tokens.read });
    expect(res.status).toBe(200);
    expect(ids(res.body.items)).toEqual([DEMO.spaces.guides]);
    expect(res.body.items[0]).toMatchObject({ object: 'space', parent: C.guides, permissions: { view: true, edit: false } });
    expect((await api('GET', `/v1/collections/${C.product}/spaces`)).body).toMatchObject({ items: [], count: 0 });
  });
});

describe('move', () => {
  it('moves under another parent, to the top level, and before or after a neighbour', async () => {
    const moved = await api('POST', `/v1/collections/${C.api}/move`, { body: { parent: C.internal } });
    expect(moved.status).toBe(200);
    expect(moved.body.parent).toBe(C.internal);
    const top = await api('POST', `/v1/collections/${C.api}/move`, { body: { parent: null } });
    expect(top.body.parent).toBeUndefined();
    expect(await idsOf(list, { nested: false })).toEqual([C.product, C.internal, C.api]);
    await api('POST', `/v1/collections/${C.api}/move`, { body: { position: { before: { type: 'collection', collection: C.product } } } });
    expect(await idsOf(list, { nested: false })).toEqual([C.api, C.product, C.internal]);
    await api('POST', `/v1/collections/${C.api}/move`, { body: { position: { after: { type: 'collection', collection: C.product } } } });
    expect(await idsOf(list, { nested: false })).toEqual([C.product, C.api, C.internal]);
  });

  it('places a collection among the spaces of its new parent', async () => {
    const res = await api('POST', `/v1/collections/${C.api}/move`, {
      body: { parent: C.guides, position: { before: { type: 'space', space: DEMO.spaces.guides } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.parent).toBe(C.guides);
  });

  it('400 for an invalid position or parent, 404 for an unknown collection, 409 when nothing changes', async () => {
    const notSibling = await api('POST', `/v1/collections/${C.api}/move`, {
      body: { position: { before: { type: 'collection', collection: C.internal } } },
    });
    expect(notSibling.status).toBe(400);
    expect(notSibling.body.error.message).toBe('Invalid position space or collection provided');
    expect((await api('POST', `/v1/collections/${C.product}/move`, { body: { parent: C.guides } })).status).toBe(400);
    expect((await api('POST', `/v1/collections/${C.product}/move`, { body: { parent: C.product } })).status).toBe(400);
    expect((await api('POST', `/v1/collections/${C.api}/move`, { body: { parent: C.globex } })).status).toBe(400);
    expect((await api('POST', '/v1/collections/col_nowhere/move', { body: { parent: null } })).status).toBe(404);
    const same = await api('POST', `/v1/collections/${C.api}/move`, { body: { parent: C.product } });
    expect(same.status).toBe(409);
    expect(same.body.error.message).toBe('Operation would not result in any update');
    expect(
      (await api('POST', `/v1/collections/${C.api}/move`, { body: { position: { after: { type: 'collection', collection: C.guides } } } }))
        .status,
    ).toBe(409);
    expect((await api('POST', `/v1/collections/${C.api}/move`, { body: {} })).status).toBe(400);
  });
});

describe('transfer', () => {
  it('409 to the same organization, 412 to one where the caller is not an admin (or that does not exist)', async () => {
    const same = await api('POST', `/v1/collections/${C.product}/transfer`, { body: { organization: DEMO.org } });
    expect(same.status).toBe(409);
    // The demo admin administers the second organization too: an editor there cannot receive.
    const membership = `${DEMO.otherOrg}:${DEMO.users.admin}`;
    emu.store.patch<{ id: string; role: string }>('member', membership, { role: 'edit' });
    const foreign = await api('POST', `/v1/collections/${C.product}/transfer`, { body: { organization: DEMO.otherOrg } });
    emu.store.patch<{ id: string; role: string }>('member', membership, { role: 'admin' });
    const unknown = await api('POST', `/v1/collections/${C.product}/transfer`, { body: { organization: 'org_nowhere' } });
    expect(foreign.status).toBe(412);
    expect(unknown.status).toBe(412);
    expect(foreign.body.error.message).toContain('cannot be moved');
    expect((await api('POST', '/v1/collections/col_nowhere/transfer', { body: { organization: DEMO.otherOrg } })).status).toBe(404);
  });

  it('moves the collection, its nested collections and their spaces to the other organization', async () => {
    const res = await api('POST', `/v1/collections/${C.product}/transfer`, { body: { organization: DEMO.otherOrg } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: C.product, organization: DEMO.otherOrg });
    expect(res.body.parent).toBeUndefined();
    expect(await idsOf(list)).toEqual([C.internal]);
    const other = ids(await collect(api, `/v1/orgs/${DEMO.otherOrg}/collections`, { token: DEMO.tokens.otherAdmin }));
    expect(other.sort()).toEqual([C.globex, C.product, C.guides, C.api].sort());
    const space = await api('GET', `/v1/spaces/${DEMO.spaces.guides}`, { token: DEMO.tokens.otherAdmin });
    expect(space.status).toBe(200);
    expect(space.body.organization).toBe(DEMO.otherOrg);
    expect((await api('GET', `/v1/spaces/${DEMO.spaces.guides}`, { token: DEMO.tokens.edit })).status).toBe(404);
  });
});

describe('delete', () => {
  it('deletes nested collections and sends their spaces to the trash (204 either way)', async () => {
    expect((await api('DELETE', `/v1/collections/${C.product}`, { token: DEMO.tokens.create })).status).toBe(403);
    expect((await api('DELETE', `/v1/collections/${C.product}`)).status).toBe(204);
    expect(await idsOf(list)).toEqual([C.internal]);
    expect((await api('GET', `/v1/collections/${C.guides}`)).status).toBe(404);
    const space = emu.store.get<{ id: string; deletedAt?: string; parent?: string }>('space', DEMO.spaces.guides);
    expect(space?.deletedAt).toBe(now.toISOString());
    expect(space?.parent).toBeUndefined();
    expect((await api('DELETE', `/v1/collections/${C.product}`)).status).toBe(204);
  });
});
