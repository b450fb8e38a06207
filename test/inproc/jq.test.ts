import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { cleanup, docs, ensureBuilt, startEmulator, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** `--jq`: the JSON a command writes, filtered by jq (strings raw, like `gh --jq`). */

let emulator: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
  env = demoEnv(emulator);
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

describe('--jq', () => {
  it('filters a list (the JSON array), implying --json; strings are printed raw', async () => {
    const res = await docs(['orgs', 'list', '--jq', '.[].id'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe(`${DEMO.org}\n${DEMO.otherOrg}\n`);
    expect(res.stderr).toBe('');
  });

  it('filters a single object; objects come out as jq prints them', async () => {
    const title = await docs(['orgs', 'get', DEMO.org, '--jq', '.title'], { env });
    expect(title.code, title.stderr).toBe(0);
    expect(title.stdout).toBe('Acme Docs\n');
    const picked = await docs(['orgs', 'get', DEMO.org, '--jq', '{id, links: (.inviteLinks | not)}'], { env });
    expect(picked.stdout).toBe(`{\n  "id": "${DEMO.org}",\n  "links": false\n}\n`);
  });

  it('with --all, filters each item as it streams', async () => {
    const all = await docs(['members', 'list', '--all', '--limit', '2', '--jq', '.id'], { env });
    expect(all.code, all.stderr).toBe(0);
    const ids = all.stdout.trim().split('\n');
    expect(ids.length).toBeGreaterThan(2);
    expect(ids.every((id) => /^usr_\w+$/.test(id))).toBe(true);
    const first = await docs(['members', 'list', '--all', '--limit', '2', '--json'], { env });
    expect(
      first.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: string }).id),
    ).toEqual(ids);
  });

  it('filters `docs api` answers, and each item with --paginate', async () => {
    const count = await docs(['api', 'GET', '/v1/orgs', '--jq', '.items | length'], { env });
    expect(count.code, count.stderr).toBe(0);
    expect(count.stdout).toBe('2\n');
    const paged = await docs(['api', 'GET', `/v1/orgs/${DEMO.org}/members`, '--paginate', '-f', 'limit=2', '--jq', '.id'], { env });
    expect(paged.code, paged.stderr).toBe(0);
    expect(paged.stdout.trim().split('\n').length).toBeGreaterThan(2);
  });

  it("a bad expression exits 2 with jq's own message and sends nothing", async () => {
    const res = await docs(['orgs', 'list', '--jq', '.[', '--api-url', 'http://127.0.0.1:9'], { env });
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/^Error: --jq: jq: error: syntax error, .* compile error\n$/);
  });

  it('a value the expression cannot take exits 2 with jq’s message', async () => {
    const res = await docs(['orgs', 'get', DEMO.org, '--jq', '.title[]'], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--jq: jq: error');
    expect(res.stderr).toContain('Cannot iterate over string');
  });
});
