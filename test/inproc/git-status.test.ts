import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv, repoWith } from '../helpers/setup.js';

/** `docs git status`: every space of an organization (or the ones named) and its Git sync, and the `--stale` gate. */

const DAY = 86_400_000;
let emulator: RunningEmulator;
let env: Record<string, string>;
/** A copy of the guides space synced from a local repository, one in no collection, one deleted. */
let synced: string;
let loose: string;
let deleted: string;

const duplicate = async (space: string) => (await api<{ id: string; title: string }>(emulator, 'POST', `/v1/spaces/${space}/duplicate`)).id;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator([], { files: true });
  env = demoEnv(emulator);
  const repo = repoWith(tempDir('docs-git-status-'), 'book', {
    'README.md': '# Welcome\n\nThe home page.\n',
    'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n',
  });
  synced = await duplicate(DEMO.spaces.guides);
  await api(emulator, 'PATCH', `/v1/spaces/${synced}`, { title: 'Book' });
  const imported = await docs(
    [
      'git',
      'import',
      synced,
      '--url',
      repo,
      '--ref',
      'main',
      '--provider',
      'github',
      '--provider-url',
      'https://github.com/acme/book',
      '--yes',
    ],
    { env },
  );
  expect(imported.code).toBe(0);
  loose = await duplicate(DEMO.spaces.api);
  await api(emulator, 'PATCH', `/v1/spaces/${loose}`, { title: 'Loose' });
  await api(emulator, 'POST', `/v1/spaces/${loose}/move`, { parent: null });
  deleted = await duplicate(DEMO.spaces.api);
  await api(emulator, 'DELETE', `/v1/spaces/${deleted}`);
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

interface Row {
  id: string;
  title: string;
  synced: boolean;
  stale: boolean;
  ageSeconds: number | null;
  gitSync: { installationProvider?: string; url?: string; repoName?: string; updatedAt?: string } | null;
}

describe('docs git status', () => {
  it('shows a synced space and one without Git sync, piped as TSV; exit 0 without --stale', async () => {
    const run = await docs(['git', 'status', DEMO.spaces.api, synced], { env });
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`not synced\t${DEMO.spaces.api}\tAPI Reference\t\t\t`);
    expect(lines[1]).toMatch(new RegExp(`^synced\t${synced}\tBook\tgithub\thttps://github.com/acme/book\t\\d{4}-\\d\\d-\\d\\dT[^\t]+Z$`));
    expect(run.stderr).toBe('');
  });

  it('--stale exits 8 when a synced space has not synced within the time, listing it first', async () => {
    const later = Date.now() + 8 * DAY;
    const stale = await docs(['git', 'status', DEMO.spaces.api, synced, '--stale', '7d'], { env, now: () => later });
    expect(stale.code).toBe(8);
    const lines = stale.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^stale\t${synced}\tBook\t`));
    expect(lines[1]).toMatch(/^not synced\t/);
    expect(stale.stderr).toBe('\n1 of 1 synced spaces not synced within 7d\n');

    // Synced a moment ago: not stale; a space without Git sync never is.
    const fresh = await docs(['git', 'status', DEMO.spaces.api, synced, '--stale', '7d'], { env });
    expect(fresh.code).toBe(0);
    expect(fresh.stdout.split('\n')[0]).toMatch(/^not synced\t/);
    expect(fresh.stderr).toBe('Every synced space (1 of 2) synced within 7d.\n');
    // 8 days later, 9d is still fresh.
    expect((await docs(['git', 'status', synced, '--stale', '9d'], { env, now: () => later })).code).toBe(0);
    expect((await docs(['git', 'status', synced, '--stale', '1d12h'], { env, now: () => later })).code).toBe(8);
  });

  it('--json: one array of {id, title, synced, stale, ageSeconds, gitSync}; --jq filters it', async () => {
    const later = Date.now() + 3 * DAY;
    const run = await docs(['git', 'status', DEMO.spaces.api, synced, '--stale', '2d', '--json'], { env, now: () => later });
    expect(run.code).toBe(8);
    expect(run.stderr).toBe('');
    const rows = JSON.parse(run.stdout) as Row[];
    expect(rows.map((r) => [r.id, r.synced, r.stale])).toEqual([
      [synced, true, true],
      [DEMO.spaces.api, false, false],
    ]);
    expect(Object.keys(rows[0]!)).toEqual(['id', 'title', 'synced', 'stale', 'ageSeconds', 'gitSync']);
    expect(rows[0]!.ageSeconds).toBeGreaterThanOrEqual(3 * 86_400 - 60);
    expect(rows[0]!.gitSync).toMatchObject({ installationProvider: 'github', repoName: 'book', url: 'https://github.com/acme/book' });
    expect(rows[1]).toEqual({ id: DEMO.spaces.api, title: 'API Reference', synced: false, stale: false, ageSeconds: null, gitSync: null });
    const jq = await docs(['git', 'status', DEMO.spaces.api, synced, '--stale', '2d', '--jq', '.[] | select(.stale) | .id'], {
      env,
      now: () => later,
    });
    expect(jq.stdout).toBe(`${synced}\n`);
    expect(jq.code).toBe(8);
  });

  it('on a terminal: a table with the age of the last sync', async () => {
    const later = Date.now() + 3 * DAY + 60_000;
    const run = await docs(['git', 'status', synced, DEMO.spaces.api], { env, now: () => later, isTTY: { stdout: true }, columns: 120 });
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^STATE\s+ID\s+TITLE\s+PROVIDER\s+REPOSITORY\s+LAST SYNC$/);
    expect(lines[1]).toMatch(/^not synced\s+space_api\s+API Reference$/);
    expect(lines[2]).toMatch(new RegExp(`^synced\\s+${synced}\\s+Book\\s+github\\s+https://github.com/acme/book\\s+3 days ago$`));
  });

  it('--org: every live space of the organization, in collections, nested ones, sites and none', async () => {
    const run = await docs(['git', 'status', '--org', DEMO.org, '--json'], { env });
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as Row[];
    expect(rows.map((r) => r.id).sort()).toEqual([DEMO.spaces.api, DEMO.spaces.guides, DEMO.spaces.handbook, loose, synced].sort());
    expect(rows.map((r) => r.id)).not.toContain(deleted);
    // By title: API Reference, Book, Employee Handbook, Getting Started, Loose.
    expect(rows.map((r) => r.title)).toEqual(['API Reference', 'Book', 'Employee Handbook', 'Getting Started', 'Loose']);
    expect(rows.filter((r) => r.synced).map((r) => r.id)).toEqual([synced]);
    // The profile's organization by default.
    const byDefault = await docs(['git', 'status'], { env });
    expect(byDefault.stdout.trimEnd().split('\n')).toHaveLength(5);
  });

  it('a named space that does not exist exits 3, naming it (and only it)', async () => {
    const run = await docs(['git', 'status', DEMO.spaces.api, 'space_nope', 'space_gone'], { env });
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'Error: spaces "space_nope", "space_gone" not found (404). Check the id, or the default set with `docs config get space`.\n',
    );
  });

  it('refuses a duration without a unit, spaces with --org and an unknown flag (exit 2, nothing sent)', async () => {
    for (const args of [
      ['--stale', '7'],
      ['--stale', 'week'],
      ['--stale', '0d'],
      [DEMO.spaces.api, '--org', DEMO.org],
      [DEMO.spaces.api, '--stail', '7d'],
    ]) {
      const run = await docs(['git', 'status', ...args], { env });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
    }
  });
});
