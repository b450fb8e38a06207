import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import { ExitCode, NetworkError } from '../../src/api/errors.js';
import { HttpClient } from '../../src/api/http.js';
import { allOperations } from '../../src/api/operations/index.js';
import { sendJson, startServer, type TestServer } from '../helpers/http-server.js';

/*
 * Which operations the transport may send twice. A request whose connection drops after it was
 * written may have been applied: repeating it is only right when a repeat leaves the same state.
 */

/** POSTs that set a state rather than create one: moves to a place next to a neighbour, the last-seen ping, the SSO flag. */
const IDEMPOTENT_POSTS = [
  'moveCollection',
  'moveSpace',
  'moveSiteSpace',
  'moveSiteSection',
  'moveSiteSectionGroup',
  'updateOrganizationMemberLastSeenAt',
  'setUserAsSSOMemberForOrganization',
];

const expected = (op: { id: string; method: string }): boolean => op.method !== 'POST' || IDEMPOTENT_POSTS.includes(op.id);

describe('idempotency in the operation table', () => {
  it('covers the 134 operations; every named idempotent POST exists', () => {
    expect(allOperations).toHaveLength(134);
    const ids = new Set<string>(allOperations.map((op) => op.id));
    expect(IDEMPOTENT_POSTS.filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(allOperations.map((op) => [op.id, op.method, expected(op)] as const))('%s (%s) idempotent: %s', (id, _method, flag) => {
    expect(allOperations.find((op) => op.id === id)?.idempotent).toBe(flag);
  });

  it('marks every PATCH idempotent (each sets absolute values)', () => {
    const patches = allOperations.filter((op) => op.method === 'PATCH');
    expect(patches.length).toBeGreaterThan(10);
    expect(patches.filter((op) => !op.idempotent).map((op) => op.id)).toEqual([]);
  });
});

/** Resets the connection of the first request to each path, answers the next ones. */
let server: TestServer;
const seen = new Set<string>();
beforeAll(async () => {
  server = await startServer((req, res, raw) => {
    const key = `${req.method} ${req.path}`;
    if (!seen.has(key)) {
      seen.add(key);
      raw.socket.destroy();
      return;
    }
    sendJson(res, 200, { id: 'x' });
  });
});
afterAll(() => server.close());

const noWait = { sleep: async () => undefined };

describe('a connection reset after the request was written, per operation', () => {
  const http = (): HttpClient => new HttpClient({ baseUrl: server.url, token: 't', ...noWait });

  it.each(allOperations.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const client = http();
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => `${op.id}-${name}`);
    const before = server.requests.filter((r) => r.path === path).length;
    try {
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
      const result = client.request({ method: op.method, path, body, idempotent: op.idempotent });
      if (op.idempotent) {
        await expect(result).resolves.toMatchObject({ status: 200, retries: 1 });
      } else {
        const err = await result.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(NetworkError);
        expect(err).toMatchObject({ exitCode: ExitCode.network, retries: 0, mayHaveApplied: true });
      }
      expect(server.requests.filter((r) => r.path === path).length - before).toBe(op.idempotent ? 2 : 1);
    } finally {
      await client.close();
    }
  });
});

describe('the typed client passes the table flag to the transport', () => {
  it('repeats a PATCH (spaces edit) whose connection was reset, and not a POST (cr create)', async () => {
    const client = new DocsClient({ baseUrl: server.url, token: 't', validateResponses: false, ...noWait });
    try {
      await expect(client.spaces.update({ spaceId: 'patched', body: { title: 'New title' } })).resolves.toMatchObject({ id: 'x' });
      expect(server.requests.filter((r) => r.path === '/v1/spaces/patched' && r.method === 'PATCH')).toHaveLength(2);
      const err = await client.changeRequests.create({ spaceId: 'posted', body: { subject: 'once' } }).catch((e: unknown) => e);
      expect(err).toMatchObject({ name: 'NetworkError', mayHaveApplied: true });
      expect(server.requests.filter((r) => r.path === '/v1/spaces/posted/change-requests')).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it('does not mark a refused connection as possibly applied (nothing was sent)', async () => {
    const { freePort } = await import('../helpers/http-server.js');
    const port = await freePort();
    const client = new DocsClient({ baseUrl: `http://127.0.0.1:${port}`, token: 't', retry: { maxRetries: 0 }, ...noWait });
    try {
      const err = await client.changeRequests.create({ spaceId: 's', body: {} }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'ECONNREFUSED', mayHaveApplied: false });
    } finally {
      await client.close();
    }
  });
});
