import { createHash } from 'node:crypto';

/**
 * The service's rate limit, as its documentation describes it: every answer carries `X-RateLimit-Limit`,
 * `X-RateLimit-Remaining` and `X-RateLimit-Reset` (UTC epoch seconds); past the limit it answers 429 with
 * `{"error":{"code":429,"message":"API rate limit exceeded. Please try again in 60 seconds"}}` and no
 * `Retry-After`; different kinds of methods have different limits.
 *
 * Here: a fixed window per key (the Authorization header as sent, else the remote address) and per class
 * (reads: GET, HEAD, OPTIONS; writes: every other method). Windows are aligned to multiples of their length
 * since the Unix epoch, so the advertised reset (whole epoch seconds) is exactly when the count starts again.
 *
 * Spec: `N/DURATION` (both classes), `reads=N/DURATION,writes=N/DURATION` (either may be left out: that
 * class keeps the default) or `off` (no limit, no headers). DURATION is whole seconds written with s, m or h.
 */

export class RateLimitSpecError extends Error {
  override name = 'RateLimitSpecError';
}

export type RequestClass = 'read' | 'write';

export interface Limit {
  /** Requests allowed in one window. */
  limit: number;
  /** The window's length. */
  windowSeconds: number;
}

export type RateLimitPlan = { off: true } | { off?: false; reads: Limit; writes: Limit };

/** High enough that the demo, the tests and the benches never meet it (src/emulator/README.md, "Rate limits"). */
export const DEFAULT_RATE_LIMIT = '100000/1m';

const EXAMPLES = 'e.g. 60/1m, reads=100/1m,writes=20/1m, or off';
const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600 };

function fail(label: string, text: string, why: string): never {
  throw new RateLimitSpecError(`${label} ${JSON.stringify(text)}: ${why}`);
}

function windowSeconds(text: string, label: string, item: string): number {
  const match = /^(\d+)([smh])$/.exec(text);
  if (!match) {
    if (/^\d*\.\d+[smh]?$/.test(text) || /^\d+(?:\.\d+)?ms$/.test(text))
      fail(label, item, 'the window must be whole seconds, minutes or hours: the service gives its reset in epoch seconds');
    if (/^\d+$/.test(text)) fail(label, item, `give the window a unit: ${text}s, ${text}m or ${text}h`);
    fail(label, item, `the window must look like 8s, 1m or 1h (${EXAMPLES})`);
  }
  const seconds = Number(match[1]) * UNITS[match[2] as string]!;
  if (seconds < 1) fail(label, item, 'the window must be at least 1 second');
  if (!Number.isSafeInteger(seconds)) fail(label, item, 'the window is too long');
  return seconds;
}

function limit(text: string, label: string, item: string): Limit {
  const slash = text.indexOf('/');
  if (slash === -1) fail(label, item, `expected N/DURATION, a number of requests per window (${EXAMPLES})`);
  const count = text.slice(0, slash).trim();
  if (!/^\d+$/.test(count) || Number(count) < 1 || !Number.isSafeInteger(Number(count)))
    fail(label, item, 'the number of requests must be a whole number, at least 1');
  return { limit: Number(count), windowSeconds: windowSeconds(text.slice(slash + 1).trim(), label, item) };
}

/** `source` names where the spec came from in error messages (`--rate-limit`, `DOCS_EMULATOR_RATE_LIMIT`). */
export function parseRateLimit(spec: string, source = 'rate limit'): RateLimitPlan {
  const text = spec.trim();
  if (text === '') fail(source, spec, `empty (${EXAMPLES})`);
  if (text.toLowerCase() === 'off') return { off: true };
  if (!text.includes('=')) {
    const both = limit(text, source, text);
    return { reads: both, writes: { ...both } };
  }
  const fallback = limit(DEFAULT_RATE_LIMIT, 'default', DEFAULT_RATE_LIMIT);
  const given: Partial<Record<'reads' | 'writes', Limit>> = {};
  for (const item of text.split(',').map((s) => s.trim())) {
    const eq = item.indexOf('=');
    if (eq === -1) fail(source, item, 'give either one N/DURATION for reads and writes, or reads=N/DURATION,writes=N/DURATION');
    const name = item.slice(0, eq).trim();
    if (name !== 'reads' && name !== 'writes') fail(source, item, `unknown class "${name}" (use reads= and writes=)`);
    if (given[name]) fail(source, item, `${name} is given twice`);
    given[name] = limit(item.slice(eq + 1).trim(), source, item);
  }
  return { reads: given.reads ?? fallback, writes: given.writes ?? { ...fallback } };
}

/** The plan as text, one limit per class: `100000/1m`, `reads=60/1m,writes=10/1m` or `off`. */
export function formatRateLimit(plan: RateLimitPlan): string {
  if (plan.off) return 'off';
  const one = ({ limit: n, windowSeconds: s }: Limit) => `${n}/${s % 3600 === 0 ? `${s / 3600}h` : s % 60 === 0 ? `${s / 60}m` : `${s}s`}`;
  const reads = one(plan.reads);
  const writes = one(plan.writes);
  return reads === writes ? reads : `reads=${reads},writes=${writes}`;
}

export const requestClass = (method: string): RequestClass =>
  method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 'read' : 'write';

/** What one counted request learnt. */
export interface RateLimitVerdict {
  /** False: the window is spent, answer 429 without handling the request. */
  allowed: boolean;
  class: RequestClass;
  limit: number;
  /** Left in the window after this request, never below 0. */
  remaining: number;
  /** When the window ends and a fresh count starts (UTC epoch seconds). */
  reset: number;
  /** Whole seconds until then, at least 1 (the 429's "Please try again in N seconds"). */
  retryInSeconds: number;
}

interface Window {
  /** Index of the window since the epoch (epoch seconds / window length, rounded down). */
  index: number;
  count: number;
}

class ClassCounter {
  private readonly windows = new Map<string, Window>();
  /** The window whose predecessors were last dropped: memory holds the keys of the current window only. */
  private swept = -1;

  constructor(private readonly spec: Limit) {}

  hit(key: string, nowMs: number, klass: RequestClass): RateLimitVerdict {
    const { limit: max, windowSeconds } = this.spec;
    const index = Math.floor(nowMs / 1000 / windowSeconds);
    if (index !== this.swept) {
      for (const [k, w] of this.windows) if (w.index < index) this.windows.delete(k);
      this.swept = index;
    }
    let window = this.windows.get(key);
    if (window === undefined || window.index !== index) {
      window = { index, count: 0 };
      this.windows.set(key, window);
    }
    // A refused request spends nothing more: the count stays at the limit.
    const allowed = window.count < max;
    if (allowed) window.count++;
    const reset = (index + 1) * windowSeconds;
    return {
      allowed,
      class: klass,
      limit: max,
      remaining: Math.max(0, max - window.count),
      reset,
      retryInSeconds: Math.max(1, Math.ceil(reset - nowMs / 1000)),
    };
  }

  /** Keys held (tests check that ended windows are dropped). */
  get size(): number {
    return this.windows.size;
  }
}

export class RateLimiter {
  private readonly reads: ClassCounter;
  private readonly writes: ClassCounter;

  constructor(
    readonly plan: { reads: Limit; writes: Limit },
    /** Wall clock in ms (tests inject one). Not the emulator's domain clock, which tests move for other reasons. */
    private readonly now: () => number = Date.now,
  ) {
    this.reads = new ClassCounter(plan.reads);
    this.writes = new ClassCounter(plan.writes);
  }

  /** Count one request of `key` (see `rateLimitKey`) with `method`. */
  hit(key: string, method: string): RateLimitVerdict {
    const klass = requestClass(method);
    return (klass === 'read' ? this.reads : this.writes).hit(key, this.now(), klass);
  }

  /** Whole seconds from now until `reset` (epoch seconds), at least 1. */
  secondsUntil(reset: number): number {
    return Math.max(1, Math.ceil(reset - this.now() / 1000));
  }

  /** Keys with a count in the current window, per class. */
  get size(): { reads: number; writes: number } {
    return { reads: this.reads.size, writes: this.writes.size };
  }
}

/**
 * The key a request is counted under: its Authorization header as sent, or, without one, its remote address
 * (after a NUL, which no header value holds, so that no token can share an address's count).
 */
export function rateLimitKey(authorization: string | undefined, remoteAddress: string | undefined): string {
  return authorization ? authorization : `\0${remoteAddress ?? ''}`;
}

/** How the request log names a key: the first 8 hex digits of its SHA-256 (never the token itself). */
export function clientId(key: string): string {
  const raw = key.startsWith('\0') ? key.slice(1) : key;
  return createHash('sha256').update(raw).digest('hex').slice(0, 8);
}

/** The documented 429 message. */
export const rateLimitMessage = (seconds: number): string => `API rate limit exceeded. Please try again in ${seconds} seconds`;

/** The three headers of an answer. */
export function rateLimitHeaders(v: Pick<RateLimitVerdict, 'limit' | 'remaining' | 'reset'>): Record<string, string> {
  return { 'X-RateLimit-Limit': String(v.limit), 'X-RateLimit-Remaining': String(v.remaining), 'X-RateLimit-Reset': String(v.reset) };
}
