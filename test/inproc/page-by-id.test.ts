import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { cleanup, docs, ensureBuilt, startEmulator, type RunningEmulator } from '../helpers/inproc.js';
import { sendError, sendJson, startServer, type Received, type TestServer } from '../helpers/http-server.js';
import { demoEnv } from '../helpers/setup.js';

/**
 * `docs spaces page <id or path>` asks for an id first (getPageById / getPageInChangeRequestById) and lists the
 * page tree only for a path, or when no page has that id. Counted on the wire: the command talks to a recording
 * server, which either answers as the contract says (the first test) or passes every request on to a real
 * emulator and records it (the others).
 */

const SPACE = DEMO.spaces.guides;
let emulator: RunningEmulator;
let proxy: TestServer;
let env: Record<string, string>;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
  proxy = await startServer(async (req, res) => {
    const query = req.query.toString();
    const answer = await fetch(`${emulator.url}${req.path}${query ? `?${query}` : ''}`, {
      method: req.method,
      headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' },
      ...(req.body ? { body: req.body } : {}),
    });
    const text = await answer.text();
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(text);
  });
  env = { ...demoEnv(emulator, { space: SPACE }), DOCS_API_URL: proxy.url };
});

afterAll(async () => {
  await proxy?.close();
  await emulator?.stop();
  cleanup();
});

/** What `docs spaces page …` sent, as method and path. */
async function sent(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; requests: string[] }> {
  const from = proxy.requests.length;
  const res = await docs(['spaces', 'page', ...args], { env });
  return { ...res, requests: proxy.requests.slice(from).map((r: Received) => `${r.method} ${r.path}`) };
}

describe('docs spaces page', () => {
  it('against the contract: an id is one request, getPageById, and its markdown is printed', async () => {
    const server = await startServer((req, res) => {
      if (req.path === '/v1/spaces/sp_abc/content/page/pg_abc')
        return sendJson(res, 200, {
          object: 'page',
          id: 'pg_abc',
          type: 'document',
          title: 'ABC',
          path: 'abc',
          slug: 'abc',
          markdown: '# ABC\n',
        });
      sendError(res, 404, 'not here');
    });
    try {
      const res = await docs(['spaces', 'page', 'pg_abc', '--space', 'sp_abc'], { env: { ...env, DOCS_API_URL: server.url } });
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      expect(res.stdout).toBe('# ABC\n');
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/spaces/sp_abc/content/page/pg_abc']);
    } finally {
      await server.close();
    }
  });

  it('an id in the space or in a change request: one request', async () => {
    const space = await sent(['page_quickstart']);
    expect(space.code, space.stderr).toBe(0);
    expect(space.requests).toEqual([`GET /v1/spaces/${SPACE}/content/page/page_quickstart`]);

    const cr = await sent(['page_quickstart', '--cr', '1']);
    expect(cr.code, cr.stderr).toBe(0);
    expect(cr.stdout).toBe(space.stdout);
    expect(cr.requests).toEqual([`GET /v1/spaces/${SPACE}/change-requests/1/content/page/page_quickstart`]);
  });

  it('a path: the tree, then the page it names; never the path as an id', async () => {
    const res = await sent(['installation/linux']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.requests).toEqual([`GET /v1/spaces/${SPACE}/content/pages`, `GET /v1/spaces/${SPACE}/content/page/page_install_linux`]);
  });

  it('a word that is no page id: asked as an id, then resolved as a path through the tree', async () => {
    const res = await sent(['installation']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.requests).toHaveLength(3);
    expect(res.requests.slice(0, 2)).toEqual([
      `GET /v1/spaces/${SPACE}/content/page/installation`,
      `GET /v1/spaces/${SPACE}/content/pages`,
    ]);
    expect(res.requests[2]).toMatch(new RegExp(`^GET /v1/spaces/${SPACE}/content/page/(?!installation$)`));

    const missing = await sent(['page_nope']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(new RegExp(`^Error: no page with the path or id "page_nope" in space ${SPACE}\\. Nearby: .+\\.\\n$`));
    expect(missing.requests).toEqual([`GET /v1/spaces/${SPACE}/content/page/page_nope`, `GET /v1/spaces/${SPACE}/content/pages`]);
  });

  it('a missing space is still named as the missing thing (exit 3)', async () => {
    const res = await sent(['page_quickstart', '--space', 'space_nope']);
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/space "space_nope" not found/i);
  });
});
