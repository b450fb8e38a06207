import type { z } from 'zod';
import { buildPath, type Operation, type OperationItem, type OperationParams, type OperationResult } from './operation.js';
import { HttpClient, type HttpOptions } from './http.js';
import type { RateLimitState } from './rate-limit.js';
import { paginate, paginateLines, type LinesPage, type Page, type PaginateOptions } from './paginate.js';
import { JSON_LINES, ScannedPage, scanListPage, type WithJsonLines } from './json-lines.js';
import { ResponseError } from './errors.js';
import { formatIssues, validate, ValidationError } from './validation.js';

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * A lighter check of the answer in place of the operation's full response schema, for an answer too
   * large to parse whole in good time (the page tree of a 10,000-page space): given the body, it
   * returns what is wrong (`response.pages.3.id: expected a string`) or undefined. For a caller that
   * reads nothing the check does not cover. The body is returned as it came: the response schemas
   * transform nothing, so it is what the full parse would have given. `call` only: a paginated list
   * is checked lightly already.
   */
  validate?: (body: unknown) => string | undefined;
}

/** A prepared request: what would be sent (used by `--dry-run` and by the client itself). */
export interface PreparedRequest {
  operation: Operation;
  method: string;
  path: string;
  url: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface DocsClientOptions extends HttpOptions {
  /** Validate responses with the lenient schemas (default true). */
  validateResponses?: boolean;
}

/**
 * Sends one operation given as its table entry (`spaces.get`): validate, send, check the answer, page.
 * It imports no operation table, so a command that calls one or two operations loads only their
 * areas' schemas; DocsClient (client.ts) adds the per-area methods and `request(id)` on top of it.
 */
export class OperationClient {
  readonly http: HttpClient;
  private readonly validateResponses: boolean;

  /** `http`: connections to share with another client of the same command (same URL and token). */
  constructor(options: DocsClientOptions, http?: HttpClient) {
    this.http = http ?? new HttpClient(options);
    this.validateResponses = options.validateResponses ?? true;
  }

  /**
   * The rate limit as the last answer described it (`{kind, limit, remaining, resetAt}`), undefined before an answer
   * carried the `X-RateLimit-*` headers. Requests wait on it (`rateLimit.maxWaitMs` in the options sets how long).
   */
  get rateLimit(): RateLimitState | undefined {
    return this.http.rateLimit;
  }

  /** Validate and build the request for `op` without sending it. */
  prepare(op: Operation, params: Record<string, unknown> = {}): PreparedRequest {
    // A filter put beside the path parameters instead of under `query` would otherwise be dropped silently.
    const extra = Object.keys(params).filter((key) => key !== 'query' && key !== 'body' && !op.pathParams.includes(key));
    if (extra.length > 0) {
      const names = extra.map((k) => JSON.stringify(k)).join(', ');
      const takes = [...op.pathParams, ...(op.query ? ['query'] : []), ...(op.body ? ['body'] : [])].join(', ') || 'nothing';
      throw new ValidationError(`${op.id}: unknown parameter${extra.length === 1 ? '' : 's'} ${names} (it takes ${takes})`);
    }
    const path = buildPath(op, params);
    const rawQuery = params.query as Record<string, unknown> | undefined;
    // An absent query is validated as `{}` so that required parameters (search `query`) are enforced.
    let query = rawQuery;
    if (op.query) {
      const parsed = validate(op.query, rawQuery ?? {}) as Record<string, unknown>;
      query = rawQuery === undefined && Object.keys(parsed).length === 0 ? undefined : parsed;
    }
    if (!op.query && rawQuery && Object.keys(rawQuery).length > 0) {
      throw new ValidationError(`${op.id} takes no query parameters`);
    }
    let body = params.body;
    if (op.body) {
      if (body === undefined && op.bodyRequired) throw ValidationError.at(['body'], 'required');
      if (body !== undefined) body = validate(op.body, body, 'body');
    } else if (body !== undefined) {
      throw new ValidationError(`${op.id} takes no request body`);
    }
    // Re-serialise the typed query as the wire form (booleans and numbers as strings is the transport's job).
    return { operation: op, method: op.method, path, url: this.http.url(path, query), query, body };
  }

  /** Call an operation by its table entry. */
  async call<O extends Operation>(op: O, params: OperationParams<O>, options: CallOptions = {}): Promise<OperationResult<O>> {
    const { body, path, status } = await this.send(op, params, options);
    if (!op.response) return undefined as OperationResult<O>;
    if (!this.validateResponses) return body as OperationResult<O>;
    if (options.validate) {
      const problem = options.validate(body);
      if (problem !== undefined) throw new ResponseError(`${op.method} ${path}: unexpected response shape (${problem})`, status);
      return body as OperationResult<O>;
    }
    const parsed = op.response.safeParse(body);
    if (!parsed.success) {
      throw new ResponseError(`${op.method} ${path}: unexpected response shape (${formatIssues(parsed.error.issues, 'response')})`, status);
    }
    return parsed.data as OperationResult<O>;
  }

  private async send(
    op: Operation,
    params: Record<string, unknown>,
    options: CallOptions,
    read?: (bytes: Buffer, release: () => void) => unknown,
  ) {
    const req = this.prepare(op, params);
    const res = await this.http.request({
      method: req.method,
      path: req.path,
      query: req.query,
      body: req.body,
      signal: options.signal,
      expectBody: op.response !== undefined,
      idempotent: op.idempotent,
      read,
    });
    if (op.response && res.body === undefined) {
      throw new ResponseError(`${op.method} ${req.path}: expected a JSON body but the response (HTTP ${res.status}) was empty`, res.status);
    }
    return { body: res.body, path: req.path, status: res.status };
  }

  /** One page of a list, checked by `checkPage`. */
  private async page<O extends Operation>(op: O, params: Record<string, unknown>, options: CallOptions): Promise<Page<OperationItem<O>>> {
    const { body, path, status } = await this.send(op, params, options);
    return this.checkPage(op, body, path, status) as Page<OperationItem<O>>;
  }

  /**
   * A page of a list checked for what paging relies on: the envelope (`items`, `next`, `count`), the
   * first item against the operation's lenient item schema, and every other item only for being an
   * object. A full parse of every item cost more than the request on long lists; the response schemas
   * transform nothing, so the items are the same either way.
   */
  private checkPage(op: Operation, body: unknown, path: string, status: number): Page<unknown> {
    if (!this.validateResponses) return body as Page<unknown>;
    const fail = failure(op, path, status);
    if (!isObject(body)) throw fail('response: expected an object');
    const { items } = body;
    if (!Array.isArray(items)) throw fail('response.items: expected an array');
    checkEnvelope(body, fail);
    if (items.length > 0) checkFirstItem(op, items[0], fail);
    const bad = items.findIndex((i) => !isObject(i));
    if (bad !== -1) throw fail(`response.items.${bad}: expected an object`);
    return body as unknown as Page<unknown>;
  }

  /**
   * One page of a list as JSON lines, checked as `checkPage` checks it. When the body is in the form
   * JSON.stringify gives (src/api/json-lines.ts), the lines are cut from its bytes and only the envelope
   * and the first item are parsed; otherwise it is parsed and each item serialised, to the same lines.
   */
  private async linesPage(op: Operation, params: Record<string, unknown>, options: CallOptions): Promise<LinesPage> {
    const { body, path, status } = await this.send(op, params, options, scanListPage);
    if (body instanceof ScannedPage) {
      if (this.validateResponses) {
        const fail = failure(op, path, status);
        checkEnvelope(body.envelope, fail);
        const first = body.firstItem();
        if (first !== undefined) checkFirstItem(op, JSON.parse(first), fail);
      }
      const { next, count } = body.envelope as Omit<Page<unknown>, 'items'>;
      return { next, count, size: body.ends.length, lines: (n) => body.lines(n), release: body.release };
    }
    const checked: unknown = this.checkPage(op, body, path, status);
    // Unchecked (validateResponses false), a body that is no list fails in paginate as it does for items.
    const page = (isObject(checked) ? checked : {}) as Partial<Page<unknown>>;
    const items = page.items ?? [];
    return {
      next: page.next,
      count: page.count,
      size: Array.isArray(page.items) ? items.length : undefined,
      lines: (n) => {
        let text = '';
        for (let i = 0; i < n; i++) text += `${JSON.stringify(items[i])}\n`;
        return text;
      },
    };
  }

  /**
   * Iterate every item of a paginated operation, one page in memory at a time. The generator also offers
   * the items as JSON lines a page at a time (JSON_LINES, src/api/json-lines.ts), which `--all --json` writes.
   */
  paginate<O extends Operation>(
    op: O,
    params: OperationParams<O>,
    options: PaginateOptions & CallOptions = {},
  ): AsyncGenerator<OperationItem<O>> {
    if (!op.paginated) throw new ValidationError(`${op.id} is not a paginated list`);
    const base = params as Record<string, unknown>;
    const query = (page: string | undefined, limit: number) => ({ ...base, query: { ...(base.query as object | undefined), page, limit } });
    const items = paginate((page, limit) => this.page(op, query(page, limit), options), options);
    const lines: WithJsonLines = {
      [JSON_LINES]: () => paginateLines((page, limit) => this.linesPage(op, query(page, limit), options), options),
    };
    return Object.assign(items, lines);
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const failure = (op: Operation, path: string, status: number) => (what: string) =>
  new ResponseError(`${op.method} ${path}: unexpected response shape (${what})`, status);

/** `next` and `count` of a page's envelope, as the contract has them. */
function checkEnvelope(body: { next?: unknown; count?: unknown }, fail: (what: string) => Error): void {
  const { next, count } = body;
  if (next !== undefined && next !== null && !(isObject(next) && typeof next.page === 'string'))
    throw fail('response.next: expected an object with a string "page", or null');
  if (count !== undefined && typeof count !== 'number') throw fail('response.count: expected a number');
}

/** The first item of a page against the operation's item schema. */
function checkFirstItem(op: Operation, item: unknown, fail: (what: string) => Error): void {
  const schema = (op.response as { shape?: { items?: { element?: z.ZodType } } } | undefined)?.shape?.items?.element;
  if (!schema) return;
  const parsed = schema.safeParse(item);
  if (!parsed.success) throw fail(formatIssues(parsed.error.issues, 'response.items.0'));
}
