import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** `docs api` and the exit code of every kind of failure, against a real emulator. */

const SPACE = DEMO.spaces.handbook;
const crsPath = `/v1/spaces/${SPACE}/change-requests`;
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

const count = async () => (await api<{ items: unknown[] }>(emulator, 'GET', `${crsPath}?limit=1000&status=open`)).items.length;

describe('docs api', () => {
  it('GETs a path with or without /v1 and prints the JSON body', async () => {
    for (const path of ['/v1/orgs', '/orgs', 'orgs']) {
      const res = await docs(['api', 'GET', path], { env });
      expect(res.code).toBe(0);
      expect(JSON.parse(res.stdout).items.map((o: { id: string }) => o.id)).toEqual([DEMO.org, DEMO.otherOrg]);
    }
  });

  it('--include prints the status line and headers before the body', async () => {
    const res = await docs(['api', 'get', `/orgs/${DEMO.org}`, '--include'], { env });
    expect(res.code).toBe(0);
    const [head, ...rest] = res.stdout.split('\n\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\n/);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(rest.join('\n\n')).id).toBe(DEMO.org);
  });

  it('sends typed -f fields as the body of a POST, and --input as the body with fields in the query', async () => {
    const created = await docs(['api', 'POST', crsPath, '-f', 'subject=From the raw API'], { env });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ subject: 'From the raw API', status: 'open' });

    const file = join(tempDir(), 'body.json');
    writeFileSync(file, JSON.stringify({ subject: 'From a file' }));
    const fromFile = await docs(['api', 'POST', crsPath, '--input', file], { env });
    expect(JSON.parse(fromFile.stdout).subject).toBe('From a file');
    const fromStdin = await docs(['api', 'POST', crsPath, '--input', '-'], { env, input: '{"subject":"From stdin"}' });
    expect(JSON.parse(fromStdin.stdout).subject).toBe('From stdin');
    const bad = await docs(['api', 'POST', crsPath, '--input', '-'], { env, input: '{not json' });
    expect(bad.code).toBe(2);
  });

  it('--paginate follows next.page and prints every item as one JSON line', async () => {
    for (let i = 0; i < 3; i++) await api(emulator, 'POST', crsPath, { subject: `Page ${i}` });
    const expected = (await api<{ items: { id: string }[] }>(emulator, 'GET', `${crsPath}?limit=1000`)).items.map((i) => i.id);
    const res = await docs(['api', 'GET', crsPath, '-f', 'limit=1', '--paginate', '--debug'], { env });
    expect(res.code).toBe(0);
    expect(
      res.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: string }).id),
    ).toEqual(expected);
    expect(res.stderr.split('\n').filter((l) => l.startsWith('> GET')).length).toBeGreaterThanOrEqual(expected.length);
  });

  it('--dry-run on a POST prints the request and sends nothing', async () => {
    const before = await count();
    const res = await docs(['api', 'POST', crsPath, '-f', 'subject=nope', '--dry-run'], { env });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`POST ${emulator.url}${crsPath}`);
    expect(await count()).toBe(before);
  });
});

describe('exit codes', () => {
  it('400 from the server → 2', async () => {
    const res = await docs(['api', 'GET', crsPath, '-f', 'limit=5000'], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toBe('Error: limit: must be at most 1000 (400).\n');
  });

  it('a bound broken in flags → 2 before sending, naming the flag', async () => {
    const res = await docs(['cr', 'list', SPACE, '--all', '--limit', '5000'], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--limit must be at most 1000');
    const flag = await docs(['cr', 'list', SPACE, '--limit', 'ten'], { env });
    expect(flag.code).toBe(2);
  });

  it('401 → 4', async () => {
    const res = await docs(['cr', 'list', SPACE], { env: { ...env, DOCS_TOKEN: 'bogus-token' } });
    expect(res.code).toBe(4);
    expect(res.stderr).toMatch(/^Error: not authenticated \(401\): .*Run `docs auth login` or set DOCS_TOKEN\.\n$/);
  });

  it('403 → 4', async () => {
    const res = await docs(['cr', 'create', SPACE, '--subject', 'x'], { env: { ...env, DOCS_TOKEN: emulator.tokens.read! } });
    expect(res.code).toBe(4);
    expect(res.stderr).toMatch(/^Error: permission denied \(403\)/);
  });

  it('404 → 3, from a command and from docs api', async () => {
    expect((await docs(['cr', 'get', '424242', '--space', SPACE], { env })).code).toBe(3);
    const raw = await docs(['api', 'GET', '/spaces/space_missing'], { env });
    expect(raw.code).toBe(3);
    expect(raw.stderr).toMatch(/^Error: .*\(404\)\.\n$/);
  });

  it('404 on a space names the space, not the change request', async () => {
    const res = await docs(['cr', 'get', '1', '--space', 'space_missing'], { env });
    expect(res.code).toBe(3);
    expect(res.stderr).toContain('space "space_missing" not found (404)');
  });

  it('409 → 5', async () => {
    const res = await docs(['api', 'POST', `/spaces/${SPACE}/transfer`, '-f', `organization=${DEMO.org}`], { env });
    expect(res.code).toBe(5);
    expect(res.stderr).toContain('(409)');
  });

  it('network failure → 7', async () => {
    const res = await docs(['cr', 'list', SPACE], { env: { ...env, DOCS_API_URL: 'http://127.0.0.1:9' } });
    expect(res.code).toBe(7);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('usage errors from oclif itself → 2, in one line', async () => {
    const unknown = await docs(['cr', 'get', '1', '--bogus'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('Error: unknown flag --bogus. See `docs cr get --help`.\n');
    const missing = await docs(['cr', 'get'], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect((await docs(['api', 'TRACE', '/orgs'], { env })).code).toBe(2);
  });

  it('never prints a stack trace for an expected failure', async () => {
    const res = await docs(['cr', 'get', '424242', '--space', SPACE, '--debug'], { env });
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });
});
