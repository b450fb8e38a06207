import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, transcript, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** `docs teams ...` end to end: real CLI process, real emulator process. */

interface Team {
  id: string;
  title: string;
  members: number;
}
interface TeamMember {
  organization: { id: string };
  team: { role: string };
}
interface List<T> {
  items: T[];
}

const U = DEMO.users;
const WRITERS = DEMO.teams.writers;
let emulator: RunningEmulator;
let env: Record<string, string>;
const withToken = (token: string | undefined) => ({ ...env, DOCS_TOKEN: token! });
const teamsPath = `/v1/orgs/${DEMO.org}/teams`;
const allTeams = async () => (await api<List<Team>>(emulator, 'GET', `${teamsPath}?limit=1000`)).items;
/** Team roles by user id, straight from the server. */
async function roster(teamId: string): Promise<Record<string, string>> {
  const items = (await api<List<TeamMember>>(emulator, 'GET', `${teamsPath}/${teamId}/members?limit=1000`)).items;
  return Object.fromEntries(items.map((m) => [m.organization.id, m.team.role]));
}

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
  env = demoEnv(emulator);
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

describe('docs teams', () => {
  it('lists teams, filtered by title or by a member who can manage them', async () => {
    const tsv = await docs(['teams', 'list'], { env });
    expect(tsv.code, tsv.stderr).toBe(0);
    expect(tsv.stdout).toBe(
      `${WRITERS}\tTechnical Writers\t3\t0\t2024-01-10T09:00:00.000Z\n${DEMO.teams.reviewers}\tReviewers\t2\t0\t2024-02-12T12:00:00.000Z\n`,
    );
    const byTitle = await docs(['teams', 'list', '--title', 'WRIT', '--json'], { env });
    expect((JSON.parse(byTitle.stdout) as Team[]).map((t) => t.id)).toEqual([WRITERS]);
    const owned = await docs(['teams', 'list', '--owner', U.review, '--json'], { env });
    expect((JSON.parse(owned.stdout) as Team[]).map((t) => t.id)).toEqual([DEMO.teams.reviewers]);
  });

  it('creates a team with members (ids or e-mails), shows and renames it', async () => {
    const created = await docs(['teams', 'create', '--title', 'Translators', '--member', U.edit, '--member', 'tim@acme.test'], { env });
    expect(created.code, created.stderr).toBe(0);
    const [id, title] = created.stdout.trim().split('\t');
    expect(title).toBe('Translators');
    expect(await roster(id!)).toEqual({ [U.edit]: 'member', [U.read]: 'member' });

    const shown = await docs(['teams', 'get', id!], { env });
    expect(shown.stdout).toContain(`ID\t${id}\n`);
    expect(shown.stdout).toContain('Members\t2\n');
    const renamed = await docs(['teams', 'edit', id!, '--title', 'Localization', '--json'], { env });
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(JSON.parse(renamed.stdout)).toMatchObject({ id, title: 'Localization' });
    expect((await allTeams()).find((t) => t.id === id)?.title).toBe('Localization');

    const long = await docs(['teams', 'create', '--title', 'x'.repeat(65)], { env });
    expect(long.code).toBe(2);
    expect(long.stderr).toBe('Error: --title must be at most 64 characters\n');
    const missing = await docs(['teams', 'get', 'team_nope'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe('Error: team "team_nope" not found (404). Check the id with `docs teams list`.\n');
  });

  it('lists, adds and removes team members', async () => {
    const list = await docs(['teams', 'members', 'list', WRITERS], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout.split('\n')[0]).toBe(`${U.create}\tGrace Hopper\tgrace@acme.test\towner\tcreate`);

    const added = await docs(['teams', 'members', 'add', WRITERS, 'margaret@acme.test', '--role', 'owner'], { env });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toBe(`${U.comment}\tadded\n`);
    expect((await roster(WRITERS))[U.comment]).toBe('owner');
    const badRole = await docs(['teams', 'members', 'add', WRITERS, U.comment, '--role', 'admin'], { env });
    expect(badRole.code).toBe(2);

    const refused = await docs(['teams', 'members', 'remove', WRITERS, U.comment], { env });
    expect(refused.code).toBe(2);
    expect((await roster(WRITERS))[U.comment]).toBe('owner');
    const removed = await docs(['teams', 'members', 'remove', WRITERS, U.comment, '--yes', '--json'], { env });
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toBe('');
    expect((await roster(WRITERS))[U.comment]).toBeUndefined();
  });

  it('set adds, removes and changes roles in one request', async () => {
    const dry = await docs(
      [
        'teams',
        'members',
        'set',
        WRITERS,
        '--add',
        'tim@acme.test',
        '--owner',
        'katherine@acme.test',
        '--member',
        U.create,
        '--dry-run',
        '--json',
      ],
      { env },
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      method: 'PUT',
      body: { add: ['tim@acme.test', U.edit, U.create], memberships: { [U.edit]: { role: 'owner' }, [U.create]: { role: 'member' } } },
    });
    expect(await roster(WRITERS)).toEqual({ [U.create]: 'owner', [U.edit]: 'member', usr_edsger: 'member' });

    // Flags before the team argument: one value per flag, the argument stays the team.
    const set = await docs(
      [
        'teams',
        'members',
        'set',
        '--add',
        'tim@acme.test',
        WRITERS,
        '--owner',
        'katherine@acme.test',
        '--member',
        U.create,
        '--owner',
        U.guest,
      ],
      { env },
    );
    expect(set.code, set.stderr).toBe(0);
    expect(await roster(WRITERS)).toEqual({
      [U.create]: 'member',
      [U.edit]: 'owner',
      usr_edsger: 'member',
      [U.read]: 'member',
      [U.guest]: 'owner',
    });

    const refused = await docs(['teams', 'members', 'set', WRITERS, '--remove', 'usr_edsger'], { env });
    expect(refused.code).toBe(2);
    const removed = await docs(['teams', 'members', 'set', WRITERS, '--remove', 'edsger@acme.test', '--remove', U.guest, '--yes'], { env });
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toBe(`${WRITERS}\tupdated\n`);
    expect(Object.keys(await roster(WRITERS)).sort()).toEqual([U.create, U.edit, U.read].sort());

    const nothing = await docs(['teams', 'members', 'set', WRITERS], { env });
    expect(nothing.code).toBe(2);
    const clash = await docs(['teams', 'members', 'set', WRITERS, '--owner', U.read, '--member', U.read], { env });
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain('both --owner and --member');
    const stranger = await docs(['teams', 'members', 'set', WRITERS, '--add', 'nobody@elsewhere.test'], { env });
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toContain('nobody@elsewhere.test');
  });

  it('lets a team owner rename their team but not delete it (exit 4)', async () => {
    // Katherine (edit role) was made an owner of the team above; Grace was made a plain member.
    const demoted = await docs(['teams', 'edit', WRITERS, '--title', 'Writers'], { env: withToken(emulator.tokens.create) });
    expect(demoted.code).toBe(4);
    const renamed = await docs(['teams', 'edit', WRITERS, '--title', 'Writers'], { env: withToken(emulator.tokens.edit) });
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(renamed.stdout).toBe(`${WRITERS}\tWriters\n`);
    const denied = await docs(['teams', 'delete', WRITERS, '--yes'], { env: withToken(emulator.tokens.edit) });
    expect(denied.code).toBe(4);
    expect((await allTeams()).map((t) => t.id)).toContain(WRITERS);
  });

  it('deletes a team only when confirmed', async () => {
    const refused = await docs(['teams', 'delete', DEMO.teams.reviewers], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    const deleted = await docs(['teams', 'delete', DEMO.teams.reviewers, '--yes'], { env });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toBe(`${DEMO.teams.reviewers}\tdeleted\n`);
    expect((await allTeams()).map((t) => t.id)).not.toContain(DEMO.teams.reviewers);
  });

  it('never prints the tokens', () => {
    const all = transcript.join('\n');
    for (const token of Object.values(emulator.tokens)) expect(all).not.toContain(token);
  });
});
