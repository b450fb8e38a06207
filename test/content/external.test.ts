import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheFileError, checkExternal, ExternalCache, retryAfterMs, type ExternalOptions } from '../../src/content/external.js';

/**
 * `--external`'s checker against loopback servers (node:http on 127.0.0.1, ephemeral ports). Waits
 * (Retry-After, pacing) go through an injected `sleep` that records them and does not wait, so no
 * assertion depends on time.
 */

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
}

let server: Server;
let base: string;
const seen: Seen[] = [];
let inFlight = 0;
let maxInFlight = 0;
const counters = new Map<string, number>();
const hit = (key: string) => {
  const n = (counters.get(key) ?? 0) + 1;
  counters.set(key, n);
  return n;
};

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push({ method: req.method ?? '', path: url.pathname, headers: req.headers });
  const send = (status: number, headers: Record<string, string> = {}) => {
    res.writeHead(status, headers);
    res.end(req.method === 'GET' ? 'body' : undefined);
  };
  switch (url.pathname) {
    case '/ok':
      return send(200);
    case '/404':
      return send(404);
    case '/410':
      return send(410);
    case '/moved-to-404':
      return send(301, { location: '/404' });
    case '/moved':
      return send(308, { location: `${base}/ok` });
    case '/found':
      return send(302, { location: '/ok' });
    case '/no-head':
      return req.method === 'HEAD' ? send(405) : send(200);
    case '/head-501':
      return req.method === 'HEAD' ? send(501) : send(404);
    case '/slow':
      setTimeout(() => send(200), 3000).unref();
      return;
    case '/limited-once':
      return hit('/limited-once') === 1 ? send(429, { 'retry-after': '1' }) : send(200);
    case '/limited':
      return send(429, { 'retry-after': '2' });
    case '/limited-long':
      return send(429, { 'retry-after': '3600' });
    case '/unavailable-date':
      return hit('/unavailable-date') === 1 ? send(503, { 'retry-after': new Date(Date.now() + 5000).toUTCString() }) : send(204);
    case '/forbidden':
      return send(403);
    case '/error':
      return send(500);
    case '/loop':
      return send(302, { location: '/loop' });
    default:
      if (url.pathname.startsWith('/busy/')) {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        setTimeout(() => {
          inFlight--;
          send(200);
        }, 50).unref();
        return;
      }
      return send(404);
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Options that record each wait instead of waiting. */
function quick(extra: ExternalOptions = {}): { options: ExternalOptions; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    options: {
      pacingMs: 0,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      ...extra,
    },
  };
}

const verdictOf = async (path: string, extra: ExternalOptions = {}) => {
  const { options, waits } = quick(extra);
  const url = `${base}${path}`;
  const before = seen.length;
  const verdict = (await checkExternal([url], options)).get(url);
  return { verdict, waits, requests: seen.slice(before).map((s) => `${s.method} ${s.path}`) };
};

describe('checkExternal', () => {
  it('200 is ok, from HEAD alone', async () => {
    const { verdict, requests } = await verdictOf('/ok');
    expect(verdict).toEqual({ status: 'ok', detail: '200' });
    expect(requests).toEqual(['HEAD /ok']);
  });

  it('404 and 410 are broken, confirmed with GET', async () => {
    const missing = await verdictOf('/404');
    expect(missing.verdict).toEqual({ status: 'broken', detail: '404 Not Found' });
    expect(missing.requests).toEqual(['HEAD /404', 'GET /404']);
    expect((await verdictOf('/410')).verdict).toEqual({ status: 'broken', detail: '410 Gone' });
  });

  it('301 to a 404 is broken, and says the way there', async () => {
    const { verdict, requests } = await verdictOf('/moved-to-404');
    expect(verdict).toEqual({ status: 'broken', detail: `301 to ${base}/404, then 404 Not Found` });
    expect(requests).toEqual(['HEAD /moved-to-404', 'HEAD /404', 'GET /404']);
  });

  it('a permanent redirect to a page that works is a redirect, with where it leads; a temporary one is ok', async () => {
    expect((await verdictOf('/moved')).verdict).toEqual({
      status: 'redirect',
      detail: `308 to ${base}/ok, then 200`,
      location: `${base}/ok`,
    });
    expect((await verdictOf('/found')).verdict).toEqual({ status: 'ok', detail: `302 to ${base}/ok, then 200` });
  });

  it('a host that refuses HEAD is asked with GET', async () => {
    const refused = await verdictOf('/no-head');
    expect(refused.verdict).toEqual({ status: 'ok', detail: '200' });
    expect(refused.requests).toEqual(['HEAD /no-head', 'GET /no-head']);
    // 501 to HEAD, then GET decides: here a 404.
    expect((await verdictOf('/head-501')).verdict).toEqual({ status: 'broken', detail: '404 Not Found' });
  });

  it('a slow host is unverified (timed out), not broken', async () => {
    const { verdict } = await verdictOf('/slow', { timeoutMs: 200 });
    expect(verdict).toEqual({ status: 'unverified', detail: 'timed out after 0.2 s' });
  });

  it('429 with Retry-After: waits as it says, then asks again', async () => {
    const { verdict, waits, requests } = await verdictOf('/limited-once');
    expect(verdict).toEqual({ status: 'ok', detail: '200' });
    expect(waits).toEqual([1000]);
    expect(requests).toEqual(['HEAD /limited-once', 'HEAD /limited-once']);
  });

  it('429 after every retry is unverified (rate limited); a Retry-After beyond the limit is not waited for', async () => {
    const limited = await verdictOf('/limited', { retries: 2 });
    expect(limited.verdict).toEqual({ status: 'unverified', detail: 'rate limited (429 Too Many Requests)' });
    expect(limited.waits).toEqual([2000, 2000]);
    expect(limited.requests).toHaveLength(3);
    const long = await verdictOf('/limited-long');
    expect(long.verdict?.status).toBe('unverified');
    expect(long.waits).toEqual([]);
  });

  it('503 with a Retry-After date is retried after about that long', async () => {
    const { verdict, waits } = await verdictOf('/unavailable-date');
    expect(verdict).toEqual({ status: 'ok', detail: '204' });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(2000);
    expect(waits[0]).toBeLessThanOrEqual(5000);
  });

  it('403 and 500 are unverified; a redirect loop too', async () => {
    expect((await verdictOf('/forbidden')).verdict).toEqual({ status: 'unverified', detail: '403 Forbidden' });
    expect((await verdictOf('/error')).verdict).toEqual({ status: 'unverified', detail: '500 Internal Server Error' });
    expect((await verdictOf('/loop')).verdict?.detail).toMatch(/more than 10 redirects$/);
  });

  it('a URL that does not parse is broken; a refused connection is unverified', async () => {
    expect((await checkExternal(['http://exa mple.com/'], quick().options)).get('http://exa mple.com/')).toEqual({
      status: 'broken',
      detail: 'not a valid URL',
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as { port: number }).port}/`;
    await new Promise((resolve) => closed.close(resolve));
    expect((await checkExternal([url], quick().options)).get(url)?.status).toBe('unverified');
  });

  it('sends no header but user-agent and accept (and the host): nothing of the API', async () => {
    const before = seen.length;
    await checkExternal([`${base}/ok`, `${base}/moved`], quick().options);
    for (const request of seen.slice(before))
      expect(Object.keys(request.headers).sort()).toEqual(
        ['accept', 'connection', 'host', 'user-agent'].filter((h) => h in request.headers),
      );
    expect(seen.slice(before).every((r) => r.headers.authorization === undefined && r.headers.cookie === undefined)).toBe(true);
  });

  it('at most perHost requests at once to a host, each URL asked once, starts paced', async () => {
    maxInFlight = 0;
    const urls = Array.from({ length: 8 }, (_, i) => `${base}/busy/${i}`);
    // A clock that stands still: each start is then 40 ms after the one before it.
    const { options, waits } = quick({ perHost: 2, pacingMs: 40, now: () => 0 });
    const verdicts = await checkExternal([...urls, ...urls], options);
    expect(verdicts.size).toBe(8);
    expect([...verdicts.values()].every((v) => v.status === 'ok')).toBe(true);
    expect(maxInFlight).toBeLessThanOrEqual(2);
    expect(maxInFlight).toBeGreaterThan(0);
    // 8 starts 40 ms apart: each but the first waited for its turn.
    expect(waits).toEqual([40, 80, 120, 160, 200, 240, 280]);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and dates; anything else is undefined', () => {
    expect(retryAfterMs('5', 0)).toBe(5000);
    expect(retryAfterMs(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(retryAfterMs('soon', 0)).toBeUndefined();
    expect(retryAfterMs(undefined, 0)).toBeUndefined();
  });
});

describe('ExternalCache', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'docs-link-cache-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps definite verdicts: the next run asks nothing until the TTL has passed', async () => {
    const file = join(dir, 'cache.json');
    let now = Date.parse('2026-01-01T00:00:00Z');
    const clock = () => now;
    const urls = [`${base}/ok`, `${base}/404`, `${base}/moved`, `${base}/slow`];
    const first = new ExternalCache(file, 3_600_000, clock);
    await checkExternal(urls, quick({ cache: first, timeoutMs: 200 }).options);
    first.save();
    const written = JSON.parse(readFileSync(file, 'utf8')) as { version: number; entries: Record<string, { status: string }> };
    expect(written.version).toBe(1);
    // The slow link was unverified: not kept.
    expect(Object.keys(written.entries).sort()).toEqual([`${base}/404`, `${base}/moved`, `${base}/ok`]);

    const before = seen.length;
    const again = await checkExternal(urls.slice(0, 3), quick({ cache: new ExternalCache(file, 3_600_000, clock) }).options);
    expect(seen.length).toBe(before);
    expect([...again.values()].map((v) => v.status)).toEqual(['ok', 'broken', 'redirect']);

    now += 3_600_000;
    await checkExternal([`${base}/ok`], quick({ cache: new ExternalCache(file, 3_600_000, clock) }).options);
    expect(seen.length).toBe(before + 1);
  });

  it('a file that is not a cache is an error and is left as it is', () => {
    const file = join(dir, 'notes.json');
    writeFileSync(file, '{"my": "notes"}');
    expect(() => new ExternalCache(file, 1000)).toThrow(CacheFileError);
    writeFileSync(file, 'not json');
    expect(() => new ExternalCache(file, 1000)).toThrow(/not a link cache/);
    expect(readFileSync(file, 'utf8')).toBe('not json');
    expect(() => new ExternalCache(join(dir, 'absent.json'), 1000)).not.toThrow();
  });
});
