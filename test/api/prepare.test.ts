import { afterEach, describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import { toSearchParams } from '../../src/api/http.js';
import type { Operation } from '../../src/api/operation.js';
import { allOperations, areas } from '../../src/api/operations/index.js';
import { ValidationError } from '../../src/api/validation.js';
import { sendJson, startServer } from '../helpers/http-server.js';

/*
 * How the client turns params into a request before sending: path parameters (encoding, numbers,
 * what it refuses), unknown parameters, and the query string on the wire.
 */

const BASE = 'http://127.0.0.1:9';
const client = new DocsClient({ baseUrl: BASE });
const { changeRequests, comments, sites, spaces, collections, organizations } = areas;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const pathOf = (op: Operation, params: Record<string, unknown>) => new URL(client.prepare(op, params).url).pathname;
const refusal = (op: Operation, params: Record<string, unknown>): string => {
  try {
    client.prepare(op, params);
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return (err as Error).message;
  }
  throw new Error(`${op.id} accepted ${JSON.stringify(params)}`);
};

describe('path parameters', () => {
  it('encodes each value as one segment: slashes, spaces, reserved characters and unicode', () => {
    const cases: [string, string][] = [
      ['a/b', 'a%2Fb'],
      ['my space', 'my%20space'],
      ['q?x=1#frag', 'q%3Fx%3D1%23frag'],
      ['100%', '100%25'],
      ['café ✓', 'caf%C3%A9%20%E2%9C%93'],
      ['...', '...'],
      ['.hidden', '.hidden'],
    ];
    for (const [value, encoded] of cases) {
      expect(pathOf(spaces.get, { spaceId: value }), value).toBe(`/v1/spaces/${encoded}`);
    }
    expect(pathOf(comments.getReply, { spaceId: 's/1', commentId: 'c 1', commentReplyId: 'r' })).toBe(
      '/v1/spaces/s%2F1/comments/c%201/replies/r',
    );
  });

  it('refuses "." and "..", which URL parsing would collapse into another endpoint', () => {
    // Sent as is, DELETE /v1/spaces/s/comments/.. reaches DELETE /v1/spaces/s.
    expect(refusal(comments.delete, { spaceId: 's', commentId: '..' })).toBe(
      'commentId: must not be ".." (it would change the request path)',
    );
    expect(refusal(spaces.get, { spaceId: '.' })).toBe('spaceId: must not be "." (it would change the request path)');
  });

  it('takes the change request number as a number; other path parameters are strings', () => {
    expect(pathOf(changeRequests.merge, { spaceId: 's', changeRequestId: 3 })).toBe('/v1/spaces/s/change-requests/3/merge');
    expect(pathOf(changeRequests.merge, { spaceId: 's', changeRequestId: '3' })).toBe('/v1/spaces/s/change-requests/3/merge');
    expect(pathOf(changeRequests.get, { spaceId: 's', changeRequestId: 0 })).toBe('/v1/spaces/s/change-requests/0');
    for (const bad of [Number.NaN, -1, 1.5, Number.POSITIVE_INFINITY]) {
      expect(refusal(changeRequests.get, { spaceId: 's', changeRequestId: bad }), String(bad)).toBe(
        `changeRequestId: must be an id or a whole number, got ${bad}`,
      );
    }
    expect(refusal(changeRequests.get, { spaceId: 's', changeRequestId: true })).toBe('changeRequestId: must be a string or a number');
    expect(refusal(spaces.get, { spaceId: 42 })).toBe('spaceId: must be a string');
  });

  it('names a missing or empty parameter', () => {
    expect(refusal(spaces.get, {})).toBe('spaceId: required');
    expect(refusal(spaces.get, { spaceId: null })).toBe('spaceId: required');
    expect(refusal(spaces.get, { spaceId: '' })).toBe('spaceId: must not be empty');
    expect(refusal(changeRequests.merge, { spaceId: 's' })).toBe('changeRequestId: required');
  });

  it('refuses parameters the operation does not take, instead of dropping them', () => {
    expect(refusal(changeRequests.list, { spaceId: 's', status: 'merged' })).toBe(
      'listChangeRequestsForSpace: unknown parameter "status" (it takes spaceId, query)',
    );
    expect(refusal(organizations.list, { orgId: 'o', limit: 5 })).toBe(
      'listOrganizationsForAuthenticatedUser: unknown parameters "orgId", "limit" (it takes query)',
    );
    expect(refusal(spaces.delete, { spaceId: 's', body: { x: 1 } })).toBe('deleteSpaceById takes no request body');
    expect(refusal(spaces.delete, { spaceId: 's', query: { x: 1 } })).toBe('deleteSpaceById takes no query parameters');
  });
});

describe('query string', () => {
  it('serialises booleans, numbers and arrays (one key per item), drops undefined and encodes values', () => {
    expect(toSearchParams({ a: true, b: false, n: 0, limit: 1000, list: ['x', 'y z'], gone: undefined, q: 'a&b=c' })).toBe(
      '?a=true&b=false&n=0&limit=1000&list=x&list=y+z&q=a%26b%3Dc',
    );
    expect(toSearchParams({ empty: [] })).toBe('');
    expect(toSearchParams({})).toBe('');
    expect(toSearchParams(undefined)).toBe('');
  });

  it('sends the typed value of what was given as typed values or URL strings', () => {
    const typed = client.prepare(sites.list, { organizationId: 'o', query: { published: false, limit: 20, type: ['basic', 'premium'] } });
    const strings = client.prepare(sites.list, { organizationId: 'o', query: { published: 'false', limit: '20', type: 'basic' } });
    expect(typed.url).toBe(`${BASE}/v1/orgs/o/sites?limit=20&published=false&type=basic&type=premium`);
    expect(strings.query).toEqual({ published: false, limit: 20, type: ['basic'] });
    expect(strings.url).toBe(`${BASE}/v1/orgs/o/sites?limit=20&published=false&type=basic`);
    expect(client.prepare(collections.list, { organizationId: 'o', query: { nested: true } }).url).toBe(
      `${BASE}/v1/orgs/o/collections?nested=true`,
    );
  });

  it('injects no default: an operation called without a query sends none', () => {
    const withQuery = (allOperations as readonly Operation[]).filter((op) => op.query);
    const withOptionalQuery = withQuery.filter((op) => op.query!.safeParse({}).success);
    // Only the searches require a query parameter (`query`, contract Limits).
    expect(
      withQuery
        .filter((op) => !withOptionalQuery.includes(op))
        .map((op) => op.id)
        .sort(),
    ).toEqual(['searchOrganizationContent', 'searchSpaceContent']);
    for (const op of withOptionalQuery) {
      // No `.default()` in a query schema: an empty query validates to an empty one.
      expect(op.query!.parse({}), op.id).toEqual({});
      if (op.bodyRequired) continue;
      const req = client.prepare(op, Object.fromEntries(op.pathParams.map((name) => [name, 'x'])));
      expect(req.query, op.id).toBeUndefined();
      expect(req.url, op.id).not.toContain('?');
    }
  });
});

describe('on the wire', () => {
  it('calls an operation with params left out, and a change request by its number', async () => {
    const server = await startServer((req, res) => {
      if (req.path.endsWith('/merge')) return sendJson(res, 200, { revision: 'rev2', result: 'merge' });
      sendJson(res, 200, { items: [{ id: 'org1', title: 'Acme' }] });
    });
    cleanups.push(server.close);
    const docs = new DocsClient({ baseUrl: server.url, token: 'tok_0123456789' });
    cleanups.push(() => docs.close());
    const orgs = await docs.organizations.list();
    expect(orgs.items.map((o) => o.title)).toEqual(['Acme']);
    const merged = await docs.changeRequests.merge({ spaceId: 'space 1', changeRequestId: 7 });
    expect(merged).toEqual({ revision: 'rev2', result: 'merge' });
    expect(server.requests.map((r) => `${r.method} ${r.path}${r.query.size > 0 ? `?${r.query.toString()}` : ''}`)).toEqual([
      'GET /v1/orgs',
      'POST /v1/spaces/space%201/change-requests/7/merge',
    ]);
  });

  it('calls by operationId, and rejects an unknown one', async () => {
    const server = await startServer((_req, res) => sendJson(res, 200, { id: 'space 1', title: 'Guides' }));
    cleanups.push(server.close);
    const docs = new DocsClient({ baseUrl: server.url, token: 'tok_0123456789', validateResponses: false });
    cleanups.push(() => docs.close());
    expect(await docs.request('getSpaceById', { spaceId: 'space 1' })).toEqual({ id: 'space 1', title: 'Guides' });
    const unknown = docs.request('getSpaceByName', { name: 'Guides' });
    await expect(unknown).rejects.toThrow('unknown operation "getSpaceByName"');
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/spaces/space%201']);
  });

  it('refuses a dot segment before anything is sent', async () => {
    const server = await startServer((_req, res) => void res.writeHead(204).end());
    cleanups.push(server.close);
    const docs = new DocsClient({ baseUrl: server.url, token: 'tok_0123456789' });
    cleanups.push(() => docs.close());
    await expect(docs.comments.delete({ spaceId: 's', commentId: '..' })).rejects.toThrow(ValidationError);
    expect(server.requests).toHaveLength(0);
  });
});
