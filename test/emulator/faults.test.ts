import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FaultInjector, FaultSpecError, parseFaults } from '../../src/emulator/faults.js';
import { startEmulator } from '../../src/emulator/server.js';
import { call, DEMO } from './helpers.js';

describe('fault specification', () => {
  it('parses statuses, reset and delay', () => {
    expect(parseFaults('503=0.1,429=0.05,reset=0.02,delay=300ms@0.05')).toEqual({
      statuses: [
        { status: 503, probability: 0.1 },
        { status: 429, probability: 0.05 },
      ],
      reset: 0.02,
      delay: { ms: 300, probability: 0.05 },
    });
    expect(parseFaults('delay=2s').delay).toEqual({ ms: 2000, probability: 1 });
  });

  it.each([
    ['', /empty/],
    ['503', /expected name=value/],
    ['503=1.5', /from 0 to 1/],
    ['200=0.1', /4xx and 5xx/],
    ['boom=0.1', /unknown fault "boom"/],
    ['delay=fast', /300ms or 2s/],
    ['503=0.6,429=0.6', /more than 1/],
  ])('rejects %j with a clear message', (spec, message) => {
    expect(() => parseFaults(spec)).toThrow(FaultSpecError);
    expect(() => parseFaults(spec)).toThrow(message);
  });

  it('draws the same faults for the same seed, in the given proportions', () => {
    const plan = parseFaults('503=0.2,reset=0.1');
    const run = (seed: number) => {
      const f = new FaultInjector(plan, seed);
      return Array.from({ length: 2000 }, () => f.next().action.kind);
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
    const kinds = run(7);
    const share = (k: string) => kinds.filter((x) => x === k).length / kinds.length;
    expect(share('status')).toBeGreaterThan(0.15);
    expect(share('status')).toBeLessThan(0.25);
    expect(share('reset')).toBeGreaterThan(0.06);
    expect(share('reset')).toBeLessThan(0.14);
  });
});

describe('fault injection over HTTP', () => {
  it('answers injected 503s with Retry-After, 429s as the rate limit does, and leaves health alone', async () => {
    const emu = await startEmulator({ seed: 'demo', faults: '503=0.5,429=0.5', faultSeed: 1 });
    try {
      const statuses = new Set<number>();
      for (let i = 0; i < 20; i++) {
        const res = await call(emu.url, 'GET', '/v1/orgs', { token: DEMO.tokens.admin });
        statuses.add(res.status);
        expect(res.body.error.code).toBe(res.status);
        if (res.status === 503) {
          expect(res.headers.get('retry-after')).toBe('1');
        } else {
          // test/emulator/rate-limit.test.ts checks the rest of the shape.
          expect(res.headers.get('retry-after')).toBeNull();
          expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
          expect(res.body.error.message).toMatch(/^API rate limit exceeded\. Please try again in \d+ seconds$/);
        }
      }
      expect([...statuses].sort()).toEqual([429, 503]);
      expect((await call(emu.url, 'GET', '/_emulator/health')).status).toBe(200);
    } finally {
      await emu.close();
    }
  });

  it('resets the connection and delays requests', async () => {
    const emu = await startEmulator({ seed: 'demo', faults: 'reset=1' });
    try {
      await expect(call(emu.url, 'GET', '/v1/orgs', { token: DEMO.tokens.admin })).rejects.toThrow();
    } finally {
      await emu.close();
    }
    const slow = await startEmulator({ seed: 'demo', faults: 'delay=150ms@1' });
    try {
      const started = performance.now();
      const res = await call(slow.url, 'GET', '/v1/orgs', { token: DEMO.tokens.admin });
      expect(res.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      await slow.close();
    }
  });

  it('reports the faults and their seed in health, and the same seed replays the same faults', async () => {
    const statuses = async (emu: Awaited<ReturnType<typeof startEmulator>>) => {
      const out: number[] = [];
      for (let i = 0; i < 12; i++) out.push((await call(emu.url, 'GET', '/v1/orgs', { token: DEMO.tokens.admin })).status);
      return out;
    };
    const first = await startEmulator({ seed: 'demo', faults: '503=0.5' });
    let seed: number;
    let seen: number[];
    try {
      const health = await call(first.url, 'GET', '/_emulator/health');
      expect(health.body.faults).toEqual({ spec: '503=0.5', seed: expect.any(Number) });
      seed = health.body.faults.seed;
      expect(first.faults).toEqual(health.body.faults);
      seen = await statuses(first);
    } finally {
      await first.close();
    }
    const replay = await startEmulator({ seed: 'demo', faults: '503=0.5', faultSeed: seed });
    try {
      expect(await statuses(replay)).toEqual(seen);
    } finally {
      await replay.close();
    }
    const plain = await startEmulator({ seed: 'demo' });
    try {
      expect((await call(plain.url, 'GET', '/_emulator/health')).body.faults).toBeUndefined();
      expect(plain.faults).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('logs every fault a request met, a delay before a status included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-faults-'));
    const log = join(dir, 'requests.jsonl');
    const emu = await startEmulator({ seed: 'demo', faults: '503=1,delay=5ms@1', log });
    try {
      expect((await call(emu.url, 'GET', '/v1/orgs', { token: DEMO.tokens.admin })).status).toBe(503);
    } finally {
      await emu.close();
    }
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([expect.objectContaining({ status: 503, fault: 'delay=5ms,503' })]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start with a bad specification', async () => {
    await expect(startEmulator({ faults: 'reset=2' })).rejects.toThrow(FaultSpecError);
  });
});
