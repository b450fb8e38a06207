import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/server.js';
import { collect, DEMO, startDemo, type Api } from './helpers.js';

let emu: RunningEmulator;
let api: Api;
let now = new Date('2025-06-10T12:00:00.000Z');

beforeEach(async () => {
  now = new Date('2025-06-10T12:00:00.000Z');
  ({ emu, api } = await startDemo({ clock: () => now }));
});
afterEach(async () => {
  await emu.close();
});

/** Put the admin in `n` more organizations, straight into the store. */
function addOrgs(from: number, n: number): string[] {
  const ids: string[] = [];
  for (let i = from; i < from + n; i++) {
    const id = `org_extra_${i}`;
    emu.store.insert('organization', { ...emu.store.get('organization', DEMO.org)!, id, title: `Extra ${i}` });
    emu.store.insert(
      'member',
      { id: `${id}:${DEMO.users.admin}`, organization: id, userId: DEMO.users.admin, role: 'read', joinedAt: now.toISOString() },
      id,
    );
    ids.push(id);
  }
  return ids;
}

describe('list organizations', () => {
  it("lists only the caller's organizations", async () => {
    const mine = await api('GET', '/v1/orgs');
    expect(mine.status).toBe(200);
    // The demo admin administers both organizations; the other admin only the second.
    expect(mine.body.items.map((o: { id: string }) => o.id)).toEqual([DEMO.org, DEMO.otherOrg]);
    expect(mine.body.count).toBe(2);
    expect((await api('GET', '/v1/orgs', { token: DEMO.tokens.edit })).body.items.map((o: { id: string }) => o.id)).toEqual([DEMO.org]);
    const other = await api('GET', '/v1/orgs', { token: DEMO.tokens.otherAdmin });
    expect(other.body.items.map((o: { id: string }) => o.id)).toEqual([DEMO.otherOrg]);
  });

  it('pages with stable cursors while organizations are added', async () => {
    addOrgs(0, 4);
    const first = await api('GET', '/v1/orgs', { query: { limit: 2 } });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.count).toBe(6);
    addOrgs(4, 2);
    const seen = [...first.body.items.map((o: { id: string }) => o.id)];
    let page = first.body.next?.page;
    while (page) {
      const res = await api('GET', '/v1/orgs', { query: { limit: 2, page } });
      seen.push(...res.body.items.map((o: { id: string }) => o.id));
      page = res.body.next?.page;
    }
    expect(seen).toEqual([DEMO.org, DEMO.otherOrg, ...Array.from({ length: 6 }, (_, i) => `org_extra_${i}`)]);
  });

  it('400 for an invalid cursor', async () => {
    const res = await api('GET', '/v1/orgs', { query: { page: 'not-a-cursor' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^page:/);
  });
});

describe('get organization', () => {
  it('answers every field the spec requires, with permissions from the role', async () => {
    const res = await api('GET', `/v1/orgs/${DEMO.org}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'organization',
      id: DEMO.org,
      title: 'Acme Docs',
      plan: 'pro_2024',
      type: 'business',
      inviteLinks: true,
      emailDomains: ['acme.test'],
      trial: { status: expect.any(String) },
      urls: { location: `${emu.url}/v1/orgs/${DEMO.org}`, app: expect.stringContaining(emu.url) },
      permissions: { view: true, admin: true, createContent: true, listMembers: true },
    });
    const guest = await api('GET', `/v1/orgs/${DEMO.org}`, { token: DEMO.tokens.guest });
    expect(guest.status).toBe(200);
    expect(guest.body.permissions).toMatchObject({ view: true, admin: false, createContent: false, listMembers: false, ownTeam: false });
    const owner = await api('GET', `/v1/orgs/${DEMO.org}`, { token: DEMO.tokens.create });
    expect(owner.body.permissions).toMatchObject({ admin: false, createContent: true, ownTeam: true });
  });

  it('404 for an organization the caller is not in, and for one that does not exist', async () => {
    const other = await api('GET', `/v1/orgs/${DEMO.org}`, { token: DEMO.tokens.otherAdmin });
    const missing = await api('GET', '/v1/orgs/org_nowhere');
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(other.body).toEqual(missing.body);
  });
});

describe('update organization', () => {
  it('changes settings and shows them', async () => {
    const res = await api('PATCH', `/v1/orgs/${DEMO.org}`, {
      body: {
        title: 'Acme Documentation',
        hostname: 'acme-docs',
        emailDomains: ['ACME.test', 'acme.example'],
        logo: 'https://acme.test/logo.png',
        defaultRole: null,
        ai: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Acme Documentation',
      hostname: 'acme-docs',
      emailDomains: ['acme.test', 'acme.example'],
      defaultRole: null,
      ai: true,
    });
    expect(res.body.urls.logo).toBe('https://acme.test/logo.png');
    expect((await api('GET', `/v1/orgs/${DEMO.org}`)).body.title).toBe('Acme Documentation');
    const cleared = await api('PATCH', `/v1/orgs/${DEMO.org}`, { body: { logo: null } });
    expect(cleared.body.urls.logo).toBeUndefined();
  });

  it('sets and removes the default content site; an unknown site is 400', async () => {
    const set = await api('PATCH', `/v1/orgs/${DEMO.org}`, { body: { defaultContent: { type: 'site', site: DEMO.site } } });
    expect(set.status).toBe(200);
    expect(set.body.defaultContent).toEqual({ type: 'site', site: DEMO.site });
    const bad = await api('PATCH', `/v1/orgs/${DEMO.org}`, { body: { defaultContent: { type: 'site', site: 'site_nowhere' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('site_nowhere');
    const removed = await api('PATCH', `/v1/orgs/${DEMO.org}`, { body: { defaultContent: null } });
    expect(removed.body.defaultContent).toBeUndefined();
  });

  it('checks bounds, uniqueness of the hostname, and the admin role', async () => {
    expect((await api('PATCH', `/v1/orgs/${DEMO.org}`, { body: { hostname: 'ab' } })).body.error.message).toBe(
      'body.hostname: must be at least 3 characters',
    );
    expect((await api('PATCH', `/v1/orgs/${DEMO.org}`, { body: { title: 'x'.repeat(256) } })).body.error.message).toBe(
      'body.title: must be at most 255 characters',
    );
    await api('PATCH', `/v1/orgs/${DEMO.otherOrg}`, { token: DEMO.tokens.otherAdmin, body: { hostname: 'globex' } });
    const taken = await api('PATCH', `/v1/orgs/${DEMO.org}`, { body: { hostname: 'globex' } });
    expect(taken.status).toBe(400);
    const denied = await api('PATCH', `/v1/orgs/${DEMO.org}`, { token: DEMO.tokens.create, body: { title: 'Mine now' } });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toContain('admin');
  });
});

describe('invites, search, e-mail domains', () => {
  it('deletes an invite link: 204 whether or not it existed', async () => {
    expect(emu.store.get('invite', DEMO.invite)).toBeDefined();
    expect((await api('DELETE', `/v1/orgs/${DEMO.org}/link-invites/${DEMO.invite}`)).status).toBe(204);
    expect(emu.store.get('invite', DEMO.invite)).toBeUndefined();
    expect((await api('DELETE', `/v1/orgs/${DEMO.org}/link-invites/${DEMO.invite}`)).status).toBe(204);
  });

  it("searches the pages of the organization's spaces", async () => {
    const res = await api('GET', `/v1/orgs/${DEMO.org}/search`, { query: { query: 'homebrew' } });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ id: DEMO.spaces.guides, title: 'Getting Started' });
    expect(res.body.items[0].pages.map((p: { id: string }) => p.id)).toEqual(['page_install_macos']);
    // Globex's runbooks are not searched from Acme.
    expect((await api('GET', `/v1/orgs/${DEMO.org}/search`, { query: { query: 'on-call' } })).body.items).toEqual([]);
    const all = await collect(api, `/v1/orgs/${DEMO.org}/search`, { query: { query: 'acme' } }, 1);
    expect(all.length).toBeGreaterThan(1);
  });

  it('requires the search query and bounds it', async () => {
    expect((await api('GET', `/v1/orgs/${DEMO.org}/search`)).body.error.message).toBe('query: required');
    expect((await api('GET', `/v1/orgs/${DEMO.org}/search`, { query: { query: 'q'.repeat(513) } })).body.error.message).toBe(
      'query: must be at most 512 characters',
    );
  });

  it("lists the caller's organizations with an e-mail domain", async () => {
    const res = await api('GET', '/v1/email-domains/ACME.test/orgs');
    expect(res.status).toBe(200);
    expect(res.body.organizations.map((o: { id: string }) => o.id)).toEqual([DEMO.org]);
    const other = await api('GET', '/v1/email-domains/acme.test/orgs', { token: DEMO.tokens.otherAdmin });
    expect(other.body).toEqual({ organizations: [] });
  });
});
