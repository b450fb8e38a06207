import type { z } from 'zod';
import { listOf, listQuery } from './schemas/common.js';
import { lazy, plain } from './schemas/lazy.js';
import { OPENAPI_SLUG } from './schemas/openapi.js';
import { ValidationError } from './validation.js';

/**
 * One operation of the contract, as data. The client, the emulator's router, the CLI and the
 * coverage tests are all driven by these entries (see src/api/operations/).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Path parameters that also take a number: `changeRequestId` is the change request's id or its
 * number within the space (contract Conventions 6). Every other path parameter is an opaque string.
 */
export const NUMERIC_PATH_PARAMS = ['changeRequestId'] as const;
type NumericPathParam = (typeof NUMERIC_PATH_PARAMS)[number];

/**
 * Longest value of a path parameter. The contract bounds the OpenAPI slug; a domain name has 253
 * characters at most; every other id is opaque, and no id comes near 512 characters, while a server
 * answers a 10 kB path with 431 (or a bare 400). Checked before sending, like the body's bounds.
 */
export const MAX_PATH_PARAM_LENGTH = 512;
const PATH_PARAM_MAX: Readonly<Record<string, number>> = { specSlug: OPENAPI_SLUG.max, emailDomain: 253 };

/** `{spaceId: string, changeRequestId: string | number}` from '/v1/spaces/{spaceId}/change-requests/{changeRequestId}'. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: K extends NumericPathParam ? string | number : string } & PathParams<Rest>
  : {};

export interface OperationSpec<
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
  BR extends boolean = boolean,
  I extends string = string,
> {
  /** The official spec's operationId (listSites, mergeChangeRequest, ...). */
  id: I;
  method: HttpMethod;
  /** Full path including the `/v1` prefix, with `{param}` placeholders. */
  path: P;
  /** One-line description, from the contract; used in CLI help and docs. */
  summary: string;
  /** Query schema (a z.object of optional fields, built with the `q*` helpers in schemas/common.ts). */
  query?: Q;
  /** Body schema: strict, carrying every bound of the contract. */
  body?: B;
  /** True when the body is required (otherwise it may be omitted entirely); callers' types follow it. */
  bodyRequired?: BR;
  /**
   * Success statuses. Optional where the method decides them for every operation of the contract
   * (`DEFAULT_SUCCESS`: GET and PATCH 200, DELETE 204 and 205); a POST or PUT says its own (200 or
   * 201 with content, 204 without, both 200 and 201 for a create-or-update).
   */
  success?: readonly number[];
  /** Lenient response schema; undefined when the success response has no content. */
  response?: R;
  /** True for list operations answering the `{items, next, count}` envelope with `page`/`limit`. */
  paginated?: boolean;
  /**
   * Repeating the request leaves the same state as sending it once, so the transport may send it
   * again when the connection drops after it was written. Default: every method but POST (each
   * PATCH of the contract sets absolute values); set it where an operation differs.
   */
  idempotent?: boolean;
}

export interface Operation<
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
  BR extends boolean = boolean,
  I extends string = string,
> extends OperationSpec<P, Q, B, R, BR, I> {
  /** Path parameter names in order of appearance. */
  pathParams: readonly string[];
  success: readonly number[];
  idempotent: boolean;
}

/**
 * The success statuses of every GET, PATCH and DELETE of the contract: 200 with content; a DELETE answers 204
 * when the target did not exist and 205 when it removed it (the official spec documents both on all 18).
 */
export const DEFAULT_SUCCESS = { GET: [200], PATCH: [200], DELETE: [204, 205] } as const satisfies Partial<
  Record<HttpMethod, readonly number[]>
>;

/** A POST or PUT names its success statuses; the other methods may leave them to `DEFAULT_SUCCESS`. */
type SuccessRule<M extends HttpMethod> = M extends keyof typeof DEFAULT_SUCCESS ? unknown : { success: readonly number[] };

const SCHEMA_KEYS = ['query', 'body', 'response'] as const;

export function defineOperation<
  const P extends string,
  const I extends string,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
  const BR extends boolean = false,
  const M extends HttpMethod = HttpMethod,
>(spec: OperationSpec<P, Q, B, R, BR, I> & { method: M } & SuccessRule<M>): Operation<P, Q, B, R, BR, I> {
  const pathParams = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const success = spec.success ?? (DEFAULT_SUCCESS as Partial<Record<HttpMethod, readonly number[]>>)[spec.method];
  if (success === undefined) throw new Error(`${spec.id}: a ${spec.method} operation names its success statuses`);
  const op = { ...spec, pathParams, success, idempotent: spec.idempotent ?? spec.method !== 'POST' };
  // Each schema is built when it is first read (a command reads only those of the operations it sends), and read
  // as the plain zod schema, never as the stand-in the table declares it with (src/api/schemas/lazy.ts).
  for (const key of SCHEMA_KEYS) {
    const declared = spec[key];
    if (declared === undefined) continue;
    let schema: z.ZodType | undefined;
    Object.defineProperty(op, key, { enumerable: true, get: () => (schema ??= plain(declared)) });
  }
  // Serialised (oclif's manifest copies command statics, logs) as its id, not its zod schemas.
  Object.defineProperty(op, 'toJSON', { value: () => spec.id, enumerable: false });
  return Object.freeze(op);
}

/** A list operation of the contract, for `defineList`. */
export interface ListSpec<P extends string, I extends string, T extends z.ZodType, S extends z.ZodRawShape, Q extends z.ZodType> {
  id: I;
  path: P;
  summary: string;
  /** The schema of one item of the `{items, next, count}` envelope. */
  item: T;
  /** The list's own query parameters beside `page` and `limit` (a function: built the first time the query is read). */
  filters?: () => S;
  /** Or a query schema of its own, `page` and `limit` included (built with `listQuery`). */
  query?: Q;
}

/**
 * A paginated list (contract Conventions 5): a GET answering 200 with the list envelope of `item`s, whose query is
 * `page`, `limit` and the list's `filters`.
 */
export function defineList<
  const P extends string,
  const I extends string,
  T extends z.ZodType,
  S extends z.ZodRawShape = Record<never, never>,
  Q extends z.ZodType = ReturnType<typeof listQuery<S>>,
>(spec: ListSpec<P, I, T, S, Q>): Operation<P, Q, undefined, ReturnType<typeof listOf<T>>, false, I> {
  const { id, path, summary, item, filters, query } = spec;
  return defineOperation({
    id,
    method: 'GET',
    path,
    summary,
    query: query ?? (lazy(() => listQuery(filters?.() ?? ({} as S))) as unknown as Q),
    response: lazy(() => listOf(item)),
    paginated: true,
  });
}

type OutputOf<S> = S extends z.ZodType ? z.output<S> : void;

/** `query` is required when its schema has a required field (search `query`), optional otherwise. */
type QueryParams<Q> = Q extends z.ZodType ? ({} extends z.input<Q> ? { query?: z.input<Q> } : { query: z.input<Q> }) : {};
/** `body` is required exactly when the operation says so (`bodyRequired`). */
type BodyParams<B, BR> = B extends z.ZodType ? (BR extends true ? { body: z.input<B> } : { body?: z.input<B> }) : {};
/** Flattens intersections so editors show one object type. */
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** What a caller passes: path params at top level, plus `query` and `body` when the operation has them. */
export type OperationParams<O> =
  O extends Operation<infer P, infer Q, infer B, infer _R, infer BR, infer _I>
    ? Simplify<PathParams<P> & QueryParams<Q> & BodyParams<B, BR>>
    : never;

/** What the caller gets back (void for no-content responses). */
export type OperationResult<O> = O extends Operation<string, infer _Q, infer _B, infer R, infer _BR, infer _I> ? OutputOf<R> : never;

/** The item type of a paginated operation's envelope. */
export type OperationItem<O> = OperationResult<O> extends { items: Array<infer I> } ? I : never;

/**
 * Fill `{param}` placeholders, URL-encoding each value. Throws a ValidationError naming the
 * parameter when it is missing, empty, of the wrong type, or a dot segment: URL parsers collapse
 * `.` and `..` (even percent-encoded), so `commentId: '..'` would turn
 * DELETE /v1/spaces/s/comments/.. into DELETE /v1/spaces/s.
 */
export function buildPath(op: Pick<Operation, 'path' | 'pathParams'>, params: Record<string, unknown>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathParamText(name, params[name])));
}

function pathParamText(name: string, value: unknown): string {
  if (value === undefined || value === null) throw ValidationError.at([name], `required`);
  if ((NUMERIC_PATH_PARAMS as readonly string[]).includes(name)) {
    if (typeof value === 'number') {
      if (!Number.isSafeInteger(value) || value < 0) throw ValidationError.at([name], `must be an id or a whole number, got ${value}`);
      return String(value);
    }
    if (typeof value !== 'string') throw ValidationError.at([name], `must be a string or a number`);
  } else if (typeof value !== 'string') {
    throw ValidationError.at([name], `must be a string`);
  }
  if (value === '') throw ValidationError.at([name], `must not be empty`);
  if (value === '.' || value === '..') throw ValidationError.at([name], `must not be "${value}" (it would change the request path)`);
  const max = PATH_PARAM_MAX[name] ?? MAX_PATH_PARAM_LENGTH;
  if (value.length > max) throw ValidationError.at([name], `must be at most ${max} characters (got ${value.length})`);
  return value;
}
