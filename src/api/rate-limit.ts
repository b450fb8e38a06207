/**
 * The client's rate limiter: one per HttpClient, fed by the `X-RateLimit-Limit`, `-Remaining` and `-Reset`
 * headers of every answer (the service's documented rate limit; reset in UTC epoch seconds).
 *
 * - Reads (GET, HEAD, OPTIONS) and writes have a window each: the service gives kinds of methods limits of
 *   their own, and a refused write must not stop the reads.
 * - Before a request goes out, `acquire` waits while the window is spent: this client counts what it sent in
 *   the window, so requests running side by side never send more than the window has left, and a 429 stops
 *   every request of the client until the reset, not each one burning its own tries on the same closed window.
 * - When the answers show that someone else spends the same window (another process on the token), the rest
 *   of the window is paced: its requests are spread until the reset instead of all meeting the wall at once.
 * - Until the first answer says whether the server limits at all, one request goes at a time; and when this
 *   machine's clock passes a window's reset, one request (or the answers of those still in flight) opens the
 *   next window before the rest follow, so that a server whose window resets a little later refuses one, not all.
 * - Requests still in flight at a reset may be counted in the next window: they are, until their answers say
 *   otherwise.
 * - Every wait is drawn from a budget (`WaitBudget`): past it, the request fails with RateLimitError (exit 6),
 *   saying how long the wait would have been. A request has the client's `maxWaitMs`; a job (a CLI command,
 *   an MCP tool call) attaches one budget to its AbortSignal and every request made with that signal shares it.
 *
 * A 429 means the request was not applied, so any request, a POST included, is sent again after the wait.
 */
import { RateLimitError } from './errors.js';

export type RequestKind = 'read' | 'write';

export const kindOf = (method: string): RequestKind => (READ_METHODS.has(method) ? 'read' : 'write');
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What `client.rateLimit` shows: the last window the answers described. */
export interface RateLimitState {
  /** Which window: reads or writes. */
  kind: RequestKind;
  /** Requests the window allows. */
  limit: number;
  /** Requests left in it: what the service said, less what this client has sent since. */
  remaining: number;
  /** When it resets (this machine's clock). */
  resetAt: Date;
}

/** One wait on the rate limit, as `onWait` and the --debug trace see it. */
export interface RateLimitWait {
  kind: RequestKind;
  ms: number;
  /** `refused`: the service answered 429; `spent`: the window's requests are used up; `pacing`: the window is shared. */
  reason: 'refused' | 'spent' | 'pacing';
  /** Requests a window allows, and how long a window is (ms), as far as the answers told. */
  limit?: number;
  windowMs?: number;
}

export interface RateLimitOptions {
  /** The most one request waits on the rate limit, in all (ms); a job's budget replaces it (`attach`). Default 70 s. */
  maxWaitMs?: number;
  /** Told of each wait before it starts (a progress line, a view's status). */
  onWait?: (wait: RateLimitWait) => void;
}

/** A single request waits for one window of the service's documented 60 s, with room for the jitter and a clock's drift. */
export const DEFAULT_MAX_WAIT_MS = 70_000;

/** Time a job may spend waiting on the rate limit; requests of the job draw from it. */
export class WaitBudget {
  spentMs = 0;
  constructor(
    readonly maxMs: number,
    /** Where the limit came from (`--max-wait`, `DOCS_MAX_WAIT`, `default`), for the message past it. */
    readonly source?: string,
  ) {}

  get leftMs(): number {
    return Math.max(0, this.maxMs - this.spentMs);
  }
}

/** The rate-limit headers of an answer, in ms on this machine's clock. */
export interface RateLimitHeaders {
  limit: number;
  remaining: number;
  resetAt: number;
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)?.trim();
const integer = (value: string | undefined): number | undefined => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * `X-RateLimit-*` of an answer, or undefined when it has none. The reset is epoch seconds; a small number is
 * read as seconds from now (some gateways send that). The server's `Date` corrects a clock more than two seconds
 * off this one's, so that a machine whose clock runs late does not knock at a window that has not opened.
 */
export function readRateLimitHeaders(headers: Record<string, string | string[] | undefined>, now: number): RateLimitHeaders | undefined {
  const limit = integer(single(headers['x-ratelimit-limit']));
  const remaining = integer(single(headers['x-ratelimit-remaining']));
  const reset = integer(single(headers['x-ratelimit-reset']));
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  if (reset < 1e9) return { limit, remaining, resetAt: now + reset * 1000 };
  const date = Date.parse(single(headers.date) ?? '');
  // Date has whole seconds: only a larger difference is the clocks'.
  const skew = Number.isNaN(date) || Math.abs(now - date) < 2000 ? 0 : now - date;
  return { limit, remaining, resetAt: reset * 1000 + skew };
}

/** "API rate limit exceeded. Please try again in 60 seconds": the service's own 429 message, as a wait in ms. */
export function waitFromMessage(message: string | undefined): number | undefined {
  const match = message ? /try again in (\d+) seconds?/i.exec(message) : null;
  return match ? Number(match[1]) * 1000 : undefined;
}

interface Window {
  limit?: number;
  resetAt?: number;
  /** Requests this client sent in the window. */
  sent: number;
  /** Requests of others in the window, at least: what the service counted beyond all this client sent. */
  others: number;
  /**
   * Requests in flight when this machine's clock passed the last reset that have not been answered from the window
   * before: the server may count them in this one, so they are counted in it.
   */
  carried: number;
  /** Which window of this machine's clock: one more at each reset. A ticket from an earlier one was carried. */
  epoch: number;
  /** A window's length, as two consecutive resets showed it (undefined until then). */
  lengthMs?: number;
  /** A window is at least this long: the longest time seen from an answer to its window's reset. */
  leastLengthMs?: number;
  /** The reset of the window before this one. */
  previousResetAt?: number;
  inFlight: number;
  /** An answer has said whether the server limits (undefined until then: one request at a time). */
  limited?: boolean;
  /** No request of this kind before this time (a 429 was answered). */
  blockedUntil: number;
  /** Consecutive 429s, for the backoff when an answer says nothing of when to come back. */
  refusals: number;
  /** Pacing: the earliest time of the next request. */
  nextAt: number;
  /** Woken when an answer arrives (requests waiting for the first one). */
  answered: Array<() => void>;
}

/** A request allowed to go: settle it with the answer's headers and status, or without (no answer). */
export interface Ticket {
  kind: RequestKind;
  /** The window (`Window.epoch`) it went in. */
  epoch: number;
}

export class RateLimiter {
  private readonly windows: Record<RequestKind, Window> = { read: newWindow(), write: newWindow() };
  private readonly budgets = new WeakMap<AbortSignal, WaitBudget>();
  private readonly listeners = new Set<(wait: RateLimitWait) => void>();
  private last?: RequestKind;
  readonly maxWaitMs: number;

  constructor(
    options: RateLimitOptions = {},
    private readonly clock: {
      now: () => number;
      random: () => number;
      trace?: (line: string) => void;
    },
  ) {
    this.maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    if (options.onWait) this.listeners.add(options.onWait);
  }

  /** The last window the answers described, or undefined before any answer carried the headers. */
  get state(): RateLimitState | undefined {
    const kind = this.last;
    const w = kind ? this.windows[kind] : undefined;
    if (!kind || !w || w.limit === undefined || w.resetAt === undefined) return undefined;
    return { kind, limit: w.limit, remaining: Math.max(0, remainingIn(w)), resetAt: new Date(w.resetAt) };
  }

  /** Every request made with `signal` draws its waits from `budget` (a job's: a command, a tool call). */
  attach(signal: AbortSignal, budget: WaitBudget): WaitBudget {
    this.budgets.set(signal, budget);
    return budget;
  }

  budgetOf(signal: AbortSignal | undefined): WaitBudget {
    return (signal && this.budgets.get(signal)) ?? new WaitBudget(this.maxWaitMs);
  }

  /** Told of every wait from now on; returns the way to stop listening. */
  onWait(listener: (wait: RateLimitWait) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Waits until a request of `method` may go, within `budget`. `describe` names the request for the error past
   * the budget; `abort` makes the error an abort ends a wait with.
   */
  async acquire(request: {
    method: string;
    /** The request as the error past the budget names it (URL redacted). */
    url: string;
    budget: WaitBudget;
    signal?: AbortSignal;
    /** Sleeps `ms`; ends with the caller's own error when the signal aborts. */
    pause: (ms: number) => Promise<void>;
    /** The caller's error for an aborted request. */
    aborted: () => Error;
  }): Promise<Ticket> {
    const { method, budget, signal } = request;
    const kind = kindOf(method);
    const w = this.windows[kind];
    for (;;) {
      if (signal?.aborted) throw request.aborted();
      const now = this.clock.now();
      if (w.resetAt !== undefined && now >= w.resetAt && w.blockedUntil <= now) {
        // A new window: nothing of it is known until an answer comes, but the old one's count no longer holds.
        w.sent = 0;
        w.others = 0;
        w.carried = w.inFlight;
        w.epoch++;
        w.previousResetAt = w.resetAt;
        w.resetAt = undefined;
        w.nextAt = 0;
      }
      let ms = 0;
      let reason: RateLimitWait['reason'] = 'spent';
      if (w.blockedUntil > now) {
        ms = w.blockedUntil - now;
        reason = 'refused';
      } else if (w.limited === undefined && w.inFlight > 0) {
        // The first answer tells whether the server limits at all: until then, one request at a time.
        await untilAnswered(w, signal);
        continue;
      } else if (w.limited && w.resetAt === undefined && w.inFlight > 0) {
        // A window this machine's clock has opened and no answer has described yet: the answers on their way (or
        // the one request sent into it) tell whether the server's has opened too, and what it has counted.
        await untilAnswered(w, signal);
        continue;
      } else if (w.limited && w.limit !== undefined && remainingIn(w) <= 0) {
        if (w.resetAt === undefined) {
          // The window's count is spent and the answers that will say when it resets are on their way.
          if (w.inFlight > 0) {
            await untilAnswered(w, signal);
            continue;
          }
        } else {
          ms = w.resetAt - now + this.jitter(w);
        }
      } else if (sharedAndLow(w) && w.nextAt > now) {
        ms = w.nextAt - now;
        reason = 'pacing';
      }
      if (ms <= 0) {
        w.inFlight++;
        w.sent++;
        if (sharedAndLow(w) && w.resetAt !== undefined) {
          // Shared with others and running low: what is left is spread until the reset.
          w.nextAt = now + Math.max(0, w.resetAt - now) / Math.max(1, remainingIn(w) + 1);
        }
        return { kind, epoch: w.epoch };
      }
      ms = Math.ceil(ms);
      if (budget.spentMs + ms > budget.maxMs) throw this.overBudget(w, kind, ms, reason, budget, { method, url: request.url });
      const wait: RateLimitWait = { kind, ms, reason, limit: w.limit, windowMs: w.lengthMs };
      this.clock.trace?.(
        `~ rate limit (${kind}s): waiting ${seconds(ms)}, ${reason === 'refused' ? 'the server answered 429' : reason === 'spent' ? 'the window is spent' : 'pacing a window shared with others'}${w.limit !== undefined ? ` (${w.limit} a window${w.lengthMs ? ` of ${seconds(w.lengthMs)}` : ''})` : ''}; ${seconds(budget.leftMs - ms)} of the wait budget left after it`,
      );
      for (const listener of this.listeners) listener(wait);
      const started = this.clock.now();
      await request.pause(ms);
      budget.spentMs += Math.max(ms, this.clock.now() - started);
    }
  }

  /**
   * The answer to a request `acquire` let go: `headers` of the answer (undefined when none came), its status, and
   * for a 429 what else it said of when to come back (`Retry-After`, the message).
   */
  settle(
    ticket: Ticket,
    answer: { status: number; headers: Record<string, string | string[] | undefined>; retryAfterMs?: number; message?: string } | undefined,
  ): void {
    const w = this.windows[ticket.kind];
    w.inFlight--;
    if (answer) this.observe(w, ticket.kind, answer, ticket.epoch < w.epoch);
    const waiting = w.answered.splice(0);
    for (const wake of waiting) wake();
  }

  private observe(
    w: Window,
    kind: RequestKind,
    answer: { status: number; headers: Record<string, string | string[] | undefined>; retryAfterMs?: number; message?: string },
    /** The request went before this machine's clock passed the last reset. */
    carried: boolean,
  ): void {
    const now = this.clock.now();
    const headers = readRateLimitHeaders(answer.headers, now);
    // A carried request answered from the window before: it is not counted in this one.
    if (carried && headers && w.carried > 0 && w.previousResetAt !== undefined && headers.resetAt <= w.previousResetAt + 500) w.carried--;
    if (headers) {
      w.limited = true;
      this.last = kind;
      if (
        w.resetAt === undefined &&
        w.previousResetAt !== undefined &&
        headers.resetAt <= w.previousResetAt + 500 &&
        answer.status !== 429
      ) {
        // An answer from the window this machine's clock has left: it says nothing of the next. (A 429 from it
        // still holds the requests back: the server's window has not reset yet.)
        return;
      }
      if (w.resetAt === undefined || headers.resetAt > w.resetAt + 500) {
        // The first answer of a window. What this client sent since the window began is at most what it sent
        // since it last saw the count restart, or what is still in flight with this one when the server's window
        // opened before this machine's did.
        if (w.resetAt !== undefined) {
          w.sent = Math.min(w.sent, w.inFlight + 1);
          // Those are all that can be in this window: the count above has them.
          w.carried = 0;
        }
        const previous = w.resetAt ?? w.previousResetAt;
        // Two resets are a window apart, or several when the client was idle between them.
        if (previous !== undefined && headers.resetAt > previous + 500)
          w.lengthMs = Math.min(w.lengthMs ?? Infinity, Math.round((headers.resetAt - previous) / 1000) * 1000);
        w.leastLengthMs = Math.max(w.leastLengthMs ?? 0, Math.ceil((headers.resetAt - now) / 1000) * 1000);
        w.resetAt = headers.resetAt;
        w.others = 0;
      } else if (headers.resetAt < w.resetAt - 500) {
        // An answer from a window that has ended (a 429 included): it says nothing of this one.
        return;
      }
      w.limit = headers.limit;
      // What the service counted beyond everything this client sent in the window is someone else's.
      w.others = Math.max(w.others, headers.limit - headers.remaining - w.sent - w.carried);
    } else if (w.limited === undefined) {
      w.limited = false;
    }
    this.refused(w, answer, now, headers);
  }

  /** A 429 stops every request of its kind until the window resets (or as long as the answer otherwise says). */
  private refused(
    w: Window,
    answer: { status: number; retryAfterMs?: number; message?: string },
    now: number,
    headers?: RateLimitHeaders,
  ): void {
    if (answer.status !== 429) {
      if (answer.status < 400) w.refusals = 0;
      return;
    }
    w.refusals++;
    let until: number | undefined;
    if (headers && headers.resetAt > now) {
      until = headers.resetAt + this.jitter(w);
      w.others = Math.max(w.others, (w.limit ?? 0) - w.sent);
    } else {
      const hint = answer.retryAfterMs ?? waitFromMessage(answer.message);
      if (hint !== undefined && hint > 0) until = now + hint + this.jitter(w);
    }
    // An answer that names no time (or one already past): back off, 1 s doubling to a minute.
    const backoff = Math.floor((0.5 + this.clock.random() / 2) * Math.min(60_000, 1000 * 2 ** (w.refusals - 1)));
    if (until === undefined || until - now < 100) until = now + backoff;
    w.blockedUntil = Math.max(w.blockedUntil, until);
  }

  /** A little spread so that requests (and processes) waiting for the same reset do not all knock at once. */
  private jitter(w: Window): number {
    const ceiling = Math.min(1000, Math.max(50, (w.lengthMs ?? w.leastLengthMs ?? 5000) * 0.05));
    return 20 + Math.floor(this.clock.random() * ceiling);
  }

  private overBudget(
    w: Window,
    kind: RequestKind,
    ms: number,
    reason: RateLimitWait['reason'],
    budget: WaitBudget,
    request: { method: string; url: string },
  ): RateLimitError {
    const left = budget.leftMs;
    const why =
      reason === 'refused'
        ? 'the server answered 429 (rate limited)'
        : reason === 'spent'
          ? "the rate limit's window is spent"
          : 'the rate limit is shared';
    return new RateLimitError(
      `${request.method} ${request.url}: ${why}; the next request could go in ${seconds(ms)}, beyond the ${seconds(left)} left of the ${seconds(budget.maxMs)} wait budget`,
      {
        ...request,
        kind,
        waitMs: ms,
        budgetMs: budget.maxMs,
        spentMs: budget.spentMs,
        budgetSource: budget.source,
        refused: reason === 'refused',
        limit: w.limit,
        windowMs: w.lengthMs,
        windowAtLeastMs: w.leastLengthMs,
        resetAt: w.resetAt,
      },
    );
  }
}

/** Until the next answer of the window's kind, or the signal aborts (the caller's next check throws). */
function untilAnswered(w: Window, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      signal?.removeEventListener('abort', done);
      resolve();
    };
    w.answered.push(done);
    signal?.addEventListener('abort', done, { once: true });
  });
}

function newWindow(): Window {
  return { sent: 0, others: 0, carried: 0, epoch: 0, inFlight: 0, blockedUntil: 0, refusals: 0, nextAt: 0, answered: [] };
}

const remainingIn = (w: Window): number => (w.limit ?? Infinity) - w.sent - w.others - w.carried;

/**
 * Someone else spends the window too and a quarter of it (at least 2) is left: the rest is paced. A run alone on its
 * token, or one that meets what an earlier command left of the window, goes at full speed: it counts what it sends.
 */
const sharedAndLow = (w: Window): boolean =>
  w.limited === true && w.others > 0 && w.limit !== undefined && remainingIn(w) <= Math.max(2, Math.ceil(w.limit / 4));

export function seconds(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)}s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)}s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)}min`;
  return `${(ms / 3_600_000).toFixed(1)}h`;
}
