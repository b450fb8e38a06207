import type { z } from 'zod';
import type { Operation } from '../api/operation.js';
import { parseQuery, RouteTable } from '../api/routes.js';
import type { FieldIssue } from '../api/errors.js';
import { fieldIssue, formatFieldIssue } from '../api/validation.js';
import { checkAccess, policyOf } from './access.js';
import { authenticate } from './auth.js';
import { InvalidCursorError } from './store/store.js';
import { errorBody, HttpError, type EmulatorContext, type HandlerResponse, type Handlers, type RequestBase } from './types.js';

/**
 * From an HTTP request to a handler's answer, in the contract's order: route (404/405), query and
 * body against the operation's own zod schemas (400), bearer token (401), role in the organization
 * the request touches (404/403), then the handler inside one store transaction.
 */

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface RawRequest {
  method: string;
  /** Path and query string, as on the request line. */
  url: string;
  authorization?: string;
  /** The request body (empty when none was sent). */
  body: Buffer;
}

export interface RouterResult extends HandlerResponse {
  operationId?: string;
}

export { errorBody };

const fail = (status: number, message: string, extra: Partial<RouterResult> = {}, issues: readonly FieldIssue[] = []): RouterResult => ({
  status,
  body: errorBody(status, message, issues),
  ...extra,
});

export class Router {
  readonly routes: RouteTable;
  /** Async handlers hold this queue so that no other request's writes land inside their transaction. */
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(
    readonly operations: readonly Operation[],
    /** Every operation's handler; tests replace the table with a few (the others answer 501). */
    readonly handlers: Partial<Handlers>,
    private readonly ctx: EmulatorContext,
  ) {
    this.routes = new RouteTable(operations);
  }

  async dispatch(req: RawRequest): Promise<RouterResult> {
    const queryAt = req.url.indexOf('?');
    const pathname = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
    const search = queryAt === -1 ? '' : req.url.slice(queryAt + 1);

    const route = this.routes.match(req.method, pathname);
    if (route.kind === 'not-found') return fail(404, `No route for ${req.method} ${pathname}`);
    if (route.kind === 'bad-path') return fail(400, route.message);
    if (route.kind === 'method-not-allowed') {
      return fail(405, `Method ${req.method} is not allowed on ${pathname} (allowed: ${route.allow.join(', ')})`, {
        headers: { allow: route.allow.join(', ') },
      });
    }
    const { operation, params } = route;
    const operationId = operation.id;

    const query = parseInput(operation.query, parseQuery(search), undefined);
    if (!query.ok) return fail(400, query.message, { operationId }, query.issues);
    if (!operation.query && Object.keys(query.value as object).length > 0) {
      const keys = Object.keys(query.value as object).map((k) => JSON.stringify(k));
      return fail(400, `unknown query parameter${keys.length === 1 ? '' : 's'} ${keys.join(', ')}`, { operationId });
    }

    const body = parseBody(operation, req.body);
    if (!body.ok) return fail(400, body.message, { operationId }, body.issues);

    // Behind any in-flight async handler: auth and access read committed state only.
    return this.serial(() => this.authorizeAndHandle(req, operation, params, query.value ?? {}, body.value));
  }

  private authorizeAndHandle(
    req: RawRequest,
    operation: Operation,
    params: Record<string, string>,
    query: unknown,
    body: unknown,
  ): RouterResult | Promise<RouterResult> {
    const operationId = operation.id;
    const caller = authenticate(this.ctx.store, req.authorization);
    if (!caller.ok) return fail(401, caller.message, { operationId });

    const access = checkAccess(this.ctx.store, caller.caller.userId, operationId, params);
    if (!access.ok) return fail(access.status, access.message, { operationId });

    const handler = handlerOf(this.handlers, operationId);
    if (!handler) return fail(501, `${operationId} is not implemented by the emulator`, { operationId });

    const failed = (err: unknown): RouterResult => {
      if (err instanceof HttpError) return fail(err.status, err.message, { operationId }, err.issues);
      if (err instanceof InvalidCursorError) return fail(400, err.message, { operationId });
      process.stderr.write(`emulator: ${operationId} failed: ${(err as Error)?.stack ?? String(err)}\n`);
      return fail(500, `The emulator failed while handling ${operationId}: ${(err as Error)?.message ?? String(err)}`, { operationId });
    };
    try {
      const response = this.ctx.store.txAsync(() =>
        handler({
          ctx: this.ctx,
          caller: caller.caller,
          operationId,
          params,
          query,
          body,
          ...(access.organizationId !== undefined && access.role !== undefined
            ? { access: { organizationId: access.organizationId, role: access.role } }
            : {}),
        }),
      );
      if (response instanceof Promise) return response.then((r) => ({ ...withLocation(operation, r), operationId }), failed);
      return { ...withLocation(operation, response), operationId };
    } catch (err) {
      return failed(err);
    }
  }

  /** Run synchronous work at once; queue everything behind an in-flight async handler. */
  private serial<T>(fn: () => T | Promise<T>): T | Promise<T> {
    if (this.pending === 0) {
      const result = fn();
      return result instanceof Promise ? this.track(result) : result;
    }
    return this.track(this.tail.catch(() => undefined).then(fn));
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending++;
    this.tail = promise;
    return promise.finally(() => {
      this.pending--;
    });
  }
}

type Parsed = { ok: true; value: unknown } | { ok: false; message: string; issues?: FieldIssue[] };

function parseInput(schema: z.ZodType | undefined, input: unknown, prefix: string | undefined): Parsed {
  if (!schema) return { ok: true, value: input };
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues.map((issue) => fieldIssue(issue, prefix));
  return { ok: false, message: issues.map(formatFieldIssue).join('; '), issues };
}

function parseBody(operation: Operation, raw: Buffer): Parsed {
  if (raw.length === 0 || raw.toString('utf8').trim() === '') {
    if (operation.body && operation.bodyRequired) return { ok: false, message: 'body: required' };
    return { ok: true, value: undefined };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch (err) {
    return { ok: false, message: `body: not valid JSON (${(err as Error).message})` };
  }
  if (!operation.body) {
    const empty = json !== null && typeof json === 'object' && !Array.isArray(json) && Object.keys(json).length === 0;
    return empty ? { ok: true, value: undefined } : { ok: false, message: `body: ${operation.id} takes no body` };
  }
  return parseInput(operation.body, json, 'body');
}

/** A handler as the router calls it: with what it parsed for the operation, whichever that is. */
type ParsedRequest = RequestBase & { operationId: string; params: Record<string, string>; query: unknown; body: unknown };
type AnyHandler = (req: ParsedRequest) => HandlerResponse | Promise<HandlerResponse>;

function handlerOf(handlers: Partial<Handlers>, operationId: string): AnyHandler | undefined {
  // The one cast between the table and the router: the router has parsed the path, query and body
  // with this operation's own schemas, which is what Handler<operationId> takes; the compiler cannot
  // tie an id known at run time to its handler's type.
  return (handlers as Record<string, AnyHandler | undefined>)[operationId];
}

function withLocation(operation: Operation, response: HandlerResponse): HandlerResponse {
  if (response.status !== 201 || policyOf(operation.id).location !== true) return response;
  const headers = response.headers ?? {};
  if (Object.keys(headers).some((h) => h.toLowerCase() === 'location')) return response;
  const location = (response.body as { urls?: { location?: unknown } } | undefined)?.urls?.location;
  return typeof location === 'string' ? { ...response, headers: { ...headers, location } } : response;
}
