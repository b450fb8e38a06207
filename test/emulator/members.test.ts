import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/server.js';
import { collect, DEMO, startDemo, type Api } from './helpers.js';

let emu: RunningEmulator;
let api: Api;
let now: Date;
const base = `/v1/orgs/${DEMO.org}`;
const ids = (items: { id: string }[]) => items.map((m) => m.id);

beforeEach(async () => {
  now = new Date('2025-06-10T12:00:00.000Z');
  ({ emu, api } = await startDemo({ clock: () => now }));
});
afterEach(async () => {
  await emu.close();
});

function addMember(userId: string, role: string | null, joinedAt: string) {
  emu.store.insert('user', { id: userId, object: 'user', displayName: `User ${userId}`, email: `${userId}@acme.test` });
  emu.store.insert('member', { id: `${DEMO.org}:${userId}`, organization: DEMO.org, userId, role, joinedAt }, DEMO.org);
}

describe('list members', () => {
  it('lists by join date, newest first by default', async () => {
    const res = await api('GET', `${base}/members`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(9);
    expect(res.body.items[0]).toMatchObject({
      object: 'member',
      id: DEMO.users.guest,
      role: null,
      user: { object: 'user', displayName: 'Barbara Liskov' },
    });
    const joined = res.body.items.map((m: { joinedAt: string }) => m.joinedAt);
    expect(joined).toEqual([...joined].sort().reverse());
    const asc = await api('GET', `${base}/members`, { query: { order: 'asc' } });
    expect(asc.body.items[0].id).toBe(DEMO.users.admin);
  });

  it('shows team and space counts', async () => {
    const res = await api('GET', `${base}/members/${DEMO.users.edit}`);
    expect(res.body).toMatchObject({ teams: 1, spaces: 3, sso: false, disabled: false });
    expect((await api('GET', `${base}/members/${DEMO.users.guest}`)).body.spaces).toBe(0);
  });

  it('filters by role, guest included', async () => {
    expect(ids((await api('GET', `${base}/members`, { query: { role: 'edit', order: 'asc' } })).body.items)).toEqual([
      DEMO.users.edit,
      'usr_edsger',
    ]);
    const guests = await api('GET', `${base}/members`, { query: { role: 'guest' } });
    expect(ids(guests.body.items)).toEqual([DEMO.users.guest]);
    expect(guests.body.count).toBe(1);
  });

  it('searches display names and e-mail addresses', async () => {
    expect(ids((await api('GET', `${base}/members`, { query: { search: 'GRACE' } })).body.items)).toEqual([DEMO.users.create]);
    expect(ids((await api('GET', `${base}/members`, { query: { search: 'partner.test' } })).body.items)).toEqual([DEMO.users.guest]);
    expect((await api('GET', `${base}/members`, { query: { search: 'nobody-by-that-name' } })).body).toMatchObject({ items: [], count: 0 });
  });

  it('sorts by last seen, listing only members seen at least once', async () => {
    const res = await api('GET', `${base}/members`, { query: { sort: 'lastSeenAt' } });
    const seen = res.body.items.map((m: { lastSeenAt: string }) => m.lastSeenAt);
    expect(seen.length).toBe(5);
    expect(seen).toEqual([...seen].sort().reverse());
    await api('POST', `${base}/ping`, { token: DEMO.tokens.read });
    const after = await api('GET', `${base}/members`, { query: { sort: 'lastSeenAt' } });
    expect(after.body.items[0]).toMatchObject({ id: DEMO.users.read, lastSeenAt: now.toISOString() });
    const paged = await collect(api, `${base}/members`, { query: { sort: 'lastSeenAt', order: 'asc' } }, 2);
    expect(ids(paged)).toEqual(ids(after.body.items).reverse());
  });

  it('keeps a last-seen page cursor valid when the member it stopped at is seen again', async () => {
    const first = await api('GET', `${base}/members`, { query: { sort: 'lastSeenAt', limit: 2 } });
    const before = ids((await api('GET', `${base}/members`, { query: { sort: 'lastSeenAt' } })).body.items);
    expect(ids(first.body.items)).toEqual(before.slice(0, 2));
    // The member the cursor points at pings: they move to the top, the next page must not restart.
    const last = first.body.items[1].id as string;
    const token = Object.entries(DEMO.users).find(([, id]) => id === last)?.[0] as keyof typeof DEMO.tokens;
    now = new Date(now.getTime() + 60_000);
    expect((await api('POST', `${base}/ping`, { token: DEMO.tokens[token] })).status).toBe(200);
    const rest: string[] = [];
    let page: string | undefined = first.body.next.page;
    while (page) {
      const res = await api('GET', `${base}/members`, { query: { sort: 'lastSeenAt', limit: 2, page } });
      expect(res.status).toBe(200);
      rest.push(...ids(res.body.items));
      page = res.body.next?.page;
    }
    expect(rest).toEqual(before.slice(2));
    // A cursor of the join-date listing means nothing in last-seen order.
    const joined = await api('GET', `${base}/members`, { query: { limit: 2 } });
    const mixed = await api('GET', `${base}/members`, { query: { sort: 'lastSeenAt', page: joined.body.next.page } });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toMatch(/^page: .* is not a valid page cursor/);
  });

  it('pages and counts filtered lists', async () => {
    for (let i = 0; i < 5; i++) addMember(`usr_extra_${i}`, i % 2 === 0 ? 'edit' : 'read', `2025-06-0${i + 1}T00:00:00.000Z`);
    const editors = await collect(api, `${base}/members`, { query: { role: 'edit', order: 'asc' } }, 2);
    expect(ids(editors)).toEqual([DEMO.users.edit, 'usr_edsger', 'usr_extra_0', 'usr_extra_2', 'usr_extra_4']);
    const firstPage = await api('GET', `${base}/members`, { query: { role: 'edit', limit: 2 } });
    expect(firstPage.body.count).toBe(5);
    const searched = await collect(api, `${base}/members`, { query: { search: 'usr_extra', role: 'read' } }, 1);
    expect(ids(searched)).toEqual(['usr_extra_3', 'usr_extra_1']);
  });

  it('searches names case-insensitively beyond ASCII', async () => {
    emu.store.insert('user', { id: 'usr_sine', object: 'user', displayName: 'Åsa Öberg', email: 'asa@acme.test' });
    emu.store.insert(
      'member',
      { id: `${DEMO.org}:usr_sine`, organization: DEMO.org, userId: 'usr_sine', role: 'read', joinedAt: '2025-06-01T00:00:00.000Z' },
      DEMO.org,
    );
    expect(ids((await api('GET', `${base}/members`, { query: { search: 'åsa ö' } })).body.items)).toEqual(['usr_sine']);
    expect(ids((await api('GET', `${base}/members`, { query: { search: 'ÖBERG' } })).body.items)).toEqual(['usr_sine']);
  });

  it('pages without duplicates or gaps while members join', async () => {
    const first = await api('GET', `${base}/members`, { query: { limit: 4, order: 'asc' } });
    addMember('usr_new_1', 'read', '2025-06-10T12:00:00.000Z');
    const rest = await collect(api, `${base}/members`, { query: { order: 'asc' }, headers: {} }, 4);
    expect(rest).toHaveLength(10);
    const again = [...ids(first.body.items)];
    let page = first.body.next.page;
    addMember('usr_new_2', 'read', '2025-06-10T12:00:01.000Z');
    while (page) {
      const res = await api('GET', `${base}/members`, { query: { limit: 4, order: 'asc', page } });
      again.push(...ids(res.body.items));
      page = res.body.next?.page;
    }
    expect(new Set(again).size).toBe(again.length);
    expect(again).toEqual([...ids(rest), 'usr_new_2']);
  });

  it('needs the read role; guests and other organizations are refused', async () => {
    expect((await api('GET', `${base}/members`, { token: DEMO.tokens.read })).status).toBe(200);
    expect((await api('GET', `${base}/members`, { token: DEMO.tokens.guest })).status).toBe(403);
    expect((await api('GET', `${base}/members`, { token: DEMO.tokens.otherAdmin })).status).toBe(404);
  });
});

describe('one member', () => {
  it('gets a member; 404 for a user who is not one', async () => {
    expect((await api('GET', `${base}/members/${DEMO.users.review}`)).body).toMatchObject({ id: DEMO.users.review, role: 'review' });
    expect((await api('GET', `${base}/members/${DEMO.users.otherAdmin}`)).status).toBe(404);
  });

  it('changes a role, and the token follows it at once', async () => {
    expect((await api('PATCH', `${base}`, { token: DEMO.tokens.read, body: { ai: true } })).status).toBe(403);
    const res = await api('PATCH', `${base}/members/${DEMO.users.read}`, { body: { role: 'admin' } });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
    expect((await api('PATCH', `${base}`, { token: DEMO.tokens.read, body: { ai: true } })).status).toBe(200);
    const guest = await api('PATCH', `${base}/members/${DEMO.users.create}`, { body: { role: null } });
    expect(guest.body.role).toBeNull();
    expect((await api('GET', `${base}/members`, { token: DEMO.tokens.create })).status).toBe(403);
  });

  it('keeps at least one admin (409)', async () => {
    const demote = await api('PATCH', `${base}/members/${DEMO.users.admin}`, { body: { role: 'read' } });
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toContain('at least one admin');
    expect((await api('DELETE', `${base}/members/${DEMO.users.admin}`)).status).toBe(409);
    await api('PATCH', `${base}/members/${DEMO.users.create}`, { body: { role: 'admin' } });
    expect((await api('PATCH', `${base}/members/${DEMO.users.admin}`, { body: { role: 'read' } })).status).toBe(200);
  });

  it('removes a member (204 either way) with their team memberships', async () => {
    expect((await api('DELETE', `${base}/members/${DEMO.users.edit}`)).status).toBe(204);
    expect((await api('GET', `${base}/members/${DEMO.users.edit}`)).status).toBe(404);
    expect((await api('GET', `/v1/orgs/${DEMO.org}`, { token: DEMO.tokens.edit })).status).toBe(404);
    const team = await api('GET', `${base}/teams/${DEMO.teams.writers}/members`);
    expect(team.body.items.map((i: { organization: { id: string } }) => i.organization.id)).not.toContain(DEMO.users.edit);
    expect((await api('DELETE', `${base}/members/${DEMO.users.edit}`)).status).toBe(204);
    expect((await api('DELETE', `${base}/members/usr_never_was`)).status).toBe(204);
  });

  it('ping updates last seen and returns visitor claims under both names', async () => {
    const res = await api('POST', `${base}/ping`, { token: DEMO.tokens.guest });
    expect(res.status).toBe(200);
    expect(res.body.serviceVisitorClaims).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.gitbookVisitorClaims).toBe(res.body.serviceVisitorClaims);
    const claims = JSON.parse(Buffer.from(res.body.serviceVisitorClaims.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: DEMO.users.guest, organization: DEMO.org });
    expect((await api('GET', `${base}/members/${DEMO.users.guest}`)).body.lastSeenAt).toBe(now.toISOString());
    expect((await api('POST', `/v1/orgs/${DEMO.otherOrg}/ping`, { token: DEMO.tokens.guest })).status).toBe(404);
  });

  it('makes a member an SSO member', async () => {
    const res = await api('POST', `${base}/members/${DEMO.users.read}/sso`);
    expect(res.body).toMatchObject({ id: DEMO.users.read, sso: true });
    expect((await api('POST', `${base}/members/usr_nobody/sso`)).status).toBe(404);
    expect((await api('POST', `${base}/members/${DEMO.users.read}/sso`, { token: DEMO.tokens.create })).status).toBe(403);
  });
});

describe("a member's spaces and teams", () => {
  it('lists the spaces a member reaches, with their role', async () => {
    const res = await api('GET', `${base}/members/${DEMO.users.edit}/spaces`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    for (const item of res.body.items)
      expect(item).toMatchObject({ permission: 'edit', space: { object: 'space', organization: DEMO.org } });
    expect(res.body.items.map((i: { space: { id: string } }) => i.space.id)).toEqual([
      DEMO.spaces.handbook,
      DEMO.spaces.api,
      DEMO.spaces.guides,
    ]);
    expect((await api('GET', `${base}/members/${DEMO.users.guest}/spaces`)).body).toMatchObject({ items: [], count: 0 });
    expect((await api('GET', `${base}/members/usr_nobody/spaces`)).status).toBe(404);
  });

  it("lists a member's teams with their team role, filtered by title", async () => {
    const res = await api('GET', `${base}/members/${DEMO.users.create}/teams`);
    expect(res.body.items).toEqual([
      { team: expect.objectContaining({ id: DEMO.teams.writers, object: 'team' }), member: { role: 'owner' } },
    ]);
    expect((await api('GET', `${base}/members/${DEMO.users.comment}/teams`, { query: { title: 'REVIEW' } })).body.items[0].member).toEqual({
      role: 'member',
    });
    expect((await api('GET', `${base}/members/${DEMO.users.comment}/teams`, { query: { title: 'writers' } })).body.items).toEqual([]);
    expect((await api('GET', `${base}/members/usr_nobody/teams`)).status).toBe(404);
  });
});
