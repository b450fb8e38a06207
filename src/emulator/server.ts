import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { writePrivateFile } from '../api/private-files.js';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { allOperations } from '../api/operations/index.js';
import type { Operation } from '../api/operation.js';
import { Store } from './store/store.js';
import { handlers as allHandlers } from './handlers/index.js';
import { errorBody, MAX_BODY_BYTES, Router, type RouterResult } from './router.js';
import { FaultInjector, faultSeed, parseFaults, type FaultAction } from './faults.js';
import { loggablePath, RequestLog } from './log.js';
import {
  clientId,
  DEFAULT_RATE_LIMIT,
  formatRateLimit,
  parseRateLimit,
  RateLimiter,
  rateLimitHeaders,
  rateLimitKey,
  rateLimitMessage,
  type Limit,
  type RateLimitVerdict,
} from './rate-limit.js';
import { applySeed, listTokens, loadSeed, type SeedSource, type TokenInfo } from './seed/index.js';
import { JsonText, type EmulatorContext, type Handlers } from './types.js';
import { serveContentAsset } from './domain/assets.js';
import { hostPolicy, resolveFilesRoot } from './host.js';
import { prepareDataDir, replaceDemoTokens, restrictFiles } from './data-dir.js';

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** `'demo'`, a JSON file path, or a seed object; applied only to an empty store. */
  seed?: SeedSource;
  /** Keep everything in SQLite under this directory (restarts keep data); in memory otherwise. */
  dataDir?: string;
  /** Injectable clock (tests move it). */
  clock?: () => Date;
  /** Fault injection spec, e.g. `503=0.1,429=0.05,reset=0.02,delay=300ms@0.05`. */
  faults?: string;
  /** Seed of the fault generator (default: DOCS_EMULATOR_FAULT_SEED, else random). */
  faultSeed?: string | number;
  /**
   * The rate limit per token, as the service applies it (rate-limit.ts): `60/1m`, `reads=60/1m,writes=10/1m` or
   * `off`. Default: DOCS_EMULATOR_RATE_LIMIT, else 100000/1m (src/emulator/README.md, "Rate limits").
   */
  rateLimit?: string;
  /** Wall clock of the rate limit in ms (tests); Date.now otherwise. `clock` does not move it. */
  rateLimitClock?: () => number;
  /** Append one JSON line per request to this file. */
  log?: string;
  /** Replace the handler table (tests). */
  handlers?: Partial<Handlers>;
  /** Serve this store instead of opening one (tests start many emulators from one snapshot). */
  store?: Store;
  /** Local files and git repositories are read (and exported to) only under this directory; none without it. */
  filesRoot?: string;
  /** Most bytes read from any import source (file, http body, uncompressed zip); default 50 MiB. */
  maxImportBytes?: number;
  /**
   * Answer requests whatever their Host header (by default only the listen address and localhost,
   * against DNS rebinding), and replace the demo seed's published tokens by random ones.
   */
  allowRemote?: boolean;
}

export interface RunningEmulator {
  /** Base URL, e.g. http://127.0.0.1:43121 (clients append /v1). */
  url: string;
  tokens: TokenInfo[];
  store: Store;
  ctx: EmulatorContext;
  /** The fault injection in effect and the seed that replays it (also in GET /_emulator/health). */
  faults?: { spec: string; seed: number };
  /** The rate limit in effect (also in GET /_emulator/health). */
  rateLimit: RateLimitInfo;
  /** Things the person starting the emulator should know (a data directory open to others). */
  warnings: string[];
  /** Stops in-flight imports and git processes, closes the server, then the database. */
  close(): Promise<void>;
}

const HEALTH_PATH = '/_emulator/health';

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  // Bad options fail before anything is opened.
  const seedOfFaults = faultSeed(options.faultSeed ?? process.env.DOCS_EMULATOR_FAULT_SEED);
  const faults = options.faults ? new FaultInjector(parseFaults(options.faults), seedOfFaults) : undefined;
  const envRateLimit = process.env.DOCS_EMULATOR_RATE_LIMIT?.trim() || undefined;
  const rateLimitPlan =
    options.rateLimit !== undefined
      ? parseRateLimit(options.rateLimit)
      : parseRateLimit(envRateLimit ?? DEFAULT_RATE_LIMIT, envRateLimit !== undefined ? 'DOCS_EMULATOR_RATE_LIMIT' : 'rate limit');
  const limiter = rateLimitPlan.off ? undefined : new RateLimiter(rateLimitPlan, options.rateLimitClock);
  const rateLimit: RateLimitInfo = rateLimitPlan.off
    ? { spec: 'off' }
    : { spec: formatRateLimit(rateLimitPlan), reads: { ...rateLimitPlan.reads }, writes: { ...rateLimitPlan.writes } };
  const seed = options.seed === undefined ? undefined : loadSeed(options.seed);
  const host = options.host ?? '127.0.0.1';
  const filesRoot = options.filesRoot === undefined ? undefined : await resolveFilesRoot(options.filesRoot);
  const warnings = options.dataDir && !options.store ? prepareDataDir(options.dataDir) : [];

  const store = options.store ?? new Store(options.dataDir);
  const shutdown = new AbortController();
  const policy = hostPolicy({ filesRoot, maxImportBytes: options.maxImportBytes, signal: shutdown.signal });
  const ctx: EmulatorContext = { store, now: options.clock ?? (() => new Date()), baseUrl: '', host: policy };
  let log: RequestLog | undefined;
  let server: Server | undefined;
  try {
    if (options.dataDir && !options.store) restrictFiles(options.dataDir);
    if (seed && store.getMeta('seeded') === undefined) {
      applySeed(store, ctx, seed);
      store.setMeta('seeded', ctx.now().toISOString());
    }
    if (options.allowRemote) replaceDemoTokens(store);
    const handlers = options.handlers ?? allHandlers;
    const operations = allOperations as readonly Operation[];
    const router = new Router(operations, handlers, ctx);
    const health: Health = {
      status: 'ok',
      operations: operations.length,
      handlers: operations.filter((op) => op.id in handlers).length,
      storage: store.driver,
      // The seed replays the same faults (DOCS_EMULATOR_FAULT_SEED or the faultSeed option).
      ...(options.faults ? { faults: { spec: options.faults, seed: seedOfFaults } } : {}),
      rateLimit,
    };
    log = options.log ? new RequestLog(options.log) : undefined;
    const requestLog = log;

    // Filled in once the port is known.
    const hosts = new Set<string>();
    const hostRefusal = (value: string | undefined) =>
      options.allowRemote === true || (value !== undefined && hosts.has(value.toLowerCase()))
        ? undefined
        : `Host ${JSON.stringify(value ?? '')} is not this emulator's address; use ${ctx.baseUrl} (or start the emulator with --allow-remote to answer any Host)`;
    server = createServer({ keepAliveTimeout: 10_000 }, (req, res) => {
      void handle(req, res, { router, store, faults, limiter, log: requestLog, health, hostRefusal }).catch((err: unknown) => {
        process.stderr.write(`emulator: ${(err as Error)?.stack ?? String(err)}\n`);
        if (!res.headersSent) send(res, { status: 500, body: errorBody(500, 'The emulator failed to answer') });
        else res.destroy();
      });
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(options.port ?? 0, host, () => {
        listening.off('error', reject);
        resolve();
      });
    });
    const { port } = listening.address() as AddressInfo;
    const urlHost = host.includes(':') ? `[${host}]` : host;
    ctx.baseUrl = `http://${urlHost}:${port}`;
    // A DNS-rebinding page reaches loopback under its own name: only these Host values are answered.
    for (const name of [urlHost, 'localhost', '127.0.0.1', '[::1]']) hosts.add(`${name}:${port}`.toLowerCase());
    hosts.add('localhost');

    const tokens = listTokens(store);
    if (options.dataDir) {
      const file = join(options.dataDir, 'tokens.json');
      writePrivateFile(file, `${JSON.stringify({ url: ctx.baseUrl, tokens }, null, 2)}\n`);
      // 0600 whatever the umask, with the database files.
      restrictFiles(options.dataDir);
    }

    let closed: Promise<void> | undefined;
    return {
      url: ctx.baseUrl,
      tokens,
      store,
      ctx,
      ...(health.faults ? { faults: health.faults } : {}),
      rateLimit,
      warnings,
      close: () =>
        (closed ??= (async () => {
          shutdown.abort();
          await new Promise<void>((resolve) => {
            listening.close(() => resolve());
            listening.closeAllConnections();
          });
          await requestLog?.close();
          store.close();
        })()),
    };
  } catch (err) {
    server?.close();
    await log?.close();
    store.close();
    throw err;
  }
}

interface Health {
  status: string;
  operations: number;
  handlers: number;
  /** The SQLite driver holding the data: node:sqlite, or better-sqlite3 on Node.js 20 (store/sqlite.ts). */
  storage: string;
  faults?: { spec: string; seed: number };
  rateLimit: RateLimitInfo;
}

/** The rate limit in effect: `{spec: 'off'}`, or the spec (normalised, defaults filled in) and each class's limit. */
export interface RateLimitInfo {
  spec: string;
  reads?: Limit;
  writes?: Limit;
}

/** Requests under /v1 are the API: they count against the rate limit and carry its headers; /_emulator/ is not. */
const isApiPath = (url: string) => url.startsWith('/v1') && (url.length === 3 || url[3] === '/' || url[3] === '?');

interface Pipeline {
  router: Router;
  store: Store;
  faults: FaultInjector | undefined;
  limiter: RateLimiter | undefined;
  log: RequestLog | undefined;
  health: Health;
  /** Why a request's Host header is not answered, or undefined when it is. */
  hostRefusal: (host: string | undefined) => string | undefined;
}

async function handle(req: IncomingMessage, res: ServerResponse, p: Pipeline): Promise<void> {
  const started = performance.now();
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  // Set once the request has been counted against the rate limit (requests under /v1).
  let rate: { key: string; verdict: RateLimitVerdict } | undefined;
  const entry = (status: number, operationId?: string, fault?: string) =>
    p.log?.write({
      time: new Date().toISOString(),
      method,
      path: loggablePath(url),
      status,
      ms: Math.round((performance.now() - started) * 100) / 100,
      ...(operationId ? { operationId } : {}),
      ...(fault ? { fault } : {}),
      ...(rate ? { client: clientId(rate.key), class: rate.verdict.class, window: rate.verdict.reset } : {}),
    });

  const refusal = p.hostRefusal(req.headers.host);
  if (refusal) {
    send(res, { status: 421, body: errorBody(421, refusal) });
    entry(421);
    return;
  }

  if (url === HEALTH_PATH || url.startsWith(`${HEALTH_PATH}?`)) {
    const result =
      method === 'GET'
        ? { status: 200, body: p.health }
        : { status: 405, body: errorBody(405, `Method ${method} is not allowed on ${HEALTH_PATH}`) };
    send(res, result);
    entry(result.status);
    return;
  }

  // Download URLs handed out in responses (change request PDFs, file bytes): like the service's
  // signed download links they need no Authorization header.
  if (method === 'GET' && (url.startsWith('/_emulator/pdf/') || url.startsWith('/_emulator/files/'))) {
    const parsed = new URL(url, 'http://emulator');
    let asset;
    try {
      asset = serveContentAsset(p.store, parsed.pathname, parsed.searchParams);
    } catch (err) {
      if (!(err instanceof URIError)) throw err;
      send(res, { status: 400, body: errorBody(400, `path: ${parsed.pathname} is not validly percent-encoded`) });
      entry(400);
      return;
    }
    if (asset) {
      res.writeHead(asset.status, { ...asset.headers, 'content-length': asset.body.length });
      res.end(asset.body);
      entry(asset.status);
      return;
    }
  }

  if (p.limiter && isApiPath(url)) {
    const key = rateLimitKey(req.headers.authorization, req.socket.remoteAddress);
    const verdict = p.limiter.hit(key, method);
    rate = { key, verdict };
    // On the answer, whatever it is (a 4xx, an injected fault, a 500): writeHead adds them to its own headers.
    for (const [name, value] of Object.entries(rateLimitHeaders(verdict))) res.setHeader(name, value);
    if (!verdict.allowed) {
      // As the service: the documented body, no Retry-After; the request is not handled (nor its body read).
      send(res, { status: 429, body: errorBody(429, rateLimitMessage(verdict.retryInSeconds)) });
      entry(429);
      return;
    }
  }

  const body = await readBody(req);
  if (body === 'too-large') {
    res.setHeader('connection', 'close');
    send(res, { status: 413, body: errorBody(413, `body: larger than ${MAX_BODY_BYTES} bytes`) });
    res.once('finish', () => req.destroy());
    entry(413);
    return;
  }

  const fault: { delayMs: number; action: FaultAction } = p.faults ? p.faults.next() : { delayMs: 0, action: { kind: 'none' } };
  // The log names every fault a request met: a delay can come before a reset or a status.
  const faultLabel = (what?: string) =>
    [fault.delayMs > 0 ? `delay=${fault.delayMs}ms` : undefined, what].filter(Boolean).join(',') || undefined;
  if (fault.delayMs > 0) await new Promise((r) => setTimeout(r, fault.delayMs));
  if (fault.action.kind === 'reset') {
    req.socket.destroy();
    entry(0, undefined, faultLabel('reset'));
    return;
  }
  if (fault.action.kind === 'status') {
    const status = fault.action.status;
    if (status === 429) {
      // The shape of a real limit: the documented body, Remaining 0 until the reset of this key's window, no
      // Retry-After. With the limit off there is no window: no headers, and the documentation's 60 seconds.
      if (rate) res.setHeader('X-RateLimit-Remaining', '0');
      send(res, { status, body: errorBody(status, rateLimitMessage(rate && p.limiter ? p.limiter.secondsUntil(rate.verdict.reset) : 60)) });
    } else {
      const headers: Record<string, string> = status === 503 ? { 'retry-after': '1' } : {};
      send(res, { status, body: errorBody(status, `Injected fault: ${status}`), headers });
    }
    entry(status, undefined, faultLabel(String(status)));
    return;
  }

  const authorization = req.headers.authorization;
  const result = await p.router.dispatch({ method, url, body, ...(authorization !== undefined ? { authorization } : {}) });
  send(res, result);
  entry(result.status, result.operationId, faultLabel());
}

const NO_BODY = Buffer.alloc(0);

function readBody(req: IncomingMessage): Buffer | 'too-large' | Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) return 'too-large';
  // Most requests (GETs) have no body: answering them waits for no 'end' event (a tick and listeners each).
  if (declared === 0 && req.headers['transfer-encoding'] === undefined) return NO_BODY;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!done) reject(err);
    });
  });
}

function send(res: ServerResponse, result: RouterResult): void {
  if (result.body instanceof JsonText) {
    const { chunks } = result.body;
    res.writeHead(result.status, {
      ...(result.headers ?? {}),
      'content-type': 'application/json; charset=utf-8',
      'content-length': result.body.byteLength,
    });
    res.cork();
    for (const chunk of chunks) res.write(chunk);
    res.end();
    return;
  }
  const empty = result.status === 204 || result.status === 205 || result.body === undefined;
  const payload = empty ? '' : JSON.stringify(result.body);
  const headers: Record<string, string | number> = { ...(result.headers ?? {}) };
  if (!empty) headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = Buffer.byteLength(payload);
  res.writeHead(result.status, headers);
  res.end(payload);
}
