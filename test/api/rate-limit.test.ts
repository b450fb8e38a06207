import { afterEach, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { DocsClient } from '../../src/api/client.js';
import { AbortedError, RateLimitError } from '../../src/api/errors.js';
import { HttpClient, type HttpOptions } from '../../src/api/http.js';
import { readRateLimitHeaders, waitFromMessage, WaitBudget, type RateLimitWait } from '../../src/api/rate-limit.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

interface Limited {
  server: TestServer;
  /** Status of each answer, in the order they were sent. */
  statuses: number[];
}

/**
 * A server that limits as the service documents: `limit` requests per window of `windowS` seconds per kind of
 * method (windows aligned to the epoch, so the reset it gives is when the count restarts), 429 past it with the
 * service's body and no Retry-After. `others` requests of someone else are counted with each one answered.
 */
async function limitedServer(options: {
  limit: number;
  windowS: number;
  now?: () => number;
  others?: number;
  /** Requests someone else had sent in the first window before ours. */
  taken?: number;
  delayMs?: number;
}): Promise<Limited> {
  const now = options.now ?? Date.now;
  const used = new Map<string, number>();
  const statuses: number[] = [];
  const server = await startServer(async (req, res) => {
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    const windowMs = options.windowS * 1000;
    const reset = Math.floor(now() / windowMs) * windowMs + windowMs;
    const key = `${req.method === 'GET' ? 'read' : 'write'}@${reset}`;
    const count = (used.get(key) ?? (used.size === 0 ? (options.taken ?? 0) : 0)) + 1 + (options.others ?? 0);
    used.set(key, count);
    const headers = {
      'x-ratelimit-limit': String(options.limit),
      'x-ratelimit-remaining': String(Math.max(0, options.limit - count)),
      'x-ratelimit-reset': String(reset / 1000),
    };
    respond(res, count > options.limit ? 429 : 200, headers, reset - now());
    statuses.push(count > options.limit ? 429 : 200);
  });
  cleanups.push(server.close);
  return { server, statuses };
}

function respond(res: ServerResponse, status: number, headers: Record<string, string>, untilResetMs: number): void {
  // The fake clocks below are not the server's real one: no Date header to correct them by.
  res.sendDate = false;
  const body =
    status === 429
      ? { error: { code: 429, message: `API rate limit exceeded. Please try again in ${Math.ceil(untilResetMs / 1000)} seconds` } }
      : { ok: true };
  res.writeHead(status, { ...headers, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A client on a fake clock: each wait is recorded and moves the clock on at once. */
function fakeClockClient(baseUrl: string, clock: { t: number }, options: Partial<HttpOptions> = {}) {
  const waits: RateLimitWait[] = [];
  const slept: number[] = [];
  const http = new HttpClient({
    baseUrl,
    token: 't',
    now: () => clock.t,
    random: () => 0,
    sleep: async (ms) => {
      slept.push(ms);
      clock.t += ms;
    },
    ...options,
    rateLimit: { onWait: (w) => waits.push(w), ...options.rateLimit },
  });
  cleanups.push(() => http.close());
  return { http, waits, slept };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('the rate-limit headers', () => {
  it('reads the limit, what is left and the reset in epoch seconds (or seconds from now), corrected by the server Date', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const headers = { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': String(now / 1000 + 42) };
    expect(readRateLimitHeaders(headers, now)).toEqual({ limit: 60, remaining: 7, resetAt: now + 42_000 });
    expect(readRateLimitHeaders({ ...headers, 'x-ratelimit-reset': '30' }, now)).toEqual({
      limit: 60,
      remaining: 7,
      resetAt: now + 30_000,
    });
    // This machine's clock is 10 s ahead of the server's: the reset comes 10 s later on it.
    const date = new Date(now - 10_000).toUTCString();
    expect(readRateLimitHeaders({ ...headers, date }, now)?.resetAt).toBe(now + 52_000);
    // Within Date's whole seconds, the clocks agree.
    expect(readRateLimitHeaders({ ...headers, date: new Date(now - 900).toUTCString() }, now)?.resetAt).toBe(now + 42_000);
    expect(readRateLimitHeaders({ 'x-ratelimit-limit': '60' }, now)).toBeUndefined();
    expect(readRateLimitHeaders({ ...headers, 'x-ratelimit-remaining': 'many' }, now)).toBeUndefined();
  });

  it("reads the wait from the service's 429 message", () => {
    expect(waitFromMessage('{"error":{"code":429,"message":"API rate limit exceeded. Please try again in 60 seconds"}}')).toBe(60_000);
    expect(waitFromMessage('Too many requests')).toBeUndefined();
  });
});

describe('the rate limiter', () => {
  it('waits until X-RateLimit-Reset after a 429 without Retry-After, then sends the refused POST again', async () => {
    const clock = { t: Date.parse('2026-11-28T12:00:03Z') };
    // Someone else has spent the window already.
    const { server, statuses } = await limitedServer({ limit: 5, windowS: 10, now: () => clock.t, taken: 5 });
    const { http, waits, slept } = fakeClockClient(server.url, clock);
    const res = await http.request({ method: 'POST', path: '/v1/x', body: { a: 1 } });
    expect(res).toMatchObject({ status: 200, retries: 1 });
    expect(statuses).toEqual([429, 200]);
    // One window seen: how long a window is stays unknown (two resets tell it).
    expect(waits).toEqual([{ kind: 'write', ms: 7020, reason: 'refused', limit: 5, windowMs: undefined }]);
    expect(slept).toEqual([7020]);
    expect(server.requests.map((r) => r.body)).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('never runs into the wall on its own: a spent window holds the next request until the reset', async () => {
    const clock = { t: Date.parse('2026-11-28T12:00:00Z') };
    const { server, statuses } = await limitedServer({ limit: 3, windowS: 10, now: () => clock.t });
    const { http, waits } = fakeClockClient(server.url, clock, { rateLimit: { maxWaitMs: 60_000 } });
    const seen: RateLimitWait[] = [];
    const stop = http.rateLimiter.onWait((w) => seen.push(w));
    for (let i = 0; i < 8; i++) await http.request({ method: 'GET', path: `/v1/x/${i}` });
    expect(statuses).toEqual(Array.from({ length: 8 }, () => 200));
    // Until the reset (with the jitter's least, 20 ms): from 0 s, then from 10.02 s.
    expect(seen.map((w) => [w.reason, w.ms, w.windowMs])).toEqual([
      ['spent', 10_020, undefined],
      // Two resets seen: a window is 10 s.
      ['spent', 10_000, 10_000],
    ]);
    expect(waits).toEqual(seen);
    stop();
    expect(http.rateLimit).toEqual({ kind: 'read', limit: 3, remaining: 1, resetAt: new Date(clock.t - (clock.t % 10_000) + 10_000) });
  });

  it('lets requests in flight together send no more than the window has left: none is refused', async () => {
    // Real time: windows of one second, 4 requests each; 14 requests 6 at a time.
    const { server, statuses } = await limitedServer({ limit: 4, windowS: 1, delayMs: 5 });
    const http = new HttpClient({ baseUrl: server.url, token: 't' });
    cleanups.push(() => http.close());
    const queue = Array.from({ length: 14 }, (_, i) => i);
    const worker = async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) await http.request({ method: 'GET', path: `/v1/x/${i}` });
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(statuses).toHaveLength(14);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  });

  it('counts the requests in flight at a reset in the next window, and opens that window with their answers', async () => {
    const clock = { t: Date.parse('2026-11-28T12:00:00Z') };
    const windowMs = 10_000;
    // The server's clock runs `ahead` of this machine's: requests sent in one window here arrive in the next there.
    let ahead = 0;
    const used = new Map<number, number>();
    const statuses: number[] = [];
    // Requests held after the server counted them, until the test lets them answer.
    let release: () => void = () => undefined;
    let held: Promise<void> = Promise.resolve();
    const server = await startServer(async (_req, res) => {
      const now = clock.t + ahead;
      const reset = Math.floor(now / windowMs) * windowMs + windowMs;
      const count = (used.get(reset) ?? 0) + 1;
      used.set(reset, count);
      await held;
      const status = count > 4 ? 429 : 200;
      statuses.push(status);
      const headers = {
        'x-ratelimit-limit': '4',
        'x-ratelimit-remaining': String(Math.max(0, 4 - count)),
        'x-ratelimit-reset': String(reset / 1000),
      };
      respond(res, status, headers, reset - now);
    });
    cleanups.push(server.close);
    const hold = (): void => {
      held = new Promise<void>((r) => (release = r));
    };
    cleanups.push(async () => release());
    const arrived = async (n: number): Promise<void> => {
      while (server.requests.length < n) await new Promise((r) => setTimeout(r, 5));
    };
    // Requests waiting side by side wake at the same moment: the clock moves to the latest of their ends.
    const { http, waits } = fakeClockClient(server.url, clock, {
      rateLimit: { maxWaitMs: 60_000 },
      sleep: async (ms) => {
        const end = clock.t + ms;
        await Promise.resolve();
        clock.t = Math.max(clock.t, end);
      },
    });
    await http.request({ method: 'GET', path: '/v1/first' });
    // Three more go in the first window by this machine's clock, and reach the server in the next.
    hold();
    ahead = windowMs;
    const late = [1, 2, 3].map((i) => http.request({ method: 'GET', path: `/v1/late/${i}` }));
    await arrived(4);
    // This machine's clock passes the reset: four more, and one of them fits beside the three the server counted.
    clock.t += windowMs;
    ahead = 0;
    const next = [1, 2, 3, 4].map((i) => http.request({ method: 'GET', path: `/v1/next/${i}` }));
    await new Promise((r) => setTimeout(r, 50));
    // None went before the answers of those in flight described the window.
    expect(server.requests).toHaveLength(4);
    release();
    await Promise.all([...late, ...next]);
    expect(statuses).toHaveLength(8);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((w) => w.reason === 'spent')).toBe(true);

    // Three in flight past a reset, answered from the window before: they do not count in the next one.
    clock.t = Date.parse('2026-11-28T12:01:05Z');
    await http.request({ method: 'GET', path: '/v1/again' });
    hold();
    const early = [1, 2, 3].map((i) => http.request({ method: 'GET', path: `/v1/early/${i}` }));
    await arrived(12);
    clock.t += windowMs;
    const before = { waits: waits.length, statuses: statuses.length };
    const after = [1, 2, 3, 4].map((i) => http.request({ method: 'GET', path: `/v1/after/${i}` }));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests).toHaveLength(12);
    release();
    await Promise.all([...early, ...after]);
    // All four fitted in the new window: nothing waited, nothing was refused.
    expect(waits.length).toBe(before.waits);
    expect(statuses.slice(before.statuses)).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });

  it('sends one request until the first answer says whether the server limits, then all at once', async () => {
    let open = 0;
    // How many other requests were open when each arrived.
    const company: number[] = [];
    const server = await startServer(async (_req, res) => {
      company.push(open++);
      await new Promise((r) => setTimeout(r, 30));
      open--;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    cleanups.push(server.close);
    const http = new HttpClient({ baseUrl: server.url });
    cleanups.push(() => http.close());
    await Promise.all([1, 2, 3].map((i) => http.request({ method: 'GET', path: `/v1/a/${i}` })));
    // The first alone; the two others together once it had answered (without the headers).
    expect(company).toEqual([0, 0, 1]);
    company.length = 0;
    await Promise.all([1, 2, 3, 4].map((i) => http.request({ method: 'GET', path: `/v1/b/${i}` })));
    expect(company).toEqual([0, 1, 2, 3]);
  });

  it('keeps a window for reads and one for writes: a refused write holds no read', async () => {
    const clock = { t: Date.parse('2026-11-28T12:00:00Z') };
    const server = await startServer((req, res) => {
      const write = req.method !== 'GET';
      respond(
        res,
        write ? 429 : 200,
        {
          'x-ratelimit-limit': write ? '10' : '100',
          'x-ratelimit-remaining': write ? '0' : '99',
          'x-ratelimit-reset': String(clock.t / 1000 + 30),
        },
        30_000,
      );
    });
    cleanups.push(server.close);
    const { http } = fakeClockClient(server.url, clock, { rateLimit: { maxWaitMs: 1000 } });
    const err = await failure(http.request({ method: 'POST', path: '/v1/x', body: {} }));
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).details).toMatchObject({ kind: 'write', refused: true, limit: 10 });
    await expect(http.request({ method: 'GET', path: '/v1/x' })).resolves.toMatchObject({ status: 200 });
    expect(http.rateLimit).toMatchObject({ kind: 'read', limit: 100, remaining: 99 });
  });

  it('paces the rest of a window someone else spends too, instead of meeting the wall', async () => {
    const clock = { t: Date.parse('2026-11-28T12:00:00Z') };
    // Each request of ours comes with two of someone else's.
    const { server, statuses } = await limitedServer({ limit: 30, windowS: 60, now: () => clock.t, others: 2 });
    const { http, waits } = fakeClockClient(server.url, clock, { rateLimit: { maxWaitMs: 600_000 } });
    for (let i = 0; i < 12; i++) await http.request({ method: 'GET', path: `/v1/x/${i}` });
    expect(waits.filter((w) => w.reason === 'pacing').length).toBeGreaterThan(0);
    // The paced requests were spread over the window, not sent at once then refused.
    expect(statuses.filter((s) => s === 429).length).toBeLessThanOrEqual(1);
  });

  it('goes at full speed through what an earlier command left of the window: pacing is for a window running low', async () => {
    const clock = { t: Date.parse('2026-11-28T12:00:00Z') };
    // An earlier command spent 20 of the 60.
    const { server, statuses } = await limitedServer({ limit: 60, windowS: 60, now: () => clock.t, taken: 20 });
    const { http, waits } = fakeClockClient(server.url, clock);
    for (let i = 0; i < 20; i++) await http.request({ method: 'GET', path: `/v1/x/${i}` });
    expect(waits).toEqual([]);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(http.rateLimit).toMatchObject({ limit: 60, remaining: 20 });
  });

  it('fails a request whose wait would pass its budget at once, naming the wait, without sending it', async () => {
    const clock = { t: Date.parse('2026-11-28T12:00:00Z') };
    const { server } = await limitedServer({ limit: 2, windowS: 60, now: () => clock.t });
    const { http, slept } = fakeClockClient(server.url, clock, { rateLimit: { maxWaitMs: 5000 } });
    await http.request({ method: 'GET', path: '/v1/1' });
    await http.request({ method: 'GET', path: '/v1/2' });
    const err = await failure(http.request({ method: 'GET', path: '/v1/3' }));
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({
      exitCode: 6,
      details: { refused: false, waitMs: 60_020, budgetMs: 5000, spentMs: 0, limit: 2, windowAtLeastMs: 60_000 },
    });
    expect((err as RateLimitError).details.windowMs).toBeUndefined();
    expect(err.message).toContain('GET http://127.0.0.1:');
    expect(err.message).toContain(
      "the rate limit's window is spent; the next request could go in 60s, beyond the 5.0s left of the 5.0s wait budget",
    );
    expect(server.requests).toHaveLength(2);
    expect(slept).toEqual([]);
  });

  it('draws every request made with one signal from the budget attached to it', async () => {
    const clock = { t: Date.parse('2026-11-28T12:00:00Z') };
    const { server } = await limitedServer({ limit: 1, windowS: 3, now: () => clock.t });
    const { http, slept } = fakeClockClient(server.url, clock, { rateLimit: { maxWaitMs: 60_000 } });
    const job = new AbortController();
    const budget = http.rateLimiter.attach(job.signal, new WaitBudget(5000, '--max-wait'));
    await http.request({ method: 'GET', path: '/v1/1', signal: job.signal });
    await http.request({ method: 'GET', path: '/v1/2', signal: job.signal });
    const err = await failure(http.request({ method: 'GET', path: '/v1/3', signal: job.signal }));
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).details).toMatchObject({ budgetMs: 5000, budgetSource: '--max-wait', spentMs: 3020 });
    expect(budget.spentMs).toBe(3020);
    expect(slept).toEqual([3020]);
    // A request of another job has the client's own budget.
    await expect(http.request({ method: 'GET', path: '/v1/4' })).resolves.toMatchObject({ status: 200 });
  });

  it('ends a wait at once when the request is aborted', async () => {
    const { server } = await limitedServer({ limit: 1, windowS: 60 });
    const http = new HttpClient({ baseUrl: server.url, token: 't' });
    cleanups.push(() => http.close());
    await http.request({ method: 'GET', path: '/v1/1' });
    const controller = new AbortController();
    const waiting = http.request({ method: 'GET', path: '/v1/2', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const t0 = Date.now();
    await expect(waiting).rejects.toBeInstanceOf(AbortedError);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(server.requests).toHaveLength(1);
  });

  it('shows the window through the typed client (client.rateLimit)', async () => {
    const { server } = await limitedServer({ limit: 60, windowS: 60 });
    const client = new DocsClient({ baseUrl: server.url, token: 't', validateResponses: false });
    cleanups.push(() => client.close());
    expect(client.rateLimit).toBeUndefined();
    await client.request('getOrganizationById', { organizationId: 'o' });
    expect(client.rateLimit).toMatchObject({ kind: 'read', limit: 60, remaining: 59 });
    expect(client.rateLimit?.resetAt).toBeInstanceOf(Date);
  });
});
