import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allOperations } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { handlers } from '../../src/emulator/handlers/index.js';
import { RouteTable, parseQuery } from '../../src/api/routes.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { call, DEMO, startDemo, type Api } from './helpers.js';
import { demoSnapshot, loadScenarios, sendScenario, startScenario } from './scenarios/index.js';
import { expectedDriver } from '../helpers/sqlite.js';

describe('route table', () => {
  const routes = new RouteTable(allOperations);
  const id = (method: string, path: string) => {
    const m = routes.match(method, path);
    return m.kind === 'found' ? m.operation.id : m.kind;
  };

  it('prefers a literal segment over a parameter', () => {
    expect(id('GET', '/v1/orgs/o1/openapi/pets/versions/latest')).toBe('getLatestOpenAPISpecVersion');
    expect(id('GET', '/v1/orgs/o1/openapi/pets/versions/latest/content')).toBe('getLatestOpenAPISpecVersionContent');
    expect(id('GET', '/v1/orgs/o1/openapi/pets/versions/v7')).toBe('getOpenAPISpecVersionById');
    expect(id('GET', '/v1/orgs/o1/openapi/pets/versions/v7/content')).toBe('getOpenAPISpecVersionContentById');
  });

  it('decodes path parameters', () => {
    const m = routes.match('GET', '/v1/email-domains/acme%2Etest/orgs');
    expect(m.kind === 'found' && m.params).toEqual({ emailDomain: 'acme.test' });
  });

  it('routes every operation of the table to itself', () => {
    for (const op of allOperations as readonly Operation[]) {
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => `x-${name}`);
      expect(id(op.method, path), `${op.method} ${op.path}`).toBe(op.id);
    }
  });

  it('tells an unknown path from a known path with another method', () => {
    expect(routes.match('GET', '/v1/nothing-here')).toEqual({ kind: 'not-found' });
    const m = routes.match('POST', '/v1/orgs/o1');
    expect(m.kind).toBe('method-not-allowed');
    expect(m.kind === 'method-not-allowed' && m.allow.sort()).toEqual(['GET', 'PATCH']);
  });

  it('parses repeated query keys into arrays', () => {
    expect(parseQuery('a=1&b=2&a=3&c=')).toEqual({ a: ['1', '3'], b: '2', c: '' });
  });
});

describe('HTTP pipeline', () => {
  let emu: RunningEmulator;
  let api: Api;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'emu-router-'));
    ({ emu, api } = await startDemo({ log: join(dir, 'requests.jsonl') }));
  });
  afterAll(async () => {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers health without a token', async () => {
    const res = await call(emu.url, 'GET', '/_emulator/health');
    expect(res.status).toBe(200);
    // Every operation of the table has its handler: none answers 501.
    expect(res.body).toEqual({
      status: 'ok',
      operations: allOperations.length,
      handlers: allOperations.length,
      storage: expectedDriver(),
      // Its default and the rest: rate-limit.test.ts.
      rateLimit: expect.objectContaining({ spec: expect.any(String) }),
    });
  });

  it('401 without a token, with an unknown one, and with a malformed header', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope-not-a-token' }, { authorization: 'Basic abc' }] as Record<string, string>[]) {
      const res = await call(emu.url, 'GET', '/v1/orgs', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 401, message: expect.any(String) } });
    }
  });

  it('404 for an unknown route and 405 for a wrong method, in the error shape', async () => {
    const missing = await api('GET', '/v1/does/not/exist');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe(404);
    const wrong = await api('DELETE', `/v1/orgs/${DEMO.org}`);
    expect(wrong.status).toBe(405);
    expect(wrong.body.error).toEqual({ code: 405, message: expect.stringContaining('DELETE') });
    expect(wrong.headers.get('allow')).toContain('PATCH');
  });

  it('400 names the query field and its bound', async () => {
    const res = await api('GET', `/v1/orgs/${DEMO.org}/members`, { query: { limit: 1001 } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('limit: must be at most 1000');
    // Beside the contract's message, where: a client names its own option from the path.
    expect(res.body.error.issues).toEqual([{ path: ['limit'], message: 'must be at most 1000' }]);
    const role = await api('GET', `/v1/orgs/${DEMO.org}/members`, { query: { role: 'owner' } });
    expect(role.status).toBe(400);
    expect(role.body.error.message).toMatch(/^role: must be one of/);
    const unknown = await api('GET', `/v1/orgs/${DEMO.org}/members`, { query: { colour: 'red' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('colour');
    const none = await api('GET', `/v1/orgs/${DEMO.org}`, { query: { verbose: 'true' } });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain('verbose');
  });

  it('400 names the body field and its bound; invalid JSON and a missing required body are 400 too', async () => {
    const short = await api('PATCH', `/v1/orgs/${DEMO.org}`, { body: { title: 'x' } });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('body.title: must be at least 2 characters');
    const long = await api('POST', `/v1/orgs/${DEMO.org}/saml`, { body: { label: 'x'.repeat(31) } });
    expect(long.body.error.message).toBe('body.label: must be at most 30 characters');
    const broken = await api('PATCH', `/v1/orgs/${DEMO.org}`, { rawBody: '{"title": ', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toMatch(/^body: not valid JSON/);
    const missing = await api('PATCH', `/v1/orgs/${DEMO.org}`);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('body: required');
    const extra = await api('POST', `/v1/orgs/${DEMO.org}/ping`, { body: { hello: 1 } });
    expect(extra.status).toBe(400);
  });

  it('validates before authenticating, so a bad request says what is wrong even without a token', async () => {
    const res = await call(emu.url, 'GET', `/v1/orgs/${DEMO.org}/members`, { query: { limit: 5000 } });
    expect(res.status).toBe(400);
  });

  it('413 for a body over 10 MB', async () => {
    const res = await api('PATCH', `/v1/orgs/${DEMO.org}`, {
      rawBody: `{"title":"${'a'.repeat(10 * 1024 * 1024)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe(413);
  });

  it('answers JSON with a content type, and 204 with an empty body', async () => {
    const ok = await api('GET', `/v1/orgs/${DEMO.org}`);
    expect(ok.headers.get('content-type')).toMatch(/^application\/json/);
    const deleted = await api('DELETE', `/v1/orgs/${DEMO.org}/link-invites/does-not-exist`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(deleted.headers.get('content-type')).toBeNull();
  });

  it('sets Location on 201s the spec lists', async () => {
    const res = await api('POST', `/v1/orgs/${DEMO.org}/collections`, { body: { title: 'Located' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${emu.url}/v1/collections/${res.body.id}`);
  });

  it('logs one JSON line per request, without the token and with secret query values masked', async () => {
    await api('GET', `/v1/spaces/${DEMO.spaces.guides}`, { query: { shareKey: 'sekret-share-key' } });
    await emu.close();
    const lines = readFileSync(join(dir, 'requests.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(Object.keys(line).sort()).toEqual(expect.arrayContaining(['method', 'ms', 'path', 'status', 'time']));
    const text = readFileSync(join(dir, 'requests.jsonl'), 'utf8');
    expect(text).not.toContain(DEMO.tokens.admin);
    expect(text).not.toContain('sekret-share-key');
    expect(lines.find((l) => l.operationId === 'getSpaceById')?.path).toBe(`/v1/spaces/${DEMO.spaces.guides}?shareKey=***`);
    ({ emu, api } = await startDemo());
  });
});

describe('handler table', () => {
  it('holds one handler for each operation of the table, and nothing else', () => {
    const ids = (allOperations as readonly Operation[]).map((op) => op.id).sort();
    expect(Object.keys(handlers).sort()).toEqual(ids);
    const notFunctions = Object.entries(handlers).filter(([, handler]) => typeof handler !== 'function');
    expect(notFunctions.map(([id]) => id)).toEqual([]);
  });

  it('every operation reaches its handler and answers one of its success statuses (as an admin, in its scenario)', async () => {
    const builders = await loadScenarios();
    const snapshot = await demoSnapshot();
    const problems: string[] = [];
    for (const op of allOperations as readonly Operation[]) {
      const build = builders[op.id];
      if (!build) {
        problems.push(`${op.id}: no scenario`);
        continue;
      }
      const { emu, world } = await startScenario(snapshot, { userId: DEMO.users.admin, token: DEMO.tokens.admin });
      try {
        const res = await sendScenario(world, op, await build(world), DEMO.tokens.admin);
        if (!op.success.includes(res.status)) problems.push(`${op.id}: ${res.status} ${res.text.slice(0, 200)}`);
      } finally {
        await emu.close();
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('handler outcomes', () => {
  it('501 for an operation without a handler, 500 (no stack) when a handler throws', async () => {
    const emu = await startEmulator({
      seed: 'demo',
      handlers: {
        getOrganizationById: () => {
          throw new Error('kaboom');
        },
      },
    });
    try {
      const unhandled = await call(emu.url, 'GET', '/v1/orgs', { token: DEMO.tokens.admin });
      expect(unhandled.status).toBe(501);
      expect(unhandled.body.error.message).toContain('not implemented by the emulator');
      // Saved to be put back as it was; never called detached from process.stderr.
      // eslint-disable-next-line @typescript-eslint/unbound-method
      const original = process.stderr.write;
      process.stderr.write = () => true;
      let failed;
      try {
        failed = await call(emu.url, 'GET', `/v1/orgs/${DEMO.org}`, { token: DEMO.tokens.admin });
      } finally {
        process.stderr.write = original;
      }
      expect(failed.status).toBe(500);
      expect(failed.body.error.message).toContain('kaboom');
      expect(failed.text).not.toContain('at ');
    } finally {
      await emu.close();
    }
  });

  it('rolls back the writes of a handler that fails', async () => {
    const emu = await startEmulator({
      seed: 'demo',
      handlers: {
        updateOrganizationById: ({ ctx }) => {
          ctx.store.patch<{ id: string; title: string }>('organization', DEMO.org, { title: 'Half written' });
          throw new Error('after the write');
        },
      },
    });
    // Saved to be put back as it was; never called detached from process.stderr.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = process.stderr.write;
    process.stderr.write = () => true;
    try {
      const res = await call(emu.url, 'PATCH', `/v1/orgs/${DEMO.org}`, { token: DEMO.tokens.admin, body: { title: 'New' } });
      expect(res.status).toBe(500);
      expect(emu.store.get<{ id: string; title: string }>('organization', DEMO.org)?.title).toBe('Acme Docs');
    } finally {
      process.stderr.write = original;
      await emu.close();
    }
  });

  it('runs async handlers one at a time, each in its own transaction', async () => {
    const order: string[] = [];
    const emu = await startEmulator({
      seed: 'demo',
      handlers: {
        updateOrganizationById: async ({ ctx, body }) => {
          const title = body.title ?? '';
          order.push(`start ${title}`);
          await new Promise((r) => setTimeout(r, 30));
          ctx.store.patch<{ id: string; title: string }>('organization', DEMO.org, { title });
          order.push(`end ${title}`);
          return { status: 200, body: { id: DEMO.org, title } };
        },
      },
    });
    try {
      await Promise.all(
        ['First', 'Second'].map((title) => call(emu.url, 'PATCH', `/v1/orgs/${DEMO.org}`, { token: DEMO.tokens.admin, body: { title } })),
      );
      expect(order).toEqual(['start First', 'end First', 'start Second', 'end Second']);
    } finally {
      await emu.close();
    }
  });
});
