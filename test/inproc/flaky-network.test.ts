import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/inproc.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

/*
 * The CLI through a proxy that drops connections, and against a server that goes silent: edits
 * are repeated, a create that may have been applied says how to check, a stall fails in time.
 */

const SPACE = DEMO.spaces.guides;
let emulator: RunningEmulator;
const servers: TestServer[] = [];

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
});

afterAll(async () => {
  await emulator?.stop();
  for (const s of servers) await s.close();
  cleanup();
});

/**
 * A proxy to the emulator that resets the connection of the first request to each method and
 * path; with `applyFirst`, it forwards that first request before resetting (the server acted on it).
 */
async function resettingProxy(applyFirst: boolean): Promise<TestServer> {
  const seen = new Set<string>();
  const s = await startServer(async (req, res, raw) => {
    const key = `${req.method} ${req.path}`;
    const first = !seen.has(key);
    seen.add(key);
    if (first && !applyFirst) return void raw.socket.destroy();
    const search = req.query.toString();
    const upstream = await fetch(`${emulator.url}${req.path}${search ? `?${search}` : ''}`, {
      method: req.method,
      headers: { authorization: req.headers.authorization ?? '', ...(req.body ? { 'content-type': 'application/json' } : {}) },
      body: req.body || undefined,
    });
    const text = await upstream.text();
    if (first) return void raw.socket.destroy();
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(text);
  });
  servers.push(s);
  return s;
}

const envFor = (url: string, extra: Record<string, string> = {}) => ({
  DOCS_TOKEN: emulator.tokens.admin!,
  DOCS_API_URL: url,
  DOCS_CONFIG_DIR: tempDir(),
  ...extra,
});

describe('a connection reset after the request was sent', () => {
  it('repeats an edit (PATCH): spaces edit succeeds and the title is set', async () => {
    const proxy = await resettingProxy(false);
    const title = `Reset-proof ${Date.now()}`;
    const res = await docs(['spaces', 'edit', SPACE, '--title', title], { env: envFor(proxy.url) });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(proxy.requests.filter((r) => r.method === 'PATCH')).toHaveLength(2);
    expect((await api<{ title: string }>(emulator, 'GET', `/v1/spaces/${SPACE}`)).title).toBe(title);
  });

  it('`docs api PATCH` is repeated too: the table says so for the operation behind the path', async () => {
    const proxy = await resettingProxy(false);
    const title = `Raw reset-proof ${Date.now()}`;
    const res = await docs(['api', 'PATCH', `/v1/spaces/${SPACE}`, '-f', `title=${title}`], { env: envFor(proxy.url) });
    expect(res.code).toBe(0);
    expect(proxy.requests.filter((r) => r.method === 'PATCH')).toHaveLength(2);
    expect((await api<{ title: string }>(emulator, 'GET', `/v1/spaces/${SPACE}`)).title).toBe(title);
  });

  it('does not repeat a create; says it may have been applied and names the list command (exit 7)', async () => {
    const proxy = await resettingProxy(true);
    const subject = `Sent once ${Date.now()}`;
    const res = await docs(['cr', 'create', SPACE, '--subject', subject], { env: envFor(proxy.url) });
    expect(res.code).toBe(7);
    expect(proxy.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(res.stderr).toMatch(
      /^Error: POST http:\/\/127\.0\.0\.1:\d+\/v1\/spaces\/\S+\/change-requests: .+\. The request was sent and may have been applied: check with `docs cr list` before running it again\.\n$/,
    );
    expect(res.stderr).not.toMatch(/Check DOCS_API_URL/);
    // It was: the server created the change request once.
    const list = await api<{ items: Array<{ subject?: string }> }>(emulator, 'GET', `/v1/spaces/${SPACE}/change-requests?limit=100`);
    expect(list.items.filter((cr) => cr.subject === subject)).toHaveLength(1);
  });
});

describe('a server that sends the headers and then nothing', () => {
  async function stallingServer(): Promise<TestServer> {
    const s = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"id": "');
    });
    servers.push(s);
    return s;
  }

  it('gives up after --timeout seconds without a byte, asks once more, and says how to raise the limit', async () => {
    const s = await stallingServer();
    const t0 = Date.now();
    const res = await docs(['spaces', 'get', SPACE, '--timeout', '0.5'], { env: envFor(s.url) });
    expect(Date.now() - t0).toBeLessThan(8000);
    expect(res.code).toBe(7);
    expect(s.requests).toHaveLength(2);
    expect(res.stderr).toContain('body timeout');
    expect(res.stderr).toContain(
      'The server sent nothing for 0.5 s; if it is only slow, raise the limit with --timeout <seconds> (or DOCS_TIMEOUT).',
    );
  });

  it('reads the limit from DOCS_TIMEOUT', async () => {
    const s = await stallingServer();
    const res = await docs(['spaces', 'get', SPACE], { env: envFor(s.url, { DOCS_TIMEOUT: '0.4' }) });
    expect(res.code).toBe(7);
    expect(res.stderr).toContain('The server sent nothing for 0.4 s');
  });

  it('refuses a timeout that is not a number of seconds (exit 2)', async () => {
    const s = await stallingServer();
    const flag = await docs(['spaces', 'get', SPACE, '--timeout', 'soon'], { env: envFor(s.url) });
    expect(flag).toMatchObject({ code: 2, stderr: 'Error: --timeout must be a number of seconds above 0 and at most 3600 (got "soon")\n' });
    const env = await docs(['spaces', 'get', SPACE], { env: envFor(s.url, { DOCS_TIMEOUT: '0' }) });
    expect(env).toMatchObject({ code: 2, stderr: 'Error: DOCS_TIMEOUT must be a number of seconds above 0 and at most 3600 (got "0")\n' });
    expect(s.requests).toHaveLength(0);
  });
});

describe('path parameters the server would refuse', () => {
  it('an id of 10 kB is refused before sending, naming where the value came from (exit 2, not a 431)', async () => {
    const long = 'a'.repeat(10_000);
    const env = envFor(emulator.url);
    expect(await docs(['spaces', 'get', long], { env })).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'Error: --space must be at most 512 characters (got 10000)\n',
    });
    expect(await docs(['cr', 'get', '1', '--space', long], { env })).toMatchObject({
      code: 2,
      stderr: 'Error: --space must be at most 512 characters (got 10000)\n',
    });
    // A long but plausible id still reaches the server: 404, not a refusal.
    expect((await docs(['spaces', 'get', 'a'.repeat(512)], { env })).code).toBe(3);
  });
});
