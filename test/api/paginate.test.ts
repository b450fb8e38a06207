import { afterEach, describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import { ResponseError } from '../../src/api/errors.js';
import { HttpClient } from '../../src/api/http.js';
import { changeRequests } from '../../src/api/operations/change-requests.js';
import { paginate, type Page } from '../../src/api/paginate.js';
import { sendJson, startServer, type Received, type TestServer } from '../helpers/http-server.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

interface ListServer {
  server: TestServer;
  /** `limit` of each request, in order (undefined when absent). */
  limits: () => Array<number | undefined>;
}

/**
 * A list of `total` items `{id: "item-<n>"}` paged by offset cursors. The server honours `limit`
 * (at most 1000) or answers `fixedPageSize` items per page when set, and can leave out `count`
 * and `next` on the last page.
 */
async function listServer(
  total: number,
  options: { fixedPageSize?: number; withCount?: boolean; lastNext?: 'absent' | 'null' } = {},
): Promise<ListServer> {
  const server = await startServer((req: Received, res) => {
    const offset = Number(req.query.get('page') ?? '0');
    const limit = options.fixedPageSize ?? Number(req.query.get('limit') ?? '100');
    if (limit > 1000) return sendJson(res, 400, { error: { code: 400, message: 'limit: must be at most 1000' } });
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ id: `item-${offset + i}` }));
    const body: Record<string, unknown> = { items };
    if (options.withCount !== false) body.count = total;
    if (offset + items.length < total) body.next = { page: String(offset + items.length) };
    else if (options.lastNext === 'null') body.next = null;
    sendJson(res, 200, body);
  });
  cleanups.push(server.close);
  return {
    server,
    limits: () => server.requests.map((r) => (r.query.has('limit') ? Number(r.query.get('limit')) : undefined)),
  };
}

function fetcher(baseUrl: string): (page: string | undefined, limit: number) => Promise<Page<{ id: string }>> {
  const http = new HttpClient({ baseUrl, retry: { maxRetries: 0 } });
  cleanups.push(() => http.close());
  return async (page, limit) =>
    (await http.request({ method: 'GET', path: '/v1/items', query: { page, limit }, expectBody: true })).body as Page<{ id: string }>;
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const ids = (from: number, to: number): string[] => Array.from({ length: to - from }, (_, i) => `item-${from + i}`);

describe('paginate', () => {
  it('walks 2,500 items with pages of 1000: every item once, in order', async () => {
    const { server, limits } = await listServer(2500);
    const items = await collect(paginate(fetcher(server.url), { pageSize: 1000 }));
    expect(items.map((i) => i.id)).toEqual(ids(0, 2500));
    expect(limits()).toEqual([1000, 1000, 1000]);
    expect(server.requests.map((r) => r.query.get('page'))).toEqual([null, '1000', '2000']);
  });

  it('walks 7 pages of 100', async () => {
    const { server, limits } = await listServer(700);
    const pages: Array<{ page: number; items: number; count?: number }> = [];
    const items = await collect(paginate(fetcher(server.url), { pageSize: 100, onPage: (p) => pages.push(p) }));
    expect(items.map((i) => i.id)).toEqual(ids(0, 700));
    expect(limits()).toEqual(Array(7).fill(100));
    expect(pages).toHaveLength(7);
    expect(pages[0]).toEqual({ page: 1, items: 100, count: 700, more: true });
    expect(pages[6]).toEqual({ page: 7, items: 100, count: 700, more: false });
  });

  it('never asks for more than 1000 per page, and defaults to 100', async () => {
    const big = await listServer(1500);
    await collect(paginate(fetcher(big.server.url), { pageSize: 5000 }));
    expect(big.limits()).toEqual([1000, 1000]);
    const dflt = await listServer(150);
    await collect(paginate(fetcher(dflt.server.url)));
    expect(dflt.limits()).toEqual([100, 100]);
  });

  it('stops at max without fetching further pages, asking only for what is missing', async () => {
    const { server, limits } = await listServer(2500);
    const items = await collect(paginate(fetcher(server.url), { pageSize: 100, max: 250 }));
    expect(items.map((i) => i.id)).toEqual(ids(0, 250));
    expect(limits()).toEqual([100, 100, 50]);
    const exact = await listServer(2500);
    await collect(paginate(fetcher(exact.server.url), { pageSize: 100, max: 200 }));
    expect(exact.limits()).toEqual([100, 100]);
    const none = await listServer(10);
    expect(await collect(paginate(fetcher(none.server.url), { max: 0 }))).toEqual([]);
    expect(none.server.requests).toHaveLength(0);
  });

  it('stops at max even when the server sends bigger pages than asked', async () => {
    const { server } = await listServer(1000, { fixedPageSize: 300 });
    const items = await collect(paginate(fetcher(server.url), { pageSize: 100, max: 450 }));
    expect(items.map((i) => i.id)).toEqual(ids(0, 450));
    expect(server.requests).toHaveLength(2);
  });

  it('handles a missing count and a last page with next absent or null', async () => {
    for (const lastNext of ['absent', 'null'] as const) {
      const { server } = await listServer(250, { withCount: false, lastNext });
      const pages: Array<{ count?: number }> = [];
      const items = await collect(paginate(fetcher(server.url), { pageSize: 100, onPage: (p) => pages.push(p) }));
      expect(items).toHaveLength(250);
      expect(server.requests).toHaveLength(3);
      expect(pages.every((p) => p.count === undefined)).toBe(true);
    }
  });

  it('fetches page N+1 while page N is consumed, never more than one page ahead', async () => {
    const asked: Array<string | undefined> = [];
    const walk = paginate<number>(
      async (page) => {
        asked.push(page);
        const n = Number(page ?? 0);
        return { items: [n * 10, n * 10 + 1], next: n < 3 ? { page: String(n + 1) } : null };
      },
      { pageSize: 2 },
    );
    expect((await walk.next()).value).toBe(0);
    // The first item of page 1 is out: page 2 is on its way, page 3 is not.
    expect(asked).toEqual([undefined, '1']);
    expect((await walk.next()).value).toBe(1);
    expect(asked).toEqual([undefined, '1']);
    expect((await walk.next()).value).toBe(10);
    expect(asked).toEqual([undefined, '1', '2']);
    const rest: number[] = [];
    for await (const n of walk) rest.push(n);
    expect(rest).toEqual([11, 20, 21, 30, 31]);
    expect(asked).toEqual([undefined, '1', '2', '3']);
  });

  it('reports a failed page ahead only when the walk reaches it', async () => {
    const walk = paginate<number>(async (page) => {
      if (page === 'b') throw new ResponseError('page b failed');
      return { items: [1, 2], next: { page: 'b' } };
    });
    const got: number[] = [];
    const err = await (async () => {
      for await (const n of walk) got.push(n);
    })().catch((e: unknown) => e);
    expect(got).toEqual([1, 2]);
    expect((err as Error).message).toBe('page b failed');
  });

  it('follows next across an empty page, and refuses a cursor it has seen', async () => {
    const pages: Record<string, Page<number>> = {
      start: { items: [1, 2], next: { page: 'b' } },
      b: { items: [], next: { page: 'c' } },
      c: { items: [3], next: { page: 'b' } },
    };
    const walk = paginate<number>(async (page) => pages[page ?? 'start'] as Page<number>);
    const got: number[] = [];
    const err = await (async () => {
      for await (const n of walk) got.push(n);
    })().catch((e: unknown) => e);
    expect(got).toEqual([1, 2, 3]);
    expect(err).toBeInstanceOf(ResponseError);
    expect((err as Error).message).toBe('the server returned the page cursor "b" twice; stopping after 3 items');
  });

  it('rejects a page without items', async () => {
    const walk = paginate(async () => ({ next: null }) as unknown as Page<number>);
    await expect(collect(walk)).rejects.toThrow('page 1 of the list has no "items" array');
  });

  it('drives DocsClient.paginate with page and limit in the query', async () => {
    const { server, limits } = await listServer(1200);
    const docs = new DocsClient({ baseUrl: server.url, token: 'tok_0123456789', validateResponses: false });
    cleanups.push(() => docs.close());
    const items = await collect(
      docs.paginate(changeRequests.list, { spaceId: 'space-1', query: { status: 'open' } }, { pageSize: 1000, max: 1100 }),
    );
    expect(items).toHaveLength(1100);
    expect(limits()).toEqual([1000, 100]);
    expect(server.requests.every((r) => r.path === '/v1/spaces/space-1/change-requests' && r.query.get('status') === 'open')).toBe(true);
  });

  it('checks each page cheaply: the envelope, the first item in full, the others for being objects', async () => {
    const CR = {
      id: 'cr_1',
      number: 1,
      status: 'open',
      subject: 'Fix',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      revision: 'rev_1',
      revisionInitial: 'rev_0',
      comments: 0,
      outdated: false,
    };
    const bodies: unknown[] = [
      { items: [CR, 'not an object'] },
      { items: [{ number: 1 }] },
      { items: {}, next: null },
      { items: [], next: { page: 7 } },
      { items: [], count: 'many' },
      [],
    ];
    const server = await startServer((_req, res) => sendJson(res, 200, bodies.shift()));
    cleanups.push(server.close);
    const docs = new DocsClient({ baseUrl: server.url, token: 'tok_0123456789', retry: { maxRetries: 0 } });
    cleanups.push(() => docs.close());
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) {
      const err = await collect(docs.paginate(changeRequests.list, { spaceId: 'space-1' })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ResponseError);
      messages.push((err as Error).message.replace(/^GET \S+: unexpected response shape /, ''));
    }
    expect(messages).toEqual([
      '(response.items.1: expected an object)',
      expect.stringMatching(/^\(response\.items\.0\.id: /),
      '(response.items: expected an array)',
      '(response.next: expected an object with a string "page", or null)',
      '(response.count: expected a number)',
      '(response: expected an object)',
    ]);
  });
});
