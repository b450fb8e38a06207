import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedSource } from '../../src/emulator/seed/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { cleanup, docs, tempDir } from '../helpers/inproc.js';
import { settledLogLines } from '../helpers/request-log.js';

/**
 * Bulk commands under the service's rate limit (issue: "Rate limits as the service enforces them"). The same data is
 * served twice from one store: by an emulator with its default limit (which nothing here reaches) and by one that
 * allows a few dozen reads a second per token, with its request log. Each command must give the same output and exit
 * code under the limit, and the log must show at most one 429 per window (one client here). How fast a run comes
 * (its wall time against requests ÷ limit × window) is measured by bench/rate-limit.ts, not asserted here.
 */

const ADMIN = 'rl-admin-token-0001';
const PAGES = 200;
const MEMBERS = 1000;

const seed: SeedSource = {
  users: [
    { id: 'usr_admin', displayName: 'Admin', email: 'admin@rl.test', tokens: [ADMIN] },
    ...Array.from({ length: MEMBERS - 1 }, (_, i) => ({
      id: `usr_${String(i).padStart(4, '0')}`,
      displayName: `Member ${i}`,
      email: `m${i}@rl.test`,
    })),
  ],
  organizations: [
    {
      id: 'org_rl',
      title: 'Rate Limited',
      members: [
        { user: 'usr_admin', role: 'admin' as const, joinedAt: '2025-01-01T00:00:00.000Z' },
        ...Array.from({ length: MEMBERS - 1 }, (_, i) => ({
          user: `usr_${String(i).padStart(4, '0')}`,
          role: 'read' as const,
          joinedAt: '2025-01-02T00:00:00.000Z',
        })),
      ],
      spaces: [
        {
          id: 'space_big',
          title: 'Big',
          pages: Array.from({ length: PAGES }, (_, i) => ({
            id: `page_${i}`,
            title: `Page ${i}`,
            // The last page's link leads nowhere: the checks have a finding to report, the same with and without the limit.
            markdown: `# Page ${i}\n\nRead [the next page](page-${i + 1}.md).\n`,
          })),
          changeRequests: [
            {
              id: 'cr_big',
              subject: 'Edit the first page',
              author: 'usr_admin',
              pages: { 'page-0': '# Page 0\n\nSee [nothing](nowhere.md).\n' },
            },
          ],
        },
      ],
    },
  ],
};

interface LogEntry {
  method: string;
  path: string;
  status: number;
  window?: number;
}

let open: RunningEmulator;
let limited: RunningEmulator;
let logFile: string;
/** Requests of the limited emulator's log read so far: each test reads its own. */
let logged = 0;
const LIMIT = 40;

async function newEntries(): Promise<LogEntry[]> {
  const lines = await settledLogLines(logFile);
  const entries = lines.slice(logged).map((line) => JSON.parse(line) as LogEntry);
  logged = lines.length;
  return entries.filter((e) => e.path.startsWith('/v1/'));
}

/** Runs `args` against both emulators: same stdout and exit code; the limited run's log within the rules above. */
async function underTheLimit(
  args: string[],
  options: { spend?: number } = {},
): Promise<{ requests: number; windows: number; filled: number; waits: number; stdout: string }> {
  const env = (url: string) => ({ DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: ADMIN, DOCS_API_URL: url });
  const free = await docs(args, { env: env(open.url), timeoutMs: 60_000 });
  await newEntries();
  // The next window starts the run, so that each run meets the limit from a fresh count.
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
  // Someone else on the same token spends most of the window first: a command of a few requests meets the limit too.
  for (let i = 0; i < (options.spend ?? 0); i++) {
    const res = await fetch(`${limited.url}/v1/orgs`, { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(res.status).toBe(200);
  }
  const held = await docs([...args, '--debug'], { env: env(limited.url), timeoutMs: 60_000 });
  // Answers name the server they came from (`urls.location`): the rest must be the same.
  expect(held.stdout.replaceAll(limited.url, 'URL') === free.stdout.replaceAll(open.url, 'URL'), 'the same output').toBe(true);
  expect(held.code).toBe(free.code);
  const entries = await newEntries();
  const windows = new Map<number, LogEntry[]>();
  for (const e of entries) {
    expect(e.window, 'every /v1 entry of the log names its window').toBeTypeOf('number');
    windows.set(e.window ?? 0, [...(windows.get(e.window ?? 0) ?? []), e]);
  }
  for (const [window, inWindow] of windows) {
    expect(inWindow.filter((e) => e.status === 429).length, `429s in the window ending ${window}`).toBeLessThanOrEqual(1);
  }
  const requests = entries.length - (options.spend ?? 0);
  // The limit held the run back: no run can send its requests in fewer windows than this. How close it comes to that
  // (the wall time against requests ÷ limit × window) is a figure of the benchmark (bench/rate-limit.ts), not a test.
  expect(windows.size).toBeGreaterThanOrEqual(Math.ceil(entries.filter((e) => e.status !== 429).length / LIMIT));
  const waits = held.stderr.split('\n').filter((l) => l.startsWith('~ rate limit')).length;
  // Windows the run's requests used up, but the last: each was followed by more requests.
  const filled = [...windows.entries()]
    .sort(([a], [b]) => a - b)
    .slice(0, -1)
    .filter(([, inWindow]) => inWindow.filter((e) => e.status !== 429).length >= LIMIT).length;
  return { requests, windows: windows.size, filled, waits, stdout: free.stdout };
}

beforeAll(async () => {
  logFile = join(tempDir('docs-rate-limit-'), 'requests.jsonl');
  open = await startEmulator({ seed });
  limited = await startEmulator({ store: open.store, rateLimit: `${LIMIT}/1s`, log: logFile });
}, 120_000);
afterAll(async () => {
  await limited?.close().catch(() => undefined);
  await open?.close().catch(() => undefined);
  cleanup();
});

describe(`bulk commands under a limit of ${LIMIT} reads a second`, () => {
  it(`members list --all: ${MEMBERS} members in pages of 10`, async () => {
    const run = await underTheLimit(['members', 'list', '--org', 'org_rl', '--all', '--limit', '10', '--json']);
    expect(run.stdout.trim().split('\n')).toHaveLength(MEMBERS);
    expect(run.requests).toBeGreaterThanOrEqual(MEMBERS / 10);
    // Where the run used a window up, it waited for the reset (a loaded machine may be slower than the limit: then
    // windows end before they are used up, and nothing is there to wait for).
    if (run.filled > 0) expect(run.waits).toBeGreaterThan(0);
  }, 60_000);

  it(`spaces pull of a ${PAGES}-page space`, async () => {
    const dirs = [tempDir(), tempDir()];
    const env = (url: string) => ({ DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: ADMIN, DOCS_API_URL: url });
    const free = await docs(['spaces', 'pull', 'space_big', join(dirs[0]!, 'out'), '--json'], { env: env(open.url), timeoutMs: 60_000 });
    await newEntries();
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
    const held = await docs(['spaces', 'pull', 'space_big', join(dirs[1]!, 'out'), '--json', '--debug'], {
      env: env(limited.url),
      timeoutMs: 60_000,
    });
    expect(held.code).toBe(0);
    expect(free.code).toBe(0);
    const files = (JSON.parse(free.stdout) as { files: string[] }).files;
    expect(files).toHaveLength(PAGES + 1);
    expect((JSON.parse(held.stdout) as { files: string[] }).files).toEqual(files);
    for (const file of files)
      expect(readFileSync(join(dirs[1]!, 'out', file), 'utf8')).toBe(readFileSync(join(dirs[0]!, 'out', file), 'utf8'));
    const entries = await newEntries();
    const windows = new Set(entries.map((e) => e.window));
    for (const window of windows) expect(entries.filter((e) => e.window === window && e.status === 429).length).toBeLessThanOrEqual(1);
    expect(entries.length).toBeGreaterThan(PAGES);
    // The limit held the run back: no run can send its requests in fewer windows than this. How close it comes to that
    // (the wall time against requests ÷ limit × window) is a figure of the benchmark (bench/rate-limit.ts), not a test.
    expect(windows.size).toBeGreaterThanOrEqual(Math.ceil(entries.filter((e) => e.status !== 429).length / LIMIT));
    expect(held.stderr).toContain('~ rate limit');
  }, 60_000);

  it('spaces check of it, in a window someone else has nearly spent', async () => {
    const run = await underTheLimit(['spaces', 'check', 'space_big', '--json'], { spend: LIMIT - 1 });
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, findings: [{ kind: 'broken-link' }] });
    expect(run.waits).toBeGreaterThan(0);
  }, 60_000);

  it('cr check of a change request to it', async () => {
    const number = (
      JSON.parse(
        (
          await docs(['cr', 'list', '--space', 'space_big', '--json'], {
            env: { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: ADMIN, DOCS_API_URL: open.url },
          })
        ).stdout,
      ) as { number: number }[]
    )[0]?.number;
    expect(number).toBeTypeOf('number');
    const run = await underTheLimit(['cr', 'check', String(number), '--space', 'space_big', '--json'], { spend: LIMIT - 2 });
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false });
    expect(run.requests).toBeGreaterThan(2);
    expect(run.waits).toBeGreaterThan(0);
  }, 60_000);

  it('a command past its wait budget exits 6 and says how long the rest would take', async () => {
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
    // Someone else has nearly spent the window: the first wait comes after a few pages, whatever the machine's speed.
    for (let i = 0; i < LIMIT - 5; i++) await fetch(`${limited.url}/v1/orgs`, { headers: { authorization: `Bearer ${ADMIN}` } });
    const held = await docs(['members', 'list', '--org', 'org_rl', '--all', '--limit', '5', '--json', '--max-wait', '0.2s'], {
      env: { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: ADMIN, DOCS_API_URL: limited.url },
      timeoutMs: 60_000,
    });
    expect(held.code, held.stderr).toBe(6);
    // What came before the wait is written, whole lines only.
    const lines = held.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(held.stderr, held.stderr).toMatch(
      /^Error: rate limited \(the window is spent; 40 requests a window( of 1 s)?\): the next request could go in 1 s, beyond --max-wait 1 s(, \d+ s of it already spent waiting)?\. About \d+ requests remain: (about|at least) \d+ s more at this limit\. The request was not applied: run it again later, or allow a longer wait with --max-wait \(or DOCS_MAX_WAIT\)\.\n$/,
    );
    await newEntries();
  }, 60_000);
});
