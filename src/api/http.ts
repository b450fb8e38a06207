import { createRequire } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { AbortedError, ApiError, DocsError, issuesFromBody, NetworkError, ResponseError, TimeoutError } from './errors.js';
import { BodyBuffers } from './body-buffers.js';
import { Redactor } from './redact.js';
import { Agent, request as undiciRequest } from './undici.js';
import {
  backoffDelay,
  DEFAULT_RETRY,
  failedAfterSending,
  giveUp,
  IDEMPOTENT_METHODS,
  isStall,
  MAX_STALL_RETRIES,
  NETWORK_WORDS,
  parseRetryAfter,
  retryReason,
  seconds,
  TIMEOUT_PHASES,
  type RetryOptions,
} from './retry.js';
import { DEFAULT_TIMEOUTS, type TimeoutOptions } from './timeouts.js';
import { RateLimiter, type RateLimitOptions, type RateLimitState, type Ticket, type WaitBudget } from './rate-limit.js';

export { DEFAULT_TIMEOUTS, type TimeoutOptions };

export { backoffDelay, DEFAULT_RETRY, parseRetryAfter, type RetryOptions } from './retry.js';
export {
  DEFAULT_MAX_WAIT_MS,
  RateLimiter,
  WaitBudget,
  type RateLimitOptions,
  type RateLimitState,
  type RateLimitWait,
} from './rate-limit.js';

/** Package version, read at run time; `../../package.json` is the package root from both src/api and dist/api. */
export const VERSION = ((): string => {
  try {
    return (createRequire(import.meta.url)('../../package.json') as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();
export const USER_AGENT = `docs-cli/${VERSION}`;

export interface HttpOptions {
  /** Origin (and optional base path) of the API, e.g. http://127.0.0.1:4010. Paths carry `/v1`. */
  baseUrl: string;
  token?: string;
  /** Replaces the default `docs-cli/<version>`. */
  userAgent?: string;
  /** Receives redacted one-line trace entries (request/response/retry) when set (`--debug`). */
  debug?: (line: string) => void;
  timeouts?: TimeoutOptions;
  retry?: RetryOptions;
  /**
   * The rate limit (src/api/rate-limit.ts): how long one request may wait on it (`maxWaitMs`, default 70 s), and
   * who is told of each wait.
   */
  rateLimit?: RateLimitOptions;
  /** Keep-alive connections per origin. */
  connections?: number;
  /** Injected for tests: waits `ms` (the transport also stops waiting when the request's signal aborts). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injected for tests: uniform in [0, 1), draws the backoff jitter. */
  random?: () => number;
  /** Injected for tests: wall clock in ms (retry budget, `Retry-After` dates, rate-limit windows). */
  now?: () => number;
}

export interface HttpRequest {
  method: string;
  /** Path with `/v1`, already filled and encoded. */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  /** A 2xx must carry a JSON body (an empty one is a ResponseError). */
  expectBody?: boolean;
  /** Override the method's idempotency (the operation table's `idempotent`: a PATCH or a POST that is safe to repeat). */
  idempotent?: boolean;
  /**
   * Reads a non-empty 2xx body from its bytes instead of JSON.parse (a list page written out as it came,
   * src/api/json-lines.ts): what it returns is the response's `body`; undefined has the bytes decoded and
   * parsed as usual, with the usual errors. The bytes are in a buffer the client reads later bodies into
   * (src/api/body-buffers.ts): they stay as they are until `release` is called, which whoever keeps them
   * calls once nothing reads them any more (not calling it only costs the buffer). When `read` returns
   * undefined the client releases them itself.
   */
  read?: (bytes: Buffer, release: () => void) => unknown;
  /** The wait budget this request draws from; else the one attached to its signal, else the client's per-request one. */
  budget?: WaitBudget;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, or undefined for an empty body (204/205). */
  body: unknown;
  contentType: string;
  /** Retries it took (0 when the first attempt answered), answers of 429 included. */
  retries: number;
}

/** Serialise a query object: arrays repeat the key, undefined is dropped. */
export function toSearchParams(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    // Query values are strings, numbers and booleans by the operation schemas; String() is their serialisation.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    else params.append(key, value === null ? '' : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** A body or message for the trace: redacted before it is cut, so that a cut never splits a secret. */
const snippet = (redactor: Redactor, text: string, max: number): string => {
  const flat = redactor.redact(text).replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max)}… (+${flat.length - max} chars)`;
};
const header = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));
const hasBom = (bytes: Buffer): boolean => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
/**
 * Milliseconds on a monotonic clock, for the --debug trace's timings. Not `performance.now()`: the global
 * `performance` loads node:perf_hooks on first use, 1–2 ms of every request's start-up for a number only --debug
 * prints.
 */
const now = (): number => Number(process.hrtime.bigint()) / 1e6;

// node:http only for its status texts, on a failed answer: loading it costs every request 1–1.5 ms.
const statusText = (status: number): string => {
  const text = process.getBuiltinModule('node:http').STATUS_CODES[status];
  return `HTTP ${status}${text ? ` ${text}` : ''}`;
};
const errorCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown }; errors?: Array<{ code?: unknown }> } | null;
  const code = e?.code ?? e?.cause?.code ?? e?.errors?.[0]?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * `dispatcher`, calling `onWritten` once a request's head and body are written to the connection (undici's
 * `onRequestSent`, called in the same turn as the write) or its answer begins. The handler is undici's own
 * (api-request's), each of its methods called on itself.
 */
export function noticingWrites(dispatcher: Dispatcher, onWritten: () => void): Dispatcher {
  const watch = (handler: Dispatcher.DispatchHandler): Dispatcher.DispatchHandler =>
    new Proxy(handler, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (key === 'onRequestSent' || key === 'onHeaders' || key === 'onResponseStart') {
          const own = value as ((...args: unknown[]) => unknown) | undefined;
          if (key !== 'onRequestSent' && own === undefined) return undefined;
          return (...args: unknown[]) => {
            onWritten();
            return own?.apply(target, args);
          };
        }
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return {
    dispatch: (options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) => dispatcher.dispatch(options, watch(handler)),
  } as unknown as Dispatcher;
}

/**
 * The transport: one keep-alive pool per origin (undici Agent), bearer auth, JSON in and out,
 * timeouts per phase, retries with backoff, errors mapped to ApiError / NetworkError / ResponseError.
 */
export class HttpClient {
  private readonly agent: Agent;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly timeouts: Required<TimeoutOptions>;
  private readonly retry: Required<RetryOptions>;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;
  /** One per client: every request of the client waits on it (src/api/rate-limit.ts). */
  readonly rateLimiter: RateLimiter;
  /** Masks this client's token (and what looks like a credential) in its errors and trace lines. */
  private readonly redactor: Redactor;
  /** What bodies given to a request's `read` are read into. */
  private readonly bodies = new BodyBuffers();

  constructor(readonly options: HttpOptions) {
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.redactor = new Redactor([options.token]);
    this.rateLimiter = new RateLimiter(options.rateLimit, {
      now: () => this.now(),
      random: () => this.random(),
      trace: options.debug ? (line) => this.trace(line) : undefined,
    });
    this.agent = new Agent({
      connections: options.connections ?? 8,
      // Node.js's default limit of a response's headers, given here: undici would otherwise load node:http to read it.
      maxHeaderSize: 16 * 1024,
      keepAliveTimeout: 10_000,
      connect: { timeout: this.timeouts.connectMs },
      headersTimeout: this.timeouts.headersMs,
      bodyTimeout: this.timeouts.bodyMs,
    });
  }

  /** The last rate-limit window the answers described: `{kind, limit, remaining, resetAt}`. */
  get rateLimit(): RateLimitState | undefined {
    return this.rateLimiter.state;
  }

  url(path: string, query?: Record<string, unknown>): string {
    return `${this.origin}${this.basePath}${path}${toSearchParams(query)}`;
  }

  async request(req: HttpRequest): Promise<HttpResponse> {
    const method = req.method.toUpperCase();
    const url = this.url(req.path, req.query);
    const shown = this.redactor.redact(url);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? USER_AGENT,
    };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    let payload: string | undefined;
    if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(req.body);
    }
    const idempotent = req.idempotent ?? IDEMPOTENT_METHODS.has(method);
    const budget = req.budget ?? this.rateLimiter.budgetOf(req.signal);
    const acquire = {
      method,
      url: shown,
      budget,
      signal: req.signal,
      pause: (ms: number) => this.pause(ms, req.signal, method, shown),
      aborted: () => this.aborted(method, shown),
    };
    const started = this.now();
    // The retry budget (maxElapsedMs) counts the time of the tries and their backoff, not the rate limit's waits.
    let limited = 0;
    const { maxRetries, maxElapsedMs } = this.retry;
    let stalls = 0;
    let refusals = 0;
    for (let retries = 0; ;) {
      if (req.signal?.aborted) throw this.aborted(method, shown);
      const before = this.now();
      let ticket: Ticket;
      try {
        ticket = await this.rateLimiter.acquire(acquire);
      } catch (err) {
        // The tries so far, less the first.
        if (err instanceof DocsError) err.retries = Math.max(0, retries + refusals - 1);
        throw err;
      }
      limited += this.now() - before;
      try {
        const res = await this.attempt(method, url, shown, headers, payload, req, ticket);
        return { ...res, retries: retries + refusals };
      } catch (err) {
        if (!(err instanceof DocsError) || err instanceof AbortedError) throw err;
        err.retries = retries + refusals;
        // A 429 was not applied, whatever the method: the limiter holds every request until the window allows
        // them again (or fails the one past its wait budget), and this one goes again then.
        if (err instanceof ApiError && err.status === 429) {
          refusals++;
          this.trace(`~ 429: sending again when the rate limit allows`);
          continue;
        }
        const reason = retryReason(err, idempotent);
        if (reason === undefined) {
          if (!idempotent && err instanceof NetworkError && failedAfterSending(err)) err.mayHaveApplied = true;
          throw err;
        }
        if (retries >= maxRetries)
          throw retries === 0 ? err : giveUp(err, `gave up after ${retries} ${retries === 1 ? 'retry' : 'retries'}`);
        // A silent server is asked once more, not maxRetries times: each try costs a whole timeout.
        if (isStall(err) && stalls++ >= MAX_STALL_RETRIES) throw giveUp(err, `gave up after it stalled ${stalls} times`);
        const remaining = maxElapsedMs - (this.now() - started - limited);
        const retryAfter = err instanceof ApiError ? err.details.retryAfterMs : undefined;
        let wait: number;
        if (retryAfter !== undefined) {
          // Waiting less than the server asked would only earn another refusal.
          if (retryAfter > remaining) {
            throw giveUp(
              err,
              `the server asked to retry after ${seconds(retryAfter)}, beyond the ${seconds(Math.max(0, remaining))} left of the ${seconds(maxElapsedMs)} retry budget`,
            );
          }
          wait = retryAfter;
        } else {
          if (remaining <= 0)
            throw giveUp(
              err,
              `gave up after ${retries} ${retries === 1 ? 'retry' : 'retries'} (${seconds(maxElapsedMs)} retry budget spent)`,
            );
          wait = Math.min(backoffDelay(retries + 1, this.retry, this.random), remaining);
        }
        this.trace(`~ retry ${retries + 1}/${maxRetries} in ${wait}ms after ${reason}`);
        await this.pause(wait, req.signal, method, shown);
        retries++;
      }
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private async attempt(
    method: string,
    url: string,
    shown: string,
    headers: Record<string, string>,
    payload: string | undefined,
    req: HttpRequest,
    ticket: Ticket,
  ): Promise<Omit<HttpResponse, 'retries'>> {
    const t0 = now();
    if (this.options.debug) this.trace(`> ${method} ${url}${payload === undefined ? '' : ` ${snippet(this.redactor, payload, 1000)}`}`);
    // Whether a request that is not safe to repeat reached the connection: if it is aborted after that, it may have been applied.
    const written = { yes: false };
    const idempotent = req.idempotent ?? IDEMPOTENT_METHODS.has(method);
    const dispatcher = idempotent ? this.agent : noticingWrites(this.agent, () => (written.yes = true));
    let res: Dispatcher.ResponseData;
    let text: string;
    let read: unknown;
    try {
      res = await undiciRequest(url, {
        method: method,
        headers,
        body: payload,
        dispatcher,
        signal: req.signal,
        headersTimeout: this.timeouts.headersMs,
        bodyTimeout: this.timeouts.bodyMs,
      });
      if (res.statusCode === 204 || res.statusCode === 205 || method === 'HEAD') {
        await res.body.dump();
        text = '';
      } else if (req.read && res.statusCode >= 200 && res.statusCode < 300) {
        const { bytes, release } = await this.bodies.read(res.body);
        read = bytes.length === 0 ? undefined : req.read(bytes, release);
        // As undici's text() decodes: UTF-8, without a byte order mark.
        text = read === undefined || this.options.debug ? bytes.toString('utf8', hasBom(bytes) ? 3 : 0) : '';
        if (read === undefined) release();
      } else {
        text = await res.body.text();
      }
    } catch (err) {
      // No answer: the window learns nothing from it.
      this.rateLimiter.settle(ticket, undefined);
      throw this.failure(err, method, shown, req.signal, t0, written.yes);
    }
    const status = res.statusCode;
    this.rateLimiter.settle(ticket, {
      status,
      headers: res.headers,
      ...(status === 429 ? { retryAfterMs: parseRetryAfter(res.headers['retry-after'], this.now()), message: text } : {}),
    });
    const contentType = header(res.headers['content-type']);
    if (this.options.debug)
      this.trace(
        `< ${status} ${contentType || '-'} ${Math.round(now() - t0)}ms${text === '' ? '' : ` ${snippet(this.redactor, text, 500)}`}`,
      );
    const body = read ?? this.interpret(status, res.headers, contentType, text, method, shown, req);
    return { status, headers: res.headers, contentType, body };
  }

  private interpret(
    status: number,
    headers: HttpResponse['headers'],
    contentType: string,
    text: string,
    method: string,
    shown: string,
    req: HttpRequest,
  ): unknown {
    const type = contentType || 'no content type';
    if (status < 200 || status >= 300) {
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const details = { method, url: shown, contentType, retryAfterMs: parseRetryAfter(headers['retry-after'], this.now()) };
      if (parsed === undefined && text !== '') {
        throw new ApiError(status, `${statusText(status)} (${type}): the server answered with a non-JSON error page`, details);
      }
      const body = parsed as { error?: { code?: unknown; message?: unknown } | string; message?: unknown } | undefined;
      const error = typeof body?.error === 'object' && body.error !== null ? body.error : undefined;
      const message = [error?.message, body?.error, body?.message].find((m): m is string => typeof m === 'string' && m !== '');
      const location = status >= 300 && status < 400 ? header(headers.location) : '';
      const fallback = location ? `${statusText(status)}: unexpected redirect to ${location}` : statusText(status);
      const code = typeof error?.code === 'number' || typeof error?.code === 'string' ? error.code : undefined;
      const issues = issuesFromBody(error).map((i) => ({ path: i.path, message: this.redactor.redact(i.message) }));
      throw new ApiError(status, this.redactor.redact(message ?? fallback), { ...details, code }, issues);
    }
    if (text === '') {
      if (req.expectBody)
        throw new ResponseError(
          `${method} ${shown}: ${statusText(status)} (${type}): expected a JSON body but the response was empty`,
          status,
        );
      return undefined;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      const json = /\bjson\b/i.test(contentType);
      const why = json
        ? `the body is not valid JSON, truncated or malformed (${(err as Error).message})`
        : 'expected JSON but the server answered with something else';
      // The parser's message quotes the body, which may hold secrets.
      throw new ResponseError(this.redactor.redact(`${method} ${shown}: ${statusText(status)} (${type}): ${why}`), status);
    }
  }

  /** Map a thrown transport error to our errors; the raw message never carries our token (registered secret). */
  private failure(err: unknown, method: string, shown: string, signal: AbortSignal | undefined, t0: number, written = false): DocsError {
    // An abort rejects with the signal's reason, an AbortedError of the caller's (Ctrl-C) or undici's own error.
    if (signal?.aborted && (err instanceof AbortedError || !(err instanceof DocsError))) {
      const aborted = this.aborted(method, shown);
      aborted.mayHaveApplied = written;
      if (written) this.trace(`< aborted after the request was written: it may have been applied`);
      return aborted;
    }
    if (err instanceof DocsError) return err;
    const code = errorCode(err);
    const raw = err instanceof Error ? err.message : String(err);
    if (this.options.debug) this.trace(`< error ${code ?? 'unknown'} ${Math.round(now() - t0)}ms ${snippet(this.redactor, raw, 300)}`);
    const phase = code ? TIMEOUT_PHASES[code] : undefined;
    if (phase) {
      const waited = { connect: this.timeouts.connectMs, headers: this.timeouts.headersMs, body: this.timeouts.bodyMs }[phase];
      const what = { connect: 'connecting', headers: 'waiting for the response headers', body: 'receiving the response body (no data)' }[
        phase
      ];
      return new TimeoutError(
        this.redactor.redact(`${method} ${shown}: ${phase} timeout: timed out ${what} after ${waited} ms`),
        code,
        phase,
        {
          cause: err,
          limitMs: waited,
        },
      );
    }
    const words = (code && NETWORK_WORDS[code]) ?? raw;
    return new NetworkError(this.redactor.redact(`${method} ${shown}: ${words}${code && words !== raw ? ` (${code})` : ''}`), code, {
      cause: err,
    });
  }

  private aborted(method: string, shown: string): AbortedError {
    return new AbortedError(`Interrupted: ${method} ${shown} was aborted`);
  }

  /** Sleep between attempts; an abort ends the wait at once, whatever the injected sleep does. */
  private async pause(ms: number, signal: AbortSignal | undefined, method: string, shown: string): Promise<void> {
    if (!signal) return this.sleep(ms);
    if (signal.aborted) throw this.aborted(method, shown);
    await new Promise<void>((resolve, reject) => {
      const onAbort = (): void => reject(this.aborted(method, shown));
      signal.addEventListener('abort', onAbort, { once: true });
      this.sleep(ms, signal).then(
        () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
        (err: unknown) => {
          signal.removeEventListener('abort', onAbort);
          // The sleep's own rejection is passed on as it came.
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
          reject(signal.aborted ? this.aborted(method, shown) : err);
        },
      );
    });
  }

  private trace(line: string): void {
    this.options.debug?.(this.redactor.redact(line));
  }
}
