import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Agent, request } from '../api/undici.js';
import type { Dispatcher } from 'undici';

/**
 * `--external`: whether the http(s) links of a space's pages answer. Each URL is asked with HEAD,
 * then with GET when HEAD is refused (any answer from 400 on but 429 and 503: many servers answer
 * 405, 501, 403 or even 404 to HEAD alone). Redirects are followed, up to MAX_REDIRECTS; a chain
 * with a permanent redirect (301 or 308) ends in a warning naming where the link should point.
 *
 * - `broken`: the answer is 404, 410 or another 4xx (but 401, 403 and 429), or the host does not
 *   exist (DNS says so), or the URL cannot be parsed.
 * - `redirect`: the URL works through a permanent redirect (a warning).
 * - `unverified`: no answer that says either: timed out, rate limited (429 or 503 after the
 *   retries), access refused (401, 403), a server error (5xx), a refused or reset connection. A
 *   warning, unless `--strict-external`.
 * - `ok`: 2xx, directly or through temporary redirects (302, 303, 307).
 *
 * Requests are made with a dispatcher of their own, no header but `user-agent` and `accept`: the
 * API's token is never sent to another host. At most `perHost` requests at once to a host, one
 * started every `pacingMs` at most, and `concurrency` in all. A 429 or 503 is retried `retries`
 * times after its `Retry-After` (seconds or a date; 1 s, then 2 s, when it gives none); a wait
 * longer than `maxRetryAfterMs` is not made (the link is `unverified`).
 *
 * The cache (`--external-cache FILE`) keeps each definite verdict (ok, broken, redirect) with the
 * time it was made; a verdict younger than `ttlMs` is used instead of asking again. Unverified
 * links are not kept: the next run asks again.
 */

export type ExternalStatus = 'ok' | 'broken' | 'redirect' | 'unverified';

export interface ExternalVerdict {
  status: ExternalStatus;
  /** Why, in words: `404 Not Found`, `301 to https://…`, `timed out after 10 s`. */
  detail: string;
  /** Where a permanent redirect leads (the last URL of the chain). */
  location?: string;
}

export interface ExternalOptions {
  /** Each request's time limit, headers and body (default 10 s). */
  timeoutMs?: number;
  /** Requests at once to one host (default 2). */
  perHost?: number;
  /** Least time between two requests started to one host (default 200 ms). */
  pacingMs?: number;
  /** Requests at once in all (default 8). */
  concurrency?: number;
  /** Retries after a 429 or 503 (default 2). */
  retries?: number;
  /** Longest Retry-After waited for (default 30 s). */
  maxRetryAfterMs?: number;
  cache?: ExternalCache;
  signal?: AbortSignal;
  /** Called with the URLs checked so far and how many there are. */
  onProgress?: (done: number, total: number) => void;
  /** For tests: the dispatcher to send with (default: an Agent of its own). */
  dispatcher?: Dispatcher;
  /** For tests: how to wait (default: a timer). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

export const MAX_REDIRECTS = 10;
const BODY_READ = 64 * 1024;
export const USER_AGENT = 'docs-link-check (+https://www.npmjs.com/package/docs)';

/** Whether a link's target is one `--external` checks: http(s), or protocol-relative (checked as https). */
export function externalUrl(target: string): string | undefined {
  const text = target.trim();
  if (text.startsWith('//')) return `https:${text}`;
  return /^https?:\/\//i.test(text) ? text : undefined;
}

/* ---------- Cache ---------- */

interface CacheEntry {
  status: Exclude<ExternalStatus, 'unverified'>;
  detail: string;
  location?: string;
  checkedAt: string;
}

export class CacheFileError extends Error {
  override name = 'CacheFileError';
}

/** The verdicts of earlier runs, in a JSON file: `{ "version": 1, "entries": { url: { status, detail, checkedAt } } }`. */
export class ExternalCache {
  private readonly entries = new Map<string, CacheEntry>();
  private changed = false;

  /**
   * Reads `file` (a missing one is an empty cache). A file that is not a cache this command wrote is
   * an error, and it is left as it is: it may be something else given by mistake.
   */
  constructor(
    readonly file: string,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw new CacheFileError(`Cannot read the link cache ${file}: ${(err as Error).message}`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    const entries = (data as { version?: unknown; entries?: unknown } | undefined)?.entries;
    if ((data as { version?: unknown } | undefined)?.version !== 1 || !entries || typeof entries !== 'object')
      throw new CacheFileError(
        `${file} is not a link cache written by this command (left as it is): give another file to --external-cache`,
      );
    for (const [url, entry] of Object.entries(entries as Record<string, CacheEntry>)) {
      if (
        entry &&
        ['ok', 'broken', 'redirect'].includes(entry.status) &&
        typeof entry.detail === 'string' &&
        !Number.isNaN(Date.parse(entry.checkedAt))
      )
        this.entries.set(url, entry);
    }
  }

  /** A verdict younger than the TTL. */
  get(url: string): ExternalVerdict | undefined {
    const entry = this.entries.get(url);
    if (!entry || this.now() - Date.parse(entry.checkedAt) >= this.ttlMs) return undefined;
    return { status: entry.status, detail: entry.detail, ...(entry.location !== undefined ? { location: entry.location } : {}) };
  }

  set(url: string, verdict: ExternalVerdict): void {
    if (verdict.status === 'unverified') return;
    this.entries.set(url, {
      status: verdict.status,
      detail: verdict.detail,
      ...(verdict.location !== undefined ? { location: verdict.location } : {}),
      checkedAt: new Date(this.now()).toISOString(),
    });
    this.changed = true;
  }

  /** Writes the file (through a temporary file, so a stopped run leaves the old one whole), expired entries left out. */
  save(): void {
    if (!this.changed) return;
    const entries: Record<string, CacheEntry> = {};
    for (const url of [...this.entries.keys()].sort()) {
      const entry = this.entries.get(url) as CacheEntry;
      if (this.now() - Date.parse(entry.checkedAt) < this.ttlMs) entries[url] = entry;
    }
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify({ version: 1, entries }, null, 2)}\n`);
    renameSync(temp, this.file);
    this.changed = false;
  }
}

/* ---------- Pacing ---------- */

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });

/** A slot limiter: `run(task)` waits for one of `size` slots. */
class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** One host's turn: at most `perHost` at once, starts `pacingMs` apart. */
class Host {
  readonly slots: Slots;
  private next = 0;
  constructor(
    perHost: number,
    private readonly pacingMs: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {
    this.slots = new Slots(perHost);
  }
  /** Waits for this host's next start time and takes it. */
  async pace(): Promise<void> {
    const at = Math.max(this.now(), this.next);
    this.next = at + this.pacingMs;
    const wait = at - this.now();
    if (wait > 0) await this.sleep(wait);
  }
}

/* ---------- Checking ---------- */

/** `Retry-After` in ms: seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: number): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  410: 'Gone',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
const statusText = (status: number) => `${status}${REASONS[status] ? ` ${REASONS[status]}` : ''}`;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Checks each URL once (the same URL on several pages is asked once) and gives each one's verdict. */
export async function checkExternal(urls: Iterable<string>, options: ExternalOptions = {}): Promise<Map<string, ExternalVerdict>> {
  const unique = [...new Set(urls)];
  const now = options.now ?? Date.now;
  const sleep = (ms: number) => (options.sleep ?? defaultSleep)(ms, options.signal);
  const own = options.dispatcher === undefined;
  const dispatcher =
    options.dispatcher ??
    new Agent({
      headersTimeout: options.timeoutMs ?? 10_000,
      bodyTimeout: options.timeoutMs ?? 10_000,
      connect: { timeout: options.timeoutMs ?? 10_000 },
    });
  const all = new Slots(options.concurrency ?? 8);
  const hosts = new Map<string, Host>();
  const hostOf = (key: string) => {
    let host = hosts.get(key);
    if (!host) {
      host = new Host(options.perHost ?? 2, options.pacingMs ?? 200, now, sleep);
      hosts.set(key, host);
    }
    return host;
  };
  const context: Context = { dispatcher, hostOf, all, sleep, now, options };
  const verdicts = new Map<string, ExternalVerdict>();
  let done = 0;
  options.onProgress?.(0, unique.length);
  try {
    await Promise.all(
      unique.map(async (url) => {
        const cached = options.cache?.get(url);
        const verdict = cached ?? (await checkOne(url, context));
        if (!cached) options.cache?.set(url, verdict);
        verdicts.set(url, verdict);
        options.onProgress?.(++done, unique.length);
      }),
    );
  } finally {
    if (own) await dispatcher.close().catch(() => undefined);
  }
  return verdicts;
}

interface Context {
  dispatcher: Dispatcher;
  hostOf: (host: string) => Host;
  all: Slots;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  options: ExternalOptions;
}

type Answer = { status: number; location?: string; retryAfter?: string | string[] } | { error: string; definite: boolean };

/** One request, paced for its host, its body dropped. */
async function ask(url: URL, method: 'HEAD' | 'GET', context: Context): Promise<Answer> {
  const host = context.hostOf(url.host.toLowerCase());
  return host.slots.run(() =>
    context.all.run(async () => {
      await host.pace();
      const timeoutMs = context.options.timeoutMs ?? 10_000;
      const { signal } = context.options;
      try {
        const response = await request(url.href, {
          dispatcher: context.dispatcher,
          method,
          headers: { 'user-agent': USER_AGENT, accept: '*/*' },
          ...(signal ? { signal } : {}),
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        // A GET is asked for its status only: at most BODY_READ bytes of its body are read, the rest dropped.
        await response.body.dump({ limit: BODY_READ }).catch(() => undefined);
        const location = response.headers.location;
        const retryAfter = response.headers['retry-after'];
        return {
          status: response.statusCode,
          ...(typeof location === 'string' ? { location } : {}),
          ...(retryAfter !== undefined ? { retryAfter } : {}),
        };
      } catch (err) {
        if (context.options.signal?.aborted) throw err;
        const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
        if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
          return { error: `timed out after ${seconds(timeoutMs)}`, definite: false };
        if (code === 'ENOTFOUND') return { error: `host ${url.hostname} not found`, definite: true };
        return { error: `no answer (${code ?? (err as Error).message})`, definite: false };
      }
    }),
  );
}

/** One answer, retried on 429 and 503 as Retry-After says. */
async function askWithRetries(url: URL, method: 'HEAD' | 'GET', context: Context): Promise<Answer> {
  const retries = context.options.retries ?? 2;
  for (let attempt = 0; ; attempt++) {
    const answer = await ask(url, method, context);
    if ('error' in answer || (answer.status !== 429 && answer.status !== 503) || attempt >= retries) return answer;
    const wait = retryAfterMs(answer.retryAfter, context.now()) ?? 1000 * 2 ** attempt;
    if (wait > (context.options.maxRetryAfterMs ?? 30_000)) return answer;
    await context.sleep(wait);
  }
}

async function checkOne(raw: string, context: Context): Promise<ExternalVerdict> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { status: 'broken', detail: 'not a valid URL' };
  }
  const hops: string[] = [];
  let permanent = false;
  for (let redirects = 0; ; redirects++) {
    let answer = await askWithRetries(url, 'HEAD', context);
    // HEAD refused (or answered differently from GET, as some servers do): GET decides.
    if (!('error' in answer) && answer.status >= 400 && answer.status !== 429 && answer.status !== 503)
      answer = await askWithRetries(url, 'GET', context);
    if ('error' in answer) return { status: answer.definite ? 'broken' : 'unverified', detail: via(hops, answer.error) };
    const { status } = answer;
    if (status >= 300 && status < 400 && answer.location !== undefined) {
      if (redirects >= MAX_REDIRECTS) return { status: 'unverified', detail: via(hops, `more than ${MAX_REDIRECTS} redirects`) };
      let next: URL;
      try {
        next = new URL(answer.location, url);
      } catch {
        return { status: 'broken', detail: via(hops, `${status} to an invalid location`) };
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:') return { status: 'ok', detail: via(hops, `${status} to ${next.href}`) };
      if (status === 301 || status === 308) permanent = true;
      hops.push(`${status} to ${next.href}`);
      url = next;
      continue;
    }
    if (status >= 200 && status < 400) {
      const detail = via(hops, statusText(status));
      return permanent ? { status: 'redirect', detail, location: url.href } : { status: 'ok', detail };
    }
    if (status === 429) return { status: 'unverified', detail: via(hops, `rate limited (${statusText(status)})`) };
    if (status === 401 || status === 403 || status >= 500) return { status: 'unverified', detail: via(hops, statusText(status)) };
    return { status: 'broken', detail: via(hops, statusText(status)) };
  }
}

const via = (hops: readonly string[], last: string) => [...hops, last].join(', then ');
