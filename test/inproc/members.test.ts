import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, transcript, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** `docs members ...` end to end: real CLI process, real emulator process. */

interface Member {
  id: string;
  role: string | null;
  sso: boolean;
  lastSeenAt?: string;
  user: { email: string };
}
interface List<T> {
  items: T[];
}

const U = DEMO.users;
let emulator: RunningEmulator;
let env: Record<string, string>;
const withToken = (token: string | undefined) => ({ ...env, DOCS_TOKEN: token! });
const membersPath = `/v1/orgs/${DEMO.org}/members`;
const allMembers = async () => (await api<List<Member>>(emulator, 'GET', `${membersPath}?limit=1000`)).items;
const getMember = async (userId: string) => (await allMembers()).find((m) => m.id === userId);

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
  env = demoEnv(emulator);
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

describe('docs members', () => {
  it('lists members newest first, as TSV piped and a JSON array with --json', async () => {
    const expected = (await allMembers()).map((m) => m.id);
    const tsv = await docs(['members', 'list'], { env });
    expect(tsv.code, tsv.stderr).toBe(0);
    const rows = tsv.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows.map((r) => r[0])).toEqual(expected);
    expect(rows[0]).toEqual([U.guest, 'Barbara Liskov', 'barbara@partner.test', 'guest', '', '2024-09-16T15:00:00.000Z', '']);
    expect(rows.find((r) => r[0] === 'usr_frances')?.[4]).toBe('yes');

    const json = await docs(['members', 'list', '--json', '--limit', '3'], { env });
    expect((JSON.parse(json.stdout) as Member[]).map((m) => m.id)).toEqual(expected.slice(0, 3));

    // --all asks for the largest page the API allows unless --limit sets the page size.
    const all = await docs(['members', 'list', '--all', '--json', '--debug'], { env });
    expect(all.code, all.stderr).toBe(0);
    expect(
      all.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as Member).id),
    ).toEqual(expected);
    expect(all.stderr.split('\n').filter((l) => l.startsWith('> GET') && l.includes('/members'))).toEqual([
      expect.stringContaining('limit=1000'),
    ]);
    const paged = await docs(['members', 'list', '--all', '--limit', '4', '--json', '--debug'], { env });
    expect(paged.stdout.trim().split('\n')).toHaveLength(expected.length);
    const pages = paged.stderr.split('\n').filter((l) => l.startsWith('> GET') && l.includes('/members'));
    expect(pages).toHaveLength(Math.ceil(expected.length / 4));
    expect(pages.every((l) => l.includes('limit=4'))).toBe(true);
  });

  it('filters by role (guest included), search, and sorts by last-seen time', async () => {
    const guests = await docs(['members', 'list', '--role', 'guest', '--json'], { env });
    expect((JSON.parse(guests.stdout) as Member[]).map((m) => m.id)).toEqual([U.guest]);
    const search = await docs(['members', 'list', '--search', 'HOPPER'], { env });
    expect(search.stdout.split('\t')[0]).toBe(U.create);
    const seen = await docs(['members', 'list', '--sort', 'lastSeenAt', '--order', 'asc', '--json'], { env });
    const items = JSON.parse(seen.stdout) as Member[];
    expect(items.length).toBeGreaterThan(2);
    expect(items.every((m) => m.lastSeenAt)).toBe(true);
    expect(items.map((m) => m.lastSeenAt)).toEqual(items.map((m) => m.lastSeenAt).sort());
    const bad = await docs(['members', 'list', '--role', 'owner'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--role');
  });

  it('shows a member by user id or e-mail address; names a missing one (exit 3)', async () => {
    const byId = await docs(['members', 'get', U.review], { env });
    expect(byId.code, byId.stderr).toBe(0);
    expect(byId.stdout).toContain('User ID\tusr_alan\n');
    expect(byId.stdout).toContain('Role\treview\n');
    const byEmail = await docs(['members', 'get', 'Alan@acme.test', '--json'], { env });
    expect(JSON.parse(byEmail.stdout)).toMatchObject({ id: U.review, role: 'review' });

    const missing = await docs(['members', 'get', 'usr_nobody'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe('Error: member "usr_nobody" not found (404). Check the user id with `docs members list`.\n');
    const noEmail = await docs(['members', 'get', 'nobody@acme.test'], { env });
    expect(noEmail.code).toBe(3);
    expect(noEmail.stderr).toContain('no member with e-mail "nobody@acme.test"');
  });

  it('changes a role (guest: none), keeps the last admin (exit 5), refuses a read-only token (exit 4)', async () => {
    const edited = await docs(['members', 'edit', 'edsger@acme.test', '--role', 'review'], { env });
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stdout).toBe('usr_edsger\tedsger@acme.test\treview\n');
    expect((await getMember('usr_edsger'))?.role).toBe('review');
    const guest = await docs(['members', 'edit', 'usr_edsger', '--role', 'guest', '--json'], { env });
    expect(JSON.parse(guest.stdout)).toMatchObject({ id: 'usr_edsger', role: null });
    expect((await getMember('usr_edsger'))?.role).toBeNull();

    const lastAdmin = await docs(['members', 'edit', U.admin, '--role', 'read'], { env });
    expect(lastAdmin.code).toBe(5);
    expect(lastAdmin.stderr).toMatch(/at least one admin.*\(409\)/);
    const reader = await docs(['members', 'edit', 'usr_edsger', '--role', 'admin'], { env: withToken(emulator.tokens.read) });
    expect(reader.code).toBe(4);
    expect((await getMember('usr_edsger'))?.role).toBeNull();
  });

  it('lists the spaces and the teams of a member', async () => {
    const spaces = await docs(['members', 'spaces', U.read], { env });
    expect(spaces.code, spaces.stderr).toBe(0);
    const rows = spaces.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows.map((r) => r[0]).sort()).toEqual([DEMO.spaces.api, DEMO.spaces.guides, DEMO.spaces.handbook].sort());
    expect(rows.every((r) => r[2] === 'read')).toBe(true);
    const none = await docs(['members', 'spaces', U.guest, '--json'], { env });
    expect(JSON.parse(none.stdout)).toEqual([]);

    const teams = await docs(['members', 'teams', 'grace@acme.test'], { env });
    expect(teams.stdout).toBe(`${DEMO.teams.writers}\tTechnical Writers\towner\t3\n`);
    const filtered = await docs(['members', 'teams', U.create, '--title', 'review', '--json'], { env });
    expect(JSON.parse(filtered.stdout)).toEqual([]);
  });

  it('makes a member an SSO member only when confirmed', async () => {
    const refused = await docs(['members', 'set-sso', U.comment], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    expect((await getMember(U.comment))?.sso).toBe(false);
    const done = await docs(['members', 'set-sso', 'margaret@acme.test', '--yes', '--json'], { env });
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ id: U.comment, sso: true });
    expect((await getMember(U.comment))?.sso).toBe(true);
  });

  it('removes a member only when confirmed; --dry-run sends nothing', async () => {
    const refused = await docs(['members', 'remove', 'usr_frances'], { env });
    expect(refused.code).toBe(2);
    const dry = await docs(['members', 'remove', 'frances@acme.test', '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`DELETE ${emulator.url}${membersPath}/usr_frances`);
    expect(await getMember('usr_frances')).toBeDefined();
    const removed = await docs(['members', 'remove', 'frances@acme.test', '--yes'], { env });
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toBe('usr_frances\tremoved\n');
    expect(await getMember('usr_frances')).toBeUndefined();
  });

  it('never prints the tokens', () => {
    const all = transcript.join('\n');
    for (const token of Object.values(emulator.tokens)) expect(all).not.toContain(token);
  });
});
