import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/server.js';
import { collect, DEMO, startDemo, type Api } from './helpers.js';

let emu: RunningEmulator;
let api: Api;
const teams = `/v1/orgs/${DEMO.org}/teams`;
const ids = (items: { id: string }[]) => items.map((t) => t.id);
const memberIds = async (teamId: string) =>
  (await collect(api, `${teams}/${teamId}/members`))
    .map((i: { organization: { id: string }; team: { role: string } }) => `${i.organization.id}:${i.team.role}`)
    .sort();

beforeEach(async () => {
  ({ emu, api } = await startDemo());
});
afterEach(async () => {
  await emu.close();
});

describe('teams', () => {
  it('lists teams with counts and permissions', async () => {
    const res = await api('GET', teams);
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toEqual({
      object: 'team',
      id: DEMO.teams.writers,
      title: 'Technical Writers',
      members: 3,
      spaces: 0,
      createdAt: '2024-01-10T09:00:00.000Z',
      permissions: { admin: true, view: true },
    });
    const owner = await api('GET', `${teams}/${DEMO.teams.writers}`, { token: DEMO.tokens.create });
    expect(owner.body.permissions).toEqual({ admin: true, view: true });
    const reader = await api('GET', `${teams}/${DEMO.teams.writers}`, { token: DEMO.tokens.read });
    expect(reader.body.permissions).toEqual({ admin: false, view: true });
  });

  it('filters by the teams a member can manage and by title', async () => {
    expect(ids((await api('GET', teams, { query: { owner: DEMO.users.create } })).body.items)).toEqual([DEMO.teams.writers]);
    expect(ids((await api('GET', teams, { query: { owner: DEMO.users.admin } })).body.items)).toEqual([
      DEMO.teams.writers,
      DEMO.teams.reviewers,
    ]);
    expect((await api('GET', teams, { query: { owner: DEMO.users.edit } })).body).toMatchObject({ items: [], count: 0 });
    expect(ids((await api('GET', teams, { query: { title: 'REVIEW' } })).body.items)).toEqual([DEMO.teams.reviewers]);
    expect(ids((await api('GET', teams, { query: { title: 'writ', owner: DEMO.users.review } })).body.items)).toEqual([]);
  });

  it('creates a team (PUT) with members given by id or e-mail', async () => {
    const res = await api('PUT', teams, { body: { title: 'Support', members: [DEMO.users.read, 'KATHERINE@acme.test'] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ object: 'team', title: 'Support', members: 2 });
    expect(await memberIds(res.body.id)).toEqual([`${DEMO.users.edit}:member`, `${DEMO.users.read}:member`].sort());
    const bad = await api('PUT', teams, { body: { title: 'Strangers', members: [DEMO.users.otherAdmin] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(`body.members.0: "${DEMO.users.otherAdmin}" is not a member of the organization`);
    expect((await api('PUT', teams, { body: { title: 'x'.repeat(65) } })).body.error.message).toBe(
      'body.title: must be at most 64 characters',
    );
    expect((await api('PUT', teams, { body: { members: [] } })).body.error.message).toBe('body.title: required');
    expect((await api('PUT', teams, { token: DEMO.tokens.create, body: { title: 'Mine' } })).status).toBe(403);
  });

  it('pages teams without duplicates while teams are created', async () => {
    const first = await api('GET', teams, { query: { limit: 1 } });
    await api('PUT', teams, { body: { title: 'Later' } });
    const seen = [first.body.items[0].title];
    let page = first.body.next?.page;
    while (page) {
      const res = await api('GET', teams, { query: { limit: 1, page } });
      seen.push(...res.body.items.map((t: { title: string }) => t.title));
      page = res.body.next?.page;
    }
    expect(seen).toEqual(['Technical Writers', 'Reviewers', 'Later']);
  });

  it("gets, renames and deletes a team; another organization's team is 404", async () => {
    expect((await api('PATCH', `${teams}/${DEMO.teams.reviewers}`, { body: { title: 'Editors' } })).body.title).toBe('Editors');
    expect((await api('GET', `${teams}/${DEMO.teams.reviewers}`)).body.title).toBe('Editors');
    const foreign = await api('PUT', `/v1/orgs/${DEMO.otherOrg}/teams`, { token: DEMO.tokens.otherAdmin, body: { title: 'Ops' } });
    expect((await api('GET', `${teams}/${foreign.body.id}`)).status).toBe(404);
    expect((await api('DELETE', `${teams}/${foreign.body.id}`)).status).toBe(204);
    expect((await api('GET', `/v1/orgs/${DEMO.otherOrg}/teams/${foreign.body.id}`, { token: DEMO.tokens.otherAdmin })).status).toBe(200);
    expect((await api('DELETE', `${teams}/${DEMO.teams.reviewers}`)).status).toBe(204);
    expect((await api('GET', `${teams}/${DEMO.teams.reviewers}`)).status).toBe(404);
    expect((await api('DELETE', `${teams}/${DEMO.teams.reviewers}`)).status).toBe(204);
    expect((await api('GET', `/v1/orgs/${DEMO.org}/members/${DEMO.users.review}`)).body.teams).toBe(0);
  });
});

describe('team members', () => {
  it('lists members with their organization membership and team role', async () => {
    const res = await api('GET', `${teams}/${DEMO.teams.writers}/members`);
    expect(res.body.count).toBe(3);
    expect(res.body.items[0]).toEqual({
      organization: expect.objectContaining({ object: 'member', id: DEMO.users.create, role: 'create' }),
      team: { role: 'owner' },
      permissions: { view: true },
    });
    expect((await api('GET', `${teams}/team_nowhere/members`)).status).toBe(404);
  });

  it('adds, removes and changes roles in one call; someone both added and removed ends up removed', async () => {
    const res = await api('PUT', `${teams}/${DEMO.teams.reviewers}/members`, {
      body: {
        add: ['tim@acme.test', DEMO.users.edit],
        remove: [DEMO.users.edit, DEMO.users.comment],
        memberships: { [DEMO.users.read]: { role: 'owner' } },
      },
    });
    expect(res.status).toBe(204);
    expect(await memberIds(DEMO.teams.reviewers)).toEqual([`${DEMO.users.review}:owner`, `${DEMO.users.read}:owner`].sort());
  });

  it('refuses unknown people and role changes for non-members', async () => {
    const unknown = await api('PUT', `${teams}/${DEMO.teams.reviewers}/members`, { body: { add: ['stranger@elsewhere.test'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('body.add.0');
    const role = await api('PUT', `${teams}/${DEMO.teams.reviewers}/members`, {
      body: { memberships: { [DEMO.users.read]: { role: 'owner' } } },
    });
    expect(role.status).toBe(400);
    expect(
      (await api('PUT', `${teams}/${DEMO.teams.reviewers}/members`, { body: { memberships: { [DEMO.users.comment]: { role: 'chief' } } } }))
        .status,
    ).toBe(400);
    expect(await memberIds(DEMO.teams.reviewers)).toEqual([`${DEMO.users.comment}:member`, `${DEMO.users.review}:owner`].sort());
  });

  it('adds or updates one member, and removes one (204 either way)', async () => {
    expect((await api('PUT', `${teams}/${DEMO.teams.reviewers}/members/${DEMO.users.read}`)).status).toBe(204);
    expect((await api('PUT', `${teams}/${DEMO.teams.reviewers}/members/${DEMO.users.comment}`, { body: { role: 'owner' } })).status).toBe(
      204,
    );
    expect(await memberIds(DEMO.teams.reviewers)).toEqual(
      [`${DEMO.users.comment}:owner`, `${DEMO.users.review}:owner`, `${DEMO.users.read}:member`].sort(),
    );
    expect((await api('PUT', `${teams}/${DEMO.teams.reviewers}/members/${DEMO.users.otherAdmin}`)).status).toBe(404);
    expect((await api('PUT', `${teams}/team_nowhere/members/${DEMO.users.read}`)).status).toBe(404);
    expect((await api('DELETE', `${teams}/${DEMO.teams.reviewers}/members/${DEMO.users.read}`)).status).toBe(204);
    expect((await api('DELETE', `${teams}/${DEMO.teams.reviewers}/members/${DEMO.users.read}`)).status).toBe(204);
    expect(await memberIds(DEMO.teams.reviewers)).toEqual([`${DEMO.users.comment}:owner`, `${DEMO.users.review}:owner`].sort());
  });
});

describe('team owners', () => {
  it('manage their own team (title and members) without being admins, but not other teams', async () => {
    const asOwner = { token: DEMO.tokens.create };
    expect((await api('PATCH', `${teams}/${DEMO.teams.writers}`, { ...asOwner, body: { title: 'Writers' } })).status).toBe(200);
    expect((await api('PUT', `${teams}/${DEMO.teams.writers}/members/${DEMO.users.read}`, asOwner)).status).toBe(204);
    expect((await api('PUT', `${teams}/${DEMO.teams.writers}/members`, { ...asOwner, body: { remove: ['usr_edsger'] } })).status).toBe(204);
    expect((await api('DELETE', `${teams}/${DEMO.teams.writers}/members/${DEMO.users.edit}`, asOwner)).status).toBe(204);
    expect(await memberIds(DEMO.teams.writers)).toEqual([`${DEMO.users.create}:owner`, `${DEMO.users.read}:member`].sort());
    // Not someone else's team, and not creating or deleting teams.
    expect((await api('PUT', `${teams}/${DEMO.teams.reviewers}/members/${DEMO.users.read}`, asOwner)).status).toBe(403);
    expect((await api('PATCH', `${teams}/${DEMO.teams.reviewers}`, { ...asOwner, body: { title: 'Mine' } })).status).toBe(403);
    expect((await api('DELETE', `${teams}/${DEMO.teams.writers}`, asOwner)).status).toBe(403);
    expect((await api('PUT', teams, { ...asOwner, body: { title: 'New' } })).status).toBe(403);
  });

  it('stop managing the team once they are no longer its owner', async () => {
    await api('PUT', `${teams}/${DEMO.teams.writers}/members/${DEMO.users.create}`, { body: { role: 'member' } });
    expect((await api('GET', `${teams}/${DEMO.teams.writers}`, { token: DEMO.tokens.create })).body.permissions).toEqual({
      admin: false,
      view: true,
    });
    expect((await api('PUT', `${teams}/${DEMO.teams.writers}/members/${DEMO.users.read}`, { token: DEMO.tokens.create })).status).toBe(403);
  });
});
