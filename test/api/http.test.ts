import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import { AbortedError, ApiError, ExitCode, NetworkError, RateLimitError, ResponseError, TimeoutError } from '../../src/api/errors.js';
import { DEFAULT_TIMEOUTS, HttpClient, parseRetryAfter, USER_AGENT, type HttpOptions } from '../../src/api/http.js';
import { freePort, sendError, sendJson, startServer, type Script, type TestServer } from '../helpers/http-server.js';
import { startStalledListener } from '../helpers/stalled-listener.js';
import { redact } from '../../src/api/redact.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

type Track = (cleanup: () => Promise<void>) => void;
const track: Track = (cleanup) => cleanups.push(cleanup);

async function server(script: Script, onDone: Track = track): Promise<TestServer> {
  const s = await startServer(script);
  onDone(s.close);
  return s;
}

/** A client whose waits are recorded and skipped, moving its clock on as if they had passed (unless `sleep` is given). */
function client(
  baseUrl: string,
  options: Partial<HttpOptions> = {},
  onDone: Track = track,
): { http: HttpClient; waits: number[]; trace: string[] } {
  const waits: number[] = [];
  const trace: string[] = [];
  let clock = Date.now();
  const http = new HttpClient({
    baseUrl,
    token: 'tok_live_0123456789abcdef',
    debug: (line) => trace.push(line),
    now: () => clock,
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
    ...options,
  });
  onDone(() => http.close());
  return { http, waits, trace };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

/** Answers the listed statuses in turn, then 200 `{ok: true}`. */
const sequence =
  (statuses: number[], headers: Record<string, string> = {}): Script =>
  (req, res) => {
    const status = statuses[req.n - 1];
    if (status === undefined) sendJson(res, 200, { ok: true, n: req.n });
    else sendError(res, status, `failure ${req.n}`, headers);
  };

describe('request basics', () => {
  it('sends bearer auth, the package user agent, Accept, and Content-Type only with a body', async () => {
    const s = await server((req, res) => sendJson(res, 200, { echo: req.body }));
    const { http } = client(s.url);
    const got = await http.request({ method: 'GET', path: '/v1/things', query: { tags: ['a', 'b'], flag: true, skip: undefined } });
    const posted = await http.request({ method: 'POST', path: '/v1/things', body: { title: 'x' } });
    expect(got).toMatchObject({ status: 200, body: { echo: '' }, retries: 0 });
    expect(posted.body).toEqual({ echo: '{"title":"x"}' });
    const [get, post] = s.requests;
    expect(USER_AGENT).toBe(`docs-cli/${pkg.version}`);
    expect(get?.headers).toMatchObject({
      authorization: 'Bearer tok_live_0123456789abcdef',
      'user-agent': `docs-cli/${pkg.version}`,
      accept: 'application/json',
    });
    expect(get?.headers['content-type']).toBeUndefined();
    expect(get?.query.getAll('tags')).toEqual(['a', 'b']);
    expect(get?.query.get('flag')).toBe('true');
    expect(get?.query.has('skip')).toBe(false);
    expect(post?.headers['content-type']).toBe('application/json');
  });

  it('reuses keep-alive connections for sequential requests', async () => {
    const s = await server((_req, res) => sendJson(res, 200, { ok: true }));
    const { http } = client(s.url);
    for (let i = 0; i < 10; i++) await http.request({ method: 'GET', path: '/v1/x' });
    expect(s.requests).toHaveLength(10);
    // undici may open a second socket when the next request is dispatched before the previous
    // one is marked idle; after that the two alternate.
    expect(s.connections()).toBeLessThanOrEqual(2);
  });

  it('returns an undefined body for 204 and 205', async () => {
    const s = await server((req, res) => {
      res.writeHead(req.n === 1 ? 204 : 205);
      res.end();
    });
    const { http } = client(s.url);
    await expect(http.request({ method: 'DELETE', path: '/v1/a' })).resolves.toMatchObject({ status: 204, body: undefined });
    await expect(http.request({ method: 'DELETE', path: '/v1/a' })).resolves.toMatchObject({ status: 205, body: undefined });
  });
});

describe('reading a body from its bytes (read)', () => {
  it('returns what read gives for a 2xx body, and parses as usual when it gives undefined or the status is an error', async () => {
    let n = 0;
    const s = await server((_req, res) => {
      n++;
      if (n === 3) return sendError(res, 404, 'No such list');
      const text = n === 1 ? '{"items":[1]}' : '\uFEFF{"items":[2]}';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    });
    const { http, trace } = client(s.url);
    const seen: string[] = [];
    const read = (bytes: Buffer) => {
      seen.push(bytes.toString('utf8'));
      return bytes[0] === 0x7b ? { bytes: bytes.length } : undefined;
    };
    expect((await http.request({ method: 'GET', path: '/v1/a', read })).body).toEqual({ bytes: 13 });
    // A byte order mark is dropped before the parse, as undici's text() drops it.
    expect((await http.request({ method: 'GET', path: '/v1/a', read })).body).toEqual({ items: [2] });
    await expect(http.request({ method: 'GET', path: '/v1/a', read })).rejects.toThrow(ApiError);
    expect(seen).toEqual(['{"items":[1]}', '\uFEFF{"items":[2]}']);
    // --debug still shows the body read from bytes.
    expect(trace.filter((l) => l.startsWith('< 200'))[0]).toContain('{"items":[1]}');
  });
});

describe('retries', () => {
  it('retries a GET on 503 and traces each retry', async () => {
    const s = await server(sequence([503, 503]));
    const { http, waits, trace } = client(s.url, { random: () => 0.5 });
    const res = await http.request({ method: 'GET', path: '/v1/x' });
    expect(res).toMatchObject({ status: 200, body: { n: 3 }, retries: 2 });
    expect(waits).toEqual([125, 250]);
    expect(trace).toContain('~ retry 1/3 in 125ms after 503');
    expect(trace).toContain('~ retry 2/3 in 250ms after 503');
    expect(trace.filter((l) => l.startsWith('> GET '))).toHaveLength(3);
    expect(trace.filter((l) => /^< 503 application\/json \d+ms /.test(l))).toHaveLength(2);
  });

  it('stops after maxRetries and reports the last answer', async () => {
    const s = await server(sequence([503, 503, 503, 503, 503, 503]));
    const { http, waits } = client(s.url, { retry: { maxRetries: 3 } });
    const err = await failure(http.request({ method: 'GET', path: '/v1/x' }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, retries: 3, exitCode: ExitCode.network });
    expect(err.message).toBe('failure 4 (gave up after 3 retries)');
    expect(s.requests).toHaveLength(4);
    expect(waits).toHaveLength(3);
  });

  it('grows the backoff ceiling exponentially up to maxDelayMs, drawing below it', async () => {
    const s = await server(sequence([503, 503, 503, 503, 503, 503, 503]));
    const high = client(s.url, { retry: { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 1000 }, random: () => 0.999999 });
    await failure(high.http.request({ method: 'GET', path: '/v1/x' }));
    expect(high.waits).toEqual([99, 199, 399, 799, 999]);
    const again = await server(sequence([503, 503, 503]));
    const zero = client(again.url, { retry: { maxRetries: 2, baseDelayMs: 100 }, random: () => 0 });
    await failure(zero.http.request({ method: 'GET', path: '/v1/x' }));
    expect(zero.waits).toEqual([0, 0]);
  });

  it('stops when the total time budget is spent (injected clock)', async () => {
    const s = await server(sequence(Array(20).fill(503) as number[]));
    let clock = 1_000_000;
    const waits: number[] = [];
    const { http } = client(s.url, {
      retry: { maxRetries: 10, maxElapsedMs: 1000, baseDelayMs: 400, maxDelayMs: 10_000 },
      random: () => 0.999999,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    const err = await failure(http.request({ method: 'GET', path: '/v1/x' }));
    // 399 then the 799 draw clamped to the 601 ms left; then nothing is left.
    expect(waits).toEqual([399, 601]);
    expect(s.requests).toHaveLength(3);
    expect(err.message).toContain('retry budget spent');
  });

  it('stops when the total time budget is spent (real time)', async () => {
    const s = await server(sequence(Array(200).fill(503) as number[]));
    const http = new HttpClient({ baseUrl: s.url, retry: { maxRetries: 100, maxElapsedMs: 300, baseDelayMs: 40, maxDelayMs: 40 } });
    cleanups.push(() => http.close());
    const t0 = Date.now();
    const err = await failure(http.request({ method: 'GET', path: '/v1/x' }));
    const took = Date.now() - t0;
    expect(err).toMatchObject({ status: 503 });
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1500);
    expect(s.requests.length).toBeGreaterThan(2);
    expect(s.requests.length).toBeLessThan(100);
  });

  it.each([502, 503, 504])('retries %i for GET, PUT and DELETE but not for POST or PATCH', async (status) => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const s = await server(sequence([status]));
      const { http } = client(s.url);
      await expect(http.request({ method, path: '/v1/x' })).resolves.toMatchObject({ status: 200, retries: 1 });
      expect(s.requests).toHaveLength(2);
    }
    for (const method of ['POST', 'PATCH']) {
      const s = await server(sequence([status]));
      const { http } = client(s.url);
      await expect(http.request({ method, path: '/v1/x', body: {} })).rejects.toMatchObject({ status, retries: 0 });
      expect(s.requests).toHaveLength(1);
    }
  });

  it('sends a POST again after a 429 (not applied): backoff from 1 s when the answer names no time', async () => {
    const s = await server(sequence([429, 429]));
    const { http, waits } = client(s.url, { random: () => 0.5 });
    await expect(http.request({ method: 'POST', path: '/v1/x', body: { a: 1 } })).resolves.toMatchObject({ status: 200, retries: 2 });
    // Half to all of 1 s, then of 2 s: 0.75 of each with this draw.
    expect(waits).toEqual([750, 1500]);
    expect(s.requests.map((r) => r.body)).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
  });

  it('retries a POST on 503 when the server sends Retry-After, with a real wait', async () => {
    const s = await server(sequence([503], { 'retry-after': '0' }));
    const http = new HttpClient({ baseUrl: s.url });
    cleanups.push(() => http.close());
    await expect(http.request({ method: 'POST', path: '/v1/x' })).resolves.toMatchObject({ status: 200, retries: 1 });
    expect(s.requests).toHaveLength(2);
  });

  it('honours Retry-After in delta-seconds with a real wait', async () => {
    const s = await server(sequence([429], { 'retry-after': '1' }));
    const http = new HttpClient({ baseUrl: s.url, random: () => 0 });
    cleanups.push(() => http.close());
    const t0 = Date.now();
    await expect(http.request({ method: 'GET', path: '/v1/x' })).resolves.toMatchObject({ status: 200 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const at = new Date(Date.now() + 3000).toUTCString();
    const s = await server(sequence([503], { 'retry-after': at }));
    const { http, waits } = client(s.url);
    await http.request({ method: 'GET', path: '/v1/x' });
    expect(waits).toHaveLength(1);
    // HTTP dates have whole seconds.
    expect(waits[0]).toBeGreaterThan(1900);
    expect(waits[0]).toBeLessThanOrEqual(3000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:30 GMT'))).toBe(30_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:29:00 GMT'))).toBe(0);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });

  it('stops at once when a 429 asks for a wait beyond the wait budget (70 s for one request)', async () => {
    const s = await server(sequence([429, 429], { 'retry-after': '120' }));
    const { http, waits } = client(s.url);
    const err = await failure(http.request({ method: 'GET', path: '/v1/x' }));
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ exitCode: ExitCode.rateLimited, details: { refused: true, budgetMs: 70_000, spentMs: 0 } });
    expect((err as RateLimitError).details.waitMs).toBeGreaterThanOrEqual(120_000);
    expect(err.message).toMatch(
      /the server answered 429 \(rate limited\); the next request could go in 2min, beyond the 70s left of the 70s wait budget/,
    );
    expect(waits).toEqual([]);
    expect(s.requests).toHaveLength(1);
  });

  it('keeps sending a refused POST, backing off, until the wait budget is spent (exit 6)', async () => {
    const s = await server(
      sequence(
        Array.from({ length: 50 }, () => 429),
        { 'retry-after': '0' },
      ),
    );
    const { http, waits } = client(s.url, { random: () => 0.5, rateLimit: { maxWaitMs: 10_000 } });
    const err = await failure(http.request({ method: 'POST', path: '/v1/x', body: {} }));
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ exitCode: 6, retries: 3 });
    // 0.75 s, 1.5 s, 3 s; the next, 6 s, would pass the 10 s budget.
    expect(waits).toEqual([750, 1500, 3000]);
    expect(s.requests).toHaveLength(4);
  });

  it('never repeats a POST the server received before the connection dropped', async () => {
    const s = await server((_req, _res, raw) => {
      raw.socket.destroy();
    });
    const { http } = client(s.url);
    const err = await failure(http.request({ method: 'POST', path: '/v1/x', body: { once: true } }));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ exitCode: ExitCode.network, retries: 0 });
    await new Promise((r) => setTimeout(r, 50));
    expect(s.requests).toHaveLength(1);
  });

  it('repeats a GET whose connection dropped mid-request', async () => {
    const s = await server((req, res, raw) => {
      if (req.n === 1) raw.socket.destroy();
      else sendJson(res, 200, { ok: true });
    });
    const { http, trace } = client(s.url);
    await expect(http.request({ method: 'GET', path: '/v1/x' })).resolves.toMatchObject({ status: 200, retries: 1 });
    expect(s.requests).toHaveLength(2);
    expect(trace.some((l) => /^~ retry 1\/3 in \d+ms after (ECONNRESET|UND_ERR_SOCKET)$/.test(l))).toBe(true);
  });

  it('repeats a POST refused before connecting, once the server listens', async () => {
    const port = await freePort();
    let late: TestServer | undefined;
    const { http, trace } = client(`http://127.0.0.1:${port}`, {
      // The server starts listening on the refused port during the first backoff wait.
      sleep: async () => {
        if (late) return;
        late = await startServer((_req, res) => sendJson(res, 201, { created: true }), port);
        cleanups.push(late.close);
      },
    });
    const res = await http.request({ method: 'POST', path: '/v1/x', body: { a: 1 } });
    expect(res).toMatchObject({ status: 201, retries: 1 });
    expect(late?.requests).toHaveLength(1);
    expect(trace.some((l) => /^~ retry 1\/3 in \d+ms after ECONNREFUSED$/.test(l))).toBe(true);
  });

  it('reports a refused connection as a NetworkError after the retries', async () => {
    const port = await freePort();
    const { http, waits } = client(`http://127.0.0.1:${port}`);
    const err = await failure(http.request({ method: 'GET', path: '/v1/x' }));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ code: 'ECONNREFUSED', exitCode: 7, retries: 3 });
    expect(err.message).toBe(`GET http://127.0.0.1:${port}/v1/x: connection refused (ECONNREFUSED) (gave up after 3 retries)`);
    expect(waits).toHaveLength(3);
  });
});

// undici checks its timeouts on a coarse clock (about half a second), so each expiry costs up
// to a second of wall time: these tests run side by side.
describe.concurrent('timeouts', () => {
  it('times out waiting for headers, naming the phase, method and URL; a GET is retried, a POST is not', async ({ onTestFinished }) => {
    const s = await server(() => undefined, onTestFinished);
    const { http, trace } = client(s.url, { timeouts: { headersMs: 150 }, retry: { maxRetries: 1 } }, onTestFinished);
    const t0 = Date.now();
    const [err, post] = await Promise.all([
      failure(http.request({ method: 'GET', path: '/v1/slow' })),
      failure(http.request({ method: 'POST', path: '/v1/slow', body: {} })),
    ]);
    expect(Date.now() - t0).toBeLessThan(4000);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ phase: 'headers', code: 'UND_ERR_HEADERS_TIMEOUT', exitCode: ExitCode.network });
    expect(err.message).toBe(
      `GET ${s.url}/v1/slow: headers timeout: timed out waiting for the response headers after 150 ms (gave up after 1 retry)`,
    );
    expect(post).toMatchObject({ phase: 'headers', retries: 0 });
    expect(s.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
    expect(s.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(trace.filter((l) => /^~ retry 1\/1 in \d+ms after UND_ERR_HEADERS_TIMEOUT$/.test(l))).toHaveLength(1);
  });

  it('times out when the body stalls after the headers', async ({ onTestFinished }) => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"items": [');
    }, onTestFinished);
    const { http } = client(s.url, { timeouts: { bodyMs: 150 }, retry: { maxRetries: 0 } }, onTestFinished);
    const err = await failure(http.request({ method: 'GET', path: '/v1/list' }));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ phase: 'body', code: 'UND_ERR_BODY_TIMEOUT' });
    expect(err.message).toBe(`GET ${s.url}/v1/list: body timeout: timed out receiving the response body (no data) after 150 ms`);
  });

  it('asks a server whose body stalls once more, not maxRetries times', async ({ onTestFinished }) => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"items": [');
    }, onTestFinished);
    const { http } = client(s.url, { timeouts: { bodyMs: 150 }, retry: { maxRetries: 3 } }, onTestFinished);
    const err = await failure(http.request({ method: 'GET', path: '/v1/list' }));
    expect(err).toMatchObject({ phase: 'body', retries: 1, limitMs: 150 });
    expect(err.message).toBe(
      `GET ${s.url}/v1/list: body timeout: timed out receiving the response body (no data) after 150 ms (gave up after it stalled 2 times)`,
    );
    expect(s.requests).toHaveLength(2);
  });

  it('gives up on a silent body after 30 s by default, not 60', () => {
    expect(DEFAULT_TIMEOUTS).toMatchObject({ headersMs: 30_000, bodyMs: 30_000 });
  });

  it('times out connecting to a listener that never accepts; a POST may be retried since nothing was sent', async ({ onTestFinished }) => {
    const stalled = await startStalledListener();
    onTestFinished(stalled.close);
    const { http, trace } = client(
      `http://127.0.0.1:${stalled.port}`,
      { timeouts: { connectMs: 150 }, retry: { maxRetries: 1 } },
      onTestFinished,
    );
    const t0 = Date.now();
    const err = await failure(http.request({ method: 'POST', path: '/v1/x', body: {} }));
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ phase: 'connect', code: 'UND_ERR_CONNECT_TIMEOUT', retries: 1 });
    expect(err.message).toContain(`POST http://127.0.0.1:${stalled.port}/v1/x: connect timeout: timed out connecting after 150 ms`);
    expect(trace.some((l) => /^~ retry 1\/1 in \d+ms after UND_ERR_CONNECT_TIMEOUT$/.test(l))).toBe(true);
  });
});

describe('abort', () => {
  it('rejects without sending when the signal is already aborted', async () => {
    const s = await server(sequence([]));
    const { http } = client(s.url);
    const err = await failure(http.request({ method: 'GET', path: '/v1/x', signal: AbortSignal.abort() }));
    expect(err).toBeInstanceOf(AbortedError);
    expect(err).toMatchObject({ exitCode: ExitCode.interrupted });
    expect(s.requests).toHaveLength(0);
  });

  it('rejects promptly when aborted while waiting for the response, without retrying', async () => {
    const s = await server(() => undefined);
    const { http, waits } = client(s.url);
    const controller = new AbortController();
    // Aborted once the server has the request (a loaded machine may take longer than any fixed delay to send it).
    let t0 = 0;
    const aborting = setInterval(() => {
      if (s.requests.length === 0 || controller.signal.aborted) return;
      t0 = Date.now();
      controller.abort();
    }, 10);
    track(async () => clearInterval(aborting));
    const err = await failure(http.request({ method: 'GET', path: '/v1/x', signal: controller.signal }));
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(err).toBeInstanceOf(AbortedError);
    expect(err.message).toBe(`Interrupted: GET ${s.url}/v1/x was aborted`);
    await new Promise((r) => setTimeout(r, 50));
    expect(s.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('says a request that is not safe to repeat may have been applied when it is aborted after it was written', async () => {
    const s = await server(() => undefined);
    const { http, trace } = client(s.url);
    const controller = new AbortController();
    // The caller's own reason (Ctrl-C aborts with an AbortedError) is replaced by one that knows the request was written.
    const aborting = setInterval(() => {
      if (s.requests.length > 0) controller.abort(new AbortedError());
    }, 10);
    track(async () => clearInterval(aborting));
    const err = await failure(http.request({ method: 'POST', path: '/v1/merge', body: { a: 1 }, signal: controller.signal }));
    expect(err).toBeInstanceOf(AbortedError);
    expect(err).toMatchObject({ mayHaveApplied: true, exitCode: ExitCode.interrupted });
    expect(trace.join('\n')).toContain('may have been applied');
  });

  it('does not say so of an idempotent request, nor of one aborted before it was written', async () => {
    const s = await server(() => undefined);
    const { http } = client(s.url);
    const controller = new AbortController();
    const aborting = setInterval(() => {
      if (s.requests.length > 0) controller.abort();
    }, 10);
    track(async () => clearInterval(aborting));
    const get = await failure(http.request({ method: 'GET', path: '/v1/x', signal: controller.signal }));
    expect(get).toMatchObject({ mayHaveApplied: false });
    // A PATCH the operation table calls safe to repeat is like a GET.
    const patch = await failure(http.request({ method: 'PATCH', path: '/v1/x', body: {}, idempotent: true, signal: AbortSignal.abort() }));
    expect(patch).toMatchObject({ mayHaveApplied: false });
    // Aborted before the connection was made: nothing was written.
    const early = new AbortController();
    const pending = http.request({ method: 'POST', path: '/v1/merge', signal: early.signal });
    early.abort();
    expect(await failure(pending)).toMatchObject({ mayHaveApplied: false });
  });

  it('rejects promptly when aborted while the body arrives', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"a":');
    });
    const { http } = client(s.url);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 80);
    await expect(http.request({ method: 'GET', path: '/v1/x', signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
    expect(s.requests).toHaveLength(1);
  });

  it('rejects promptly when aborted during a backoff wait (real sleep and an injected one that ignores the signal)', async () => {
    const s = await server(sequence(Array(10).fill(503) as number[]));
    const real = new HttpClient({ baseUrl: s.url, retry: { baseDelayMs: 5000 }, random: () => 0.99 });
    cleanups.push(() => real.close());
    const deaf = client(s.url, { retry: { baseDelayMs: 5000 }, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) });
    for (const http of [real, deaf.http]) {
      const before = s.requests.length;
      const controller = new AbortController();
      // Aborted 100 ms after the server has the first request, so in the backoff wait (a fixed delay from the start
      // could fall while a loaded machine is still sending it).
      let t0 = 0;
      const aborting = setInterval(() => {
        if (s.requests.length === before || t0 !== 0) return;
        t0 = Date.now();
        setTimeout(() => {
          t0 = Date.now();
          controller.abort();
        }, 100);
      }, 10);
      track(async () => clearInterval(aborting));
      const err = await failure(http.request({ method: 'GET', path: '/v1/x', signal: controller.signal }));
      clearInterval(aborting);
      expect(Date.now() - t0).toBeLessThan(1000);
      expect(err).toBeInstanceOf(AbortedError);
      expect(s.requests.length - before).toBe(1);
    }
  });
});

describe('error mapping', () => {
  it('maps the API error body to ApiError with status, message, code and exit code', async () => {
    const cases: Array<[number, number]> = [
      [400, ExitCode.usage],
      [401, ExitCode.auth],
      [403, ExitCode.auth],
      [404, ExitCode.notFound],
      [409, ExitCode.conflict],
      [412, ExitCode.conflict],
      [500, ExitCode.unexpected],
    ];
    const s = await server((req, res) => sendError(res, Number(req.query.get('status')), `message for ${req.query.get('status')}`));
    const { http } = client(s.url);
    for (const [status, exitCode] of cases) {
      const err = await failure(http.request({ method: 'POST', path: '/v1/x', query: { status } }));
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({
        status,
        exitCode,
        message: `message for ${status}`,
        details: { code: status, method: 'POST', contentType: 'application/json' },
      });
    }
  });

  it('names status and content type for a non-JSON error page', async () => {
    const s = await server((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    });
    const { http, trace } = client(s.url);
    const err = await failure(http.request({ method: 'POST', path: '/v1/x' }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('HTTP 502 Bad Gateway (text/html; charset=utf-8): the server answered with a non-JSON error page');
    expect(trace).toContainEqual(expect.stringMatching(/^< 502 text\/html; charset=utf-8 \d+ms <html><body><h1>502 Bad Gateway/));
  });

  it('uses the status line for an error without a body', async () => {
    const s = await server((_req, res) => {
      res.writeHead(404);
      res.end();
    });
    const { http } = client(s.url);
    await expect(http.request({ method: 'GET', path: '/v1/x' })).rejects.toMatchObject({
      status: 404,
      message: 'HTTP 404 Not Found',
      exitCode: 3,
    });
  });

  it('reports an empty body where JSON was due as a ResponseError naming status and content type', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end();
    });
    const { http } = client(s.url);
    const err = await failure(http.request({ method: 'GET', path: '/v1/x', expectBody: true }));
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.message).toBe(`GET ${s.url}/v1/x: HTTP 200 OK (application/json): expected a JSON body but the response was empty`);
    await expect(http.request({ method: 'GET', path: '/v1/x' })).resolves.toMatchObject({ body: undefined });
  });

  it('reports the same through DocsClient for an operation with a response body', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end();
    });
    const docs = new DocsClient({ baseUrl: s.url, token: 'tok_live_0123456789abcdef' });
    cleanups.push(() => docs.close());
    const err = await failure(docs.changeRequests.get({ spaceId: 's1', changeRequestId: 'cr1' }));
    expect(err).toBeInstanceOf(ResponseError);
    expect(err.message).toContain('HTTP 200 OK (application/json): expected a JSON body');
  });

  it('reports truncated JSON on a 2xx and a 2xx HTML page as ResponseError', async () => {
    const s = await server((req, res) => {
      const html = req.path.endsWith('html');
      res.writeHead(200, { 'content-type': html ? 'text/html' : 'application/json' });
      res.end(html ? '<html>login</html>' : '{"items": [{"id": "a"}, {"id": ');
    });
    const { http } = client(s.url);
    const truncated = await failure(http.request({ method: 'GET', path: '/v1/json' }));
    expect(truncated).toBeInstanceOf(ResponseError);
    expect(truncated).toMatchObject({ status: 200, exitCode: ExitCode.unexpected });
    expect(truncated.message).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/v1\/json: HTTP 200 OK \(application\/json\): the body is not valid JSON, truncated or malformed/,
    );
    const html = await failure(http.request({ method: 'GET', path: '/v1/html' }));
    expect(html.message).toContain('HTTP 200 OK (text/html): expected JSON but the server answered with something else');
  });
});

describe('redaction', () => {
  const token = 'tok_live_0123456789abcdef';
  const gitUrl = 'https://user:secret@git.example.com/org/repo.git';

  it('keeps the token and URL credentials out of error messages and debug lines', async () => {
    const s = await server((req, res) => {
      if (req.path === '/v1/slow') return;
      sendError(res, 400, `cannot import ${gitUrl} with token ${token}`);
    });
    const { http, trace } = client(`http://user:secret@127.0.0.1:${s.port}`, { timeouts: { headersMs: 100 }, retry: { maxRetries: 0 } });
    const messages: string[] = [];
    const collect = async (promise: Promise<unknown>): Promise<void> => {
      messages.push((await failure(promise)).message);
    };
    await collect(
      http.request({
        method: 'POST',
        path: '/v1/import',
        query: { access_token: token },
        body: { url: gitUrl, token, password: 'hunter2 x' },
      }),
    );
    await collect(http.request({ method: 'GET', path: '/v1/slow', query: { token } }));
    const closed = await freePort();
    const other = client(`http://127.0.0.1:${closed}`, { token, retry: { maxRetries: 0 } });
    await collect(other.http.request({ method: 'GET', path: '/v1/x', query: { token } }));
    const text = [...messages, ...trace, ...other.trace].join('\n');
    expect(messages).toHaveLength(3);
    expect(trace.length).toBeGreaterThanOrEqual(4);
    for (const secret of [token, 'secret', 'hunter2']) expect(text).not.toContain(secret);
    expect(messages[0]).toBe('cannot import https://***@git.example.com/org/repo.git with token ***');
    expect(trace[0]).toMatch(
      /^> POST http:\/\/127\.0\.0\.1:\d+\/v1\/import\?access_token=\*\*\* \{"url":"https:\/\/\*\*\*@git\.example\.com\/org\/repo\.git","token":"\*\*\*","password":"\*\*\*"\}$/,
    );
    expect(messages[1]).toContain('/v1/slow?token=***: headers timeout');
    // The server did receive the real token: redaction is for display only.
    expect(s.requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(s.requests[0]?.query.get('access_token')).toBe(token);
  });
  it("masks each client's own token, and keeps no process-wide list of the tokens of the clients made", async () => {
    const tokens = ['opaque-one-0123456789', 'opaque-two-9876543210'];
    const s = await server((req, res) => sendError(res, 400, `refused ${tokens[0]} and ${tokens[1]}`));
    const [one, two] = tokens.map((token) => client(`http://127.0.0.1:${s.port}`, { token, retry: { maxRetries: 0 } }).http);
    const first = await failure(one!.request({ method: 'GET', path: '/v1/x' }));
    const second = await failure(two!.request({ method: 'GET', path: '/v1/x' }));
    expect(first.message).toBe(`refused *** and ${tokens[1]}`);
    expect(second.message).toBe(`refused ${tokens[0]} and ***`);
    for (let i = 0; i < 100; i++) new HttpClient({ baseUrl: 'http://127.0.0.1:9', token: `opaque-many-${i}-0123456789` });
    // The shared redaction (the command line's) learnt none of them.
    expect(redact(`${tokens.join(' ')} opaque-many-7-0123456789`)).toBe(`${tokens.join(' ')} opaque-many-7-0123456789`);
  });

  it('redacts before cutting long debug bodies, and in parser messages that quote the body', async () => {
    const s = await server((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.path === '/v1/bad' ? `oops ${token} is not json` : JSON.stringify({ pad: 'y'.repeat(471), token }));
    });
    const { http, trace } = client(s.url);
    // The secret straddles the 1000-character cut of the request trace and the 500-character cut of the response.
    await http.request({ method: 'POST', path: '/v1/long', body: { pad: 'x'.repeat(971), token } });
    const err = await failure(http.request({ method: 'GET', path: '/v1/bad' }));
    expect(err).toBeInstanceOf(ResponseError);
    const text = [err.message, ...trace].join('\n');
    expect(text).not.toContain('tok_live');
    expect(trace[0]).toMatch(/"token":"\*\*\*"\}$/);
    expect(trace[1]).toMatch(/"token":"\*\*\*"\}$/);
  });
});
