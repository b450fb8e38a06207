import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_RATE_LIMIT,
  formatRateLimit,
  parseRateLimit,
  RateLimiter,
  RateLimitSpecError,
  rateLimitKey,
} from '../../src/emulator/rate-limit.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/server.js';
import { BIN, cleanEnv, ROOT, startEmulator as startEmulatorProcess } from '../helpers/e2e.js';
import { call, DEMO, type CallResult } from './helpers.js';

const admin = { token: DEMO.tokens.admin };
const collections = `/v1/orgs/${DEMO.org}/collections`;
const body429 = (seconds: number) => `{"error":{"code":429,"message":"API rate limit exceeded. Please try again in ${seconds} seconds"}}`;
const limitHeaders = (res: CallResult) => ({
  limit: res.headers.get('x-ratelimit-limit'),
  remaining: res.headers.get('x-ratelimit-remaining'),
  reset: res.headers.get('x-ratelimit-reset'),
});

describe('rate limit specification', () => {
  it.each([
    ['60/1m', { limit: 60, windowSeconds: 60 }, { limit: 60, windowSeconds: 60 }],
    ['5/8s', { limit: 5, windowSeconds: 8 }, { limit: 5, windowSeconds: 8 }],
    ['1000/1s', { limit: 1000, windowSeconds: 1 }, { limit: 1000, windowSeconds: 1 }],
    [' 2/1h ', { limit: 2, windowSeconds: 3600 }, { limit: 2, windowSeconds: 3600 }],
    ['reads=100/1m,writes=20/10s', { limit: 100, windowSeconds: 60 }, { limit: 20, windowSeconds: 10 }],
    ['writes=3/1s, reads=7/2m', { limit: 7, windowSeconds: 120 }, { limit: 3, windowSeconds: 1 }],
    ['reads=10/1m', { limit: 10, windowSeconds: 60 }, { limit: 100_000, windowSeconds: 60 }],
    ['writes=1/5s', { limit: 100_000, windowSeconds: 60 }, { limit: 1, windowSeconds: 5 }],
  ])('parses %j', (spec, reads, writes) => {
    expect(parseRateLimit(spec)).toEqual({ reads, writes });
  });

  it('parses off, and gives the plan back as text', () => {
    expect(parseRateLimit('off')).toEqual({ off: true });
    expect(parseRateLimit('OFF')).toEqual({ off: true });
    expect(formatRateLimit(parseRateLimit('off'))).toBe('off');
    expect(formatRateLimit(parseRateLimit(DEFAULT_RATE_LIMIT))).toBe('100000/1m');
    expect(formatRateLimit(parseRateLimit('60/60s'))).toBe('60/1m');
    expect(formatRateLimit(parseRateLimit('reads=60/1m'))).toBe('reads=60/1m,writes=100000/1m');
    expect(formatRateLimit(parseRateLimit('reads=5/90s,writes=5/90s'))).toBe('5/90s');
    expect(formatRateLimit(parseRateLimit('2/3600s'))).toBe('2/1h');
  });

  it.each([
    ['', /empty/],
    ['500ms', /"500ms": expected N\/DURATION/],
    ['60', /expected N\/DURATION/],
    ['5/500ms', /whole seconds.*epoch seconds/],
    ['5/1.5s', /whole seconds/],
    ['5/0s', /at least 1 second/],
    ['5/10', /unit: 10s, 10m or 10h/],
    ['5/1d', /8s, 1m or 1h/],
    ['0/1m', /whole number, at least 1/],
    ['1.5/1m', /whole number, at least 1/],
    ['-1/1m', /whole number, at least 1/],
    ['reads=5/1m,reads=6/1m', /reads is given twice/],
    ['deletes=5/1m', /unknown class "deletes"/],
    ['5/1m,writes=1/1s', /either one N\/DURATION/],
    ['reads=5/500ms', /"reads=5\/500ms": the window must be whole seconds/],
  ])('rejects %j with a clear message', (spec, message) => {
    expect(() => parseRateLimit(spec)).toThrow(RateLimitSpecError);
    expect(() => parseRateLimit(spec)).toThrow(message);
  });

  it('names where the spec came from', () => {
    expect(() => parseRateLimit('500ms', '--rate-limit')).toThrow(/^--rate-limit "500ms": /);
  });
});

describe('the fixed-window counter', () => {
  it('aligns windows to the epoch, counts up to the limit, and starts again at the reset', () => {
    let now = 61_500; // 61.5 s after the epoch: the window of 8 s running from 56 s to 64 s.
    const limiter = new RateLimiter(parseRateLimit('3/8s') as Exclude<ReturnType<typeof parseRateLimit>, { off: true }>, () => now);
    const key = rateLimitKey('Bearer t1', '127.0.0.1');
    const seen = Array.from({ length: 5 }, () => limiter.hit(key, 'GET'));
    expect(seen.map((v) => [v.allowed, v.remaining, v.reset])).toEqual([
      [true, 2, 64],
      [true, 1, 64],
      [true, 0, 64],
      [false, 0, 64],
      [false, 0, 64],
    ]);
    expect(seen[3]).toMatchObject({ class: 'read', limit: 3, retryInSeconds: 3 });
    now = 63_999;
    expect(limiter.hit(key, 'GET')).toMatchObject({ allowed: false, retryInSeconds: 1 });
    expect(limiter.secondsUntil(64)).toBe(1);
    now = 64_000;
    expect(limiter.hit(key, 'GET')).toMatchObject({ allowed: true, remaining: 2, reset: 72, retryInSeconds: 8 });
  });

  it('counts each key and each class apart, and forgets windows that have ended', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ reads: { limit: 2, windowSeconds: 10 }, writes: { limit: 1, windowSeconds: 60 } }, () => now);
    const a = rateLimitKey('Bearer a', '127.0.0.1');
    const b = rateLimitKey('Bearer b', '127.0.0.1');
    const anonymous = rateLimitKey(undefined, '127.0.0.1');
    expect(limiter.hit(a, 'GET').remaining).toBe(1);
    expect(limiter.hit(a, 'HEAD').remaining).toBe(0);
    expect(limiter.hit(a, 'OPTIONS').allowed).toBe(false);
    expect(limiter.hit(b, 'GET')).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.hit(anonymous, 'GET')).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.hit(a, 'POST')).toMatchObject({ allowed: true, class: 'write', limit: 1, remaining: 0, reset: 1020 });
    expect(limiter.hit(a, 'DELETE')).toMatchObject({ allowed: false, class: 'write' });
    expect(limiter.hit(b, 'PATCH')).toMatchObject({ allowed: true, class: 'write' });
    expect(limiter.size).toEqual({ reads: 3, writes: 2 });
    // The read window (10 s) has ended, the write window (60 s) has not.
    now += 10_000;
    expect(limiter.hit(b, 'GET')).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.hit(b, 'PUT').allowed).toBe(false);
    expect(limiter.size).toEqual({ reads: 1, writes: 2 });
    now += 60_000;
    limiter.hit(b, 'POST');
    expect(limiter.size).toEqual({ reads: 1, writes: 1 });
  });
});

describe('the rate limit over HTTP', () => {
  const started: RunningEmulator[] = [];
  const start = async (options: EmulatorOptions) => {
    const emu = await startEmulator({ seed: 'demo', ...options });
    started.push(emu);
    return emu;
  };
  afterEach(async () => {
    for (const emu of started.splice(0)) await emu.close();
  });

  it('puts the three headers on every /v1 answer, success or error, and none on /_emulator/', async () => {
    const emu = await start({ rateLimit: '50/1h', rateLimitClock: () => Date.parse('2030-01-01T10:59:59.999Z') });
    const reset = String(Date.parse('2030-01-01T11:00:00Z') / 1000);
    const answers = [
      await call(emu.url, 'GET', '/v1/orgs', admin),
      await call(emu.url, 'GET', '/v1/orgs', { token: 'not-a-token-at-all' }),
      await call(emu.url, 'GET', '/v1/orgs', admin),
      await call(emu.url, 'GET', `/v1/orgs/${DEMO.org}/no-such-thing`, admin),
      await call(emu.url, 'GET', collections, { ...admin, query: { limit: 'many' } }),
      await call(emu.url, 'HEAD', '/v1/orgs', admin),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 200, 404, 400, 405]);
    expect(answers.map(limitHeaders)).toEqual(
      [49, 49, 48, 47, 46, 45].map((remaining) => ({ limit: '50', remaining: String(remaining), reset })),
    );
    expect(answers.every((r) => r.headers.get('retry-after') === null)).toBe(true);

    const health = await call(emu.url, 'GET', '/_emulator/health');
    expect(health.body.rateLimit).toEqual({
      spec: '50/1h',
      reads: { limit: 50, windowSeconds: 3600 },
      writes: { limit: 50, windowSeconds: 3600 },
    });
    expect(emu.rateLimit).toEqual(health.body.rateLimit);
    expect(limitHeaders(health)).toEqual({ limit: null, remaining: null, reset: null });
    expect(limitHeaders(await call(emu.url, 'POST', '/_emulator/health'))).toEqual({ limit: null, remaining: null, reset: null });
    // Not counted: the next /v1 answer goes on from 45.
    expect(limitHeaders(await call(emu.url, 'GET', '/v1/orgs', admin)).remaining).toBe('44');
  });

  it('answers 429 past the limit exactly as the service documents it, without handling the request', async () => {
    let now = Date.parse('2030-01-01T00:00:20.250Z');
    const dir = mkdtempSync(join(tmpdir(), 'emu-rate-'));
    const log = join(dir, 'requests.jsonl');
    try {
      const emu = await start({ rateLimit: 'writes=2/1m', rateLimitClock: () => now, log });
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await call(emu.url, 'POST', collections, { ...admin, body: { title: `Batch ${i}` } }));
      expect(made.map((r) => r.status)).toEqual([201, 201, 429]);
      const refused = made[2]!;
      const reset = String(Date.parse('2030-01-01T00:01:00Z') / 1000);
      expect(refused.text).toBe(body429(40));
      expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(limitHeaders(refused)).toEqual({ limit: '2', remaining: '0', reset });
      expect(refused.headers.get('retry-after')).toBeNull();
      // Reads are a class of their own, with the default limit.
      const listed = await call(emu.url, 'GET', collections, { ...admin, query: { limit: 100 } });
      expect(limitHeaders(listed)).toMatchObject({ limit: '100000', remaining: '99999' });
      expect(
        listed.body.items.filter((c: { title: string }) => c.title.startsWith('Batch')).map((c: { title: string }) => c.title),
      ).toEqual(['Batch 0', 'Batch 1']);
      now += 39_000;
      expect((await call(emu.url, 'POST', collections, { ...admin, body: { title: 'Late' } })).text).toBe(body429(1));
      // A fresh window at the reset.
      now = Date.parse('2030-01-01T00:01:00.000Z');
      const fresh = await call(emu.url, 'POST', collections, { ...admin, body: { title: 'Batch 3' } });
      expect(fresh.status).toBe(201);
      expect(limitHeaders(fresh)).toEqual({ limit: '2', remaining: '1', reset: String(Number(reset) + 60) });
    } finally {
      for (const emu of started.splice(0)) await emu.close();
    }
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const client = createHash('sha256').update(`Bearer ${DEMO.tokens.admin}`).digest('hex').slice(0, 8);
    const window = Date.parse('2030-01-01T00:01:00Z') / 1000;
    expect(lines.map((l) => [l.method, l.status, l.client, l.class, l.window])).toEqual([
      ['POST', 201, client, 'write', window],
      ['POST', 201, client, 'write', window],
      ['POST', 429, client, 'write', window],
      ['GET', 200, client, 'read', window],
      ['POST', 429, client, 'write', window],
      ['POST', 201, client, 'write', window + 60],
    ]);
    // The refused requests reached no handler.
    expect(lines.filter((l) => l.status === 429).every((l) => l.operationId === undefined && l.fault === undefined)).toBe(true);
    expect(lines[0]).toMatchObject({ path: collections, operationId: expect.any(String), ms: expect.any(Number) });
    expect(readFileSync(log, 'utf8')).not.toContain(DEMO.tokens.admin);
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts each token apart, and requests without one by address', async () => {
    const emu = await start({ rateLimit: '2/1h' });
    const statuses = async (options: { token?: string }) => {
      const out: number[] = [];
      for (let i = 0; i < 3; i++) out.push((await call(emu.url, 'GET', '/v1/orgs', options)).status);
      return out;
    };
    expect(await statuses(admin)).toEqual([200, 200, 429]);
    expect(await statuses({ token: DEMO.tokens.read })).toEqual([200, 200, 429]);
    // Anonymous requests (401 while allowed) share the address's count.
    expect(await statuses({})).toEqual([401, 401, 429]);
    expect((await call(emu.url, 'GET', '/v1/orgs', { token: DEMO.tokens.edit })).status).toBe(200);
  });

  it('starts a fresh count when a window of 1 s ends, on the real clock', async () => {
    const emu = await start({ rateLimit: '2/1s' });
    const burst = async () => {
      const out: CallResult[] = [];
      for (let i = 0; i < 3; i++) out.push(await call(emu.url, 'GET', '/v1/orgs', admin));
      return out;
    };
    // Three requests that straddle a second boundary see two windows: start just after one, and try again if a
    // busy machine took longer than the window anyway.
    let first: CallResult[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
      first = await burst();
      if (new Set(first.map((r) => r.headers.get('x-ratelimit-reset'))).size === 1) break;
    }
    expect(first.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(first[2]!.text).toBe(body429(1));
    const reset = Number(first[0]!.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    await new Promise((r) => setTimeout(r, reset * 1000 - Date.now() + 5));
    const next = await call(emu.url, 'GET', '/v1/orgs', admin);
    expect(next.status).toBe(200);
    expect(limitHeaders(next)).toMatchObject({ limit: '2', remaining: '1' });
    expect(Number(next.headers.get('x-ratelimit-reset'))).toBeGreaterThan(reset);
  });

  it('gives injected faults the headers, and an injected 429 the shape of a real one', async () => {
    let now = Date.parse('2030-01-01T00:00:15.000Z');
    const emu = await start({ rateLimit: '20/1m', rateLimitClock: () => now, faults: '503=0.5,429=0.5', faultSeed: 1 });
    const reset = String(Date.parse('2030-01-01T00:01:00Z') / 1000);
    const seen = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const res = await call(emu.url, 'GET', '/v1/orgs', admin);
      seen.add(res.status);
      if (res.status === 503) {
        expect(res.headers.get('retry-after')).toBe('1');
        expect(limitHeaders(res)).toEqual({ limit: '20', remaining: String(19 - i), reset });
      } else {
        expect(res.status).toBe(429);
        expect(res.text).toBe(body429(45 - i));
        expect(res.headers.get('retry-after')).toBeNull();
        expect(limitHeaders(res)).toEqual({ limit: '20', remaining: '0', reset });
      }
      now += 1000;
    }
    expect([...seen].sort()).toEqual([429, 503]);
    // Injected 429s count like any answer; once the window is spent, the limit's own 429 looks the same.
    now = Date.parse('2030-01-01T00:00:30.000Z');
    const always = await start({ rateLimit: '10/1m', rateLimitClock: () => now, faults: '429=1' });
    const answers: CallResult[] = [];
    for (let i = 0; i < 12; i++) answers.push(await call(always.url, 'GET', '/v1/orgs', admin));
    expect(new Set(answers.map((r) => `${r.status} ${r.text} ${JSON.stringify(limitHeaders(r))}`))).toEqual(
      new Set([`429 ${body429(30)} ${JSON.stringify({ limit: '10', remaining: '0', reset })}`]),
    );
  });

  it('with off: no limit and no headers; an injected 429 still has the documented body', async () => {
    const emu = await start({ rateLimit: 'off', faults: '429=0.5', faultSeed: 3 });
    const answers: CallResult[] = [];
    for (let i = 0; i < 12; i++) answers.push(await call(emu.url, 'GET', '/v1/orgs', admin));
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([200, 429]));
    for (const res of answers) {
      expect(limitHeaders(res)).toEqual({ limit: null, remaining: null, reset: null });
      expect(res.headers.get('retry-after')).toBeNull();
      if (res.status === 429) expect(res.text).toBe(body429(60));
    }
    expect((await call(emu.url, 'GET', '/_emulator/health')).body.rateLimit).toEqual({ spec: 'off' });
  });

  it('defaults to 100000/1m, or DOCS_EMULATOR_RATE_LIMIT; the option wins', async () => {
    const saved = process.env.DOCS_EMULATOR_RATE_LIMIT;
    try {
      delete process.env.DOCS_EMULATOR_RATE_LIMIT;
      const plain = await start({});
      expect(plain.rateLimit.spec).toBe('100000/1m');
      expect(limitHeaders(await call(plain.url, 'GET', '/v1/orgs', admin))).toMatchObject({ limit: '100000', remaining: '99999' });
      process.env.DOCS_EMULATOR_RATE_LIMIT = 'reads=7/1m';
      expect((await start({})).rateLimit).toEqual({
        spec: 'reads=7/1m,writes=100000/1m',
        reads: { limit: 7, windowSeconds: 60 },
        writes: { limit: 100_000, windowSeconds: 60 },
      });
      expect((await start({ rateLimit: '3/1s' })).rateLimit.spec).toBe('3/1s');
      process.env.DOCS_EMULATOR_RATE_LIMIT = '5/500ms';
      await expect(startEmulator({ seed: 'demo' })).rejects.toThrow(
        /^DOCS_EMULATOR_RATE_LIMIT "5\/500ms": the window must be whole seconds/,
      );
      expect((await start({ rateLimit: 'off' })).rateLimit.spec).toBe('off');
    } finally {
      if (saved === undefined) delete process.env.DOCS_EMULATOR_RATE_LIMIT;
      else process.env.DOCS_EMULATOR_RATE_LIMIT = saved;
    }
  });

  it('refuses to start with a bad specification', async () => {
    await expect(startEmulator({ rateLimit: '10/0s' })).rejects.toThrow(RateLimitSpecError);
  });
});

describe('docs emulator start --rate-limit', () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [BIN, 'emulator', 'start', ...args], { cwd: ROOT, env: cleanEnv(env), encoding: 'utf8', timeout: 20_000 });

  it('refuses a bad limit with one line and exit 2', () => {
    for (const [args, env, message] of [
      [['--rate-limit', '500ms'], {}, /--rate-limit "500ms": expected N\/DURATION/],
      [['--rate-limit', '5/500ms'], {}, /--rate-limit "5\/500ms": the window must be whole seconds.*epoch seconds/],
      [['--rate-limit', '0/1m'], {}, /at least 1/],
      [[], { DOCS_EMULATOR_RATE_LIMIT: '5/0s' }, /DOCS_EMULATOR_RATE_LIMIT "5\/0s": the window must be at least 1 second/],
    ] as const) {
      const res = run([...args], env);
      const what = `${args.join(' ')} ${JSON.stringify(env)}`;
      expect(res.status, `${what}: ${res.stderr}`).toBe(2);
      expect(res.stderr.trim().split('\n'), what).toHaveLength(1);
      expect(res.stderr.trim(), what).toMatch(message);
      expect(res.stdout, what).toBe('');
    }
  });

  it('applies the flag', async () => {
    const emu = await startEmulatorProcess(['--rate-limit', 'reads=2/1h']);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await call(emu.url, 'GET', '/v1/orgs', { token: emu.tokens.admin })).status);
      expect(statuses).toEqual([200, 200, 429]);
      expect((await call(emu.url, 'GET', '/_emulator/health')).body.rateLimit.spec).toBe('reads=2/1h,writes=100000/1m');
    } finally {
      await emu.stop();
    }
  });
});
