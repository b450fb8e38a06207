/**
 * Fault injection for resilience tests: `503=0.1,429=0.05,reset=0.02,delay=300ms@0.05` answers that
 * share of requests with the status, resets the connection, or waits before handling. A 503 carries
 * `Retry-After: 1`; a 429 answers as the rate limit does (server.ts: the documented body, the
 * X-RateLimit-* headers with Remaining 0, no Retry-After). Draws come from a seedable generator so a
 * failing run can be replayed. The rate limit is applied first: a request it refuses draws nothing.
 */

export class FaultSpecError extends Error {
  override name = 'FaultSpecError';
}

export interface FaultPlan {
  /** Answer with this status instead of handling the request. */
  statuses: { status: number; probability: number }[];
  /** Destroy the connection without answering. */
  reset: number;
  /** Wait this long before handling (drawn independently of the other faults). */
  delay?: { ms: number; probability: number };
}

export type FaultAction = { kind: 'none' } | { kind: 'status'; status: number } | { kind: 'reset' };

function probability(text: string, item: string): number {
  if (!/^(?:0|1|0?\.\d+|1\.0*)$/.test(text)) throw new FaultSpecError(`faults: "${item}": the probability must be a number from 0 to 1`);
  return Number(text);
}

function duration(text: string, item: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s)$/.exec(text);
  if (!match) throw new FaultSpecError(`faults: "${item}": the delay must look like 300ms or 2s`);
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

export function parseFaults(spec: string): FaultPlan {
  const plan: FaultPlan = { statuses: [], reset: 0 };
  const items = spec
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) throw new FaultSpecError('faults: empty specification (example: 503=0.1,429=0.05,reset=0.02,delay=300ms@0.05)');
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new FaultSpecError(`faults: "${item}": expected name=value (503=0.1, reset=0.02, delay=300ms@0.05)`);
    const name = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (/^\d{3}$/.test(name)) {
      const status = Number(name);
      if (status < 400 || status > 599) throw new FaultSpecError(`faults: "${item}": only 4xx and 5xx statuses can be injected`);
      plan.statuses.push({ status, probability: probability(value, item) });
    } else if (name === 'reset') {
      plan.reset = probability(value, item);
    } else if (name === 'delay') {
      const [time, p] = value.split('@');
      plan.delay = { ms: duration(time ?? '', item), probability: p === undefined ? 1 : probability(p, item) };
    } else {
      throw new FaultSpecError(`faults: "${item}": unknown fault "${name}" (use a 4xx/5xx status, reset or delay)`);
    }
  }
  const total = plan.reset + plan.statuses.reduce((sum, s) => sum + s.probability, 0);
  if (total > 1 + 1e-9) throw new FaultSpecError(`faults: the statuses and reset add up to ${total}, more than 1`);
  return plan;
}

/** mulberry32: small, fast, good enough to spread faults evenly; same seed, same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function faultSeed(value: string | number | undefined): number {
  if (value === undefined || value === '') return Math.floor(Math.random() * 2 ** 32);
  const n = Number(value);
  if (Number.isInteger(n)) return n;
  // Any text works as a seed too.
  let hash = 2166136261;
  for (const ch of String(value)) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619);
  return hash >>> 0;
}

export class FaultInjector {
  private readonly random: () => number;

  constructor(
    readonly plan: FaultPlan,
    seed: number,
  ) {
    this.random = seededRandom(seed);
  }

  /** Decide the fate of one request: how long to wait, then what to do. */
  next(): { delayMs: number; action: FaultAction } {
    const delay = this.plan.delay;
    const delayMs = delay && this.random() < delay.probability ? delay.ms : 0;
    let draw = this.random();
    for (const { status, probability: p } of this.plan.statuses) {
      if (draw < p) return { delayMs, action: { kind: 'status', status } };
      draw -= p;
    }
    if (draw < this.plan.reset) return { delayMs, action: { kind: 'reset' } };
    return { delayMs, action: { kind: 'none' } };
  }
}
