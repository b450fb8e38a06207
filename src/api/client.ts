import { areas, operationsById } from './operations/index.js';
import { buildPath, MissingPathParamError, type Operation, type OperationItem, type OperationParams, type OperationResult } from './operation.js';
import { HttpClient, type HttpOptions } from './http.js';
import { paginate, type PaginateOptions } from './paginate.js';
import { ResponseError } from './errors.js';
import { formatIssues, validate, ValidationError } from './validation.js';

export interface CallOptions {
  signal?: AbortSignal;
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

type Areas = typeof areas;
type AreaMethods<A> = {
  [K in keyof A]: A[K] extends Operation
    ? (params: OperationParams<A[K]>, options?: CallOptions) => Promise<OperationResult<A[K]>>
    : never;
};
export type ClientAreas = { [A in keyof Areas]: AreaMethods<Areas[A]> };
export type OperationId = keyof typeof operationsById;

export interface DocsClientOptions extends HttpOptions {
  /** Validate responses with the lenient schemas (default true). */
  validateResponses?: boolean;
}

/**
 * The typed client: one method per operation of the contract, grouped by area
 * (`client.changeRequests.merge({spaceId, changeRequestId})`), generated from the operation table.
 */
export class DocsClient {
  readonly http: HttpClient;
  private readonly validateResponses: boolean;

  constructor(options: DocsClientOptions) {
    this.http = new HttpClient(options);
    this.validateResponses = options.validateResponses ?? true;
    for (const [areaName, ops] of Object.entries(areas)) {
      const methods: Record<string, unknown> = {};
      for (const [name, op] of Object.entries(ops as Record<string, Operation>)) {
        methods[name] = (params: Record<string, unknown>, opts?: CallOptions) => this.call(op, params, opts);
      }
      Object.defineProperty(this, areaName, { value: Object.freeze(methods), enumerable: true });
    }
  }

  /** Validate and build the request for `op` without sending it. */
  prepare(op: Operation, params: Record<string, unknown> = {}): PreparedRequest {
    let path: string;
    try {
      path = buildPath(op, params);
    } catch (err) {
      if (err instanceof MissingPathParamError) throw new ValidationError(err.message);
      throw err;
    }
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
      if (body === undefined && op.bodyRequired) throw new ValidationError('body: required');
      if (body !== undefined) body = validate(op.body, body, 'body');
    } else if (body !== undefined) {
      throw new ValidationError(`${op.id} takes no request body`);
    }
    // Re-serialise the typed query as the wire form (booleans and numbers as strings is the transport's job).
    return { operation: op, method: op.method, path, url: this.http.url(path, query), query, body };
  }

  /** Call an operation by its table entry. */
  async call<O extends Operation>(op: O, params: OperationParams<O> | Record<string, unknown>, options: CallOptions = {}): Promise<OperationResult<O>> {
    const req = this.prepare(op, params as Record<string, unknown>);
    const res = await this.http.request({ method: req.method, path: req.path, query: req.query, body: req.body, signal: options.signal, expectBody: op.response !== undefined });
    if (!op.response) return undefined as OperationResult<O>;
    if (res.body === undefined) {
      throw new ResponseError(`${op.method} ${req.path}: expected a JSON body but the response (HTTP ${res.status}) was empty`, res.status);
    }
    if (!this.validateResponses) return res.body as OperationResult<O>;
    const parsed = op.response.safeParse(res.body);
    if (!parsed.success) {
      throw new ResponseError(`${op.method} ${req.path}: unexpected response shape (${formatIssues(parsed.error.issues, 'response')})`, res.status);
    }
    return parsed.data as OperationResult<O>;
  }

  /** Call an operation by its official operationId (`mergeChangeRequest`). */
  request(id: OperationId | string, params: Record<string, unknown> = {}, options: CallOptions = {}): Promise<unknown> {
    const op = (operationsById as Record<string, Operation>)[id];
    if (!op) throw new ValidationError(`unknown operation "${id}"`);
    return this.call(op, params, options);
  }

  /** Iterate every item of a paginated operation, one page in memory at a time. */
  paginate<O extends Operation>(op: O, params: OperationParams<O> | Record<string, unknown>, options: PaginateOptions & CallOptions = {}): AsyncGenerator<OperationItem<O>> {
    if (!op.paginated) throw new ValidationError(`${op.id} is not a paginated list`);
    const base = params as Record<string, unknown>;
    return paginate(
      (page, limit) =>
        this.call(op, { ...base, query: { ...(base.query as object | undefined), page, limit } }, options) as Promise<{ items: OperationItem<O>[]; next?: { page: string } | null }>,
      options,
    );
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}

// The area methods are attached at construction; this merges their types into the class.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DocsClient extends ClientAreas {}
