import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/e2e.js';
import { settledLogLines } from '../helpers/request-log.js';

/**
 * Eight `docs` processes at once on one token, against an emulator process that enforces a small limit
 * (`--rate-limit`): each process has a limiter of its own and learns of the others only from the answers' headers.
 * Every process must finish with the output it gives without the limit; the emulator's log must show no more 429s in
 * a window than there are processes (at most one each). How fast they come is measured by bench/rate-limit.ts.
 */

const PROCESSES = 8;
const LIMIT = 12;

let open: RunningEmulator;
let limited: RunningEmulator;
let logFile: string;

beforeAll(async () => {
  ensureBuilt();
  logFile = join(tempDir('docs-e2e-rate-limit-'), 'requests.jsonl');
  [open, limited] = await Promise.all([startEmulator(), startEmulator(['--rate-limit', `${LIMIT}/1s`, '--log', logFile])]);
}, 60_000);
afterAll(async () => {
  await Promise.all([open?.stop(), limited?.stop()]);
  cleanup();
});

describe('eight processes on one token under the limit', () => {
  it(`all finish with the output they give without it, at most one 429 each a window`, async () => {
    // Every member, one a page: a request each.
    const args = ['members', 'list', '--org', 'org_acme', '--all', '--limit', '1', '--json'];
    const env = (url: string) => ({ DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: limited.tokens.admin!, DOCS_API_URL: url });
    const free = await docs(args, { env: env(open.url) });
    expect(free.code).toBe(0);
    const expected = free.stdout.replaceAll(open.url, 'URL');
    expect(expected.trim().split('\n').length).toBeGreaterThan(5);

    const runs = await Promise.all(Array.from({ length: PROCESSES }, () => docs(args, { env: env(limited.url), timeoutMs: 60_000 })));
    for (const run of runs) {
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout.replaceAll(limited.url, 'URL')).toBe(expected);
    }

    const entries = (await settledLogLines(logFile))
      .map((line) => JSON.parse(line) as { path: string; status: number; window: number })
      .filter((e) => e.path.startsWith('/v1/'));
    const windows = new Set(entries.map((e) => e.window));
    for (const window of windows) {
      const refused = entries.filter((e) => e.window === window && e.status === 429).length;
      expect(refused, `429s in the window ending ${window}`).toBeLessThanOrEqual(PROCESSES);
    }
    const answered = entries.filter((e) => e.status !== 429).length;
    expect(answered).toBe(PROCESSES * expected.trim().split('\n').length);
    // The limit was met: the requests needed several windows.
    expect(windows.size).toBeGreaterThanOrEqual(Math.ceil(answered / LIMIT));
  }, 90_000);
});
