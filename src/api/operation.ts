import type { z } from 'zod';

/**
 * One operation of the contract, as data. The client, the emulator's router, the CLI and the
 * coverage tests are all driven by these entries (see src/api/operations/).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `{spaceId: string, changeRequestId: string}` from '/v1/spaces/{spaceId}/change-requests/{changeRequestId}'. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : {};

export interface OperationSpec<
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** The official spec's operationId (listSites, mergeChangeRequest, ...). */
  id: string;
  method: HttpMethod;
  /** Full path including the `/v1` prefix, with `{param}` placeholders. */
  path: P;
  /** One-line description, from the contract; used in CLI help and docs. */
  summary: string;
  /** Query schema (a z.object of optional fields, built with the `q*` helpers in schemas/common.ts). */
  query?: Q;
  /** Body schema: strict, carrying every bound of the contract. */
  body?: B;
  /** True when the body is required (otherwise it may be omitted entirely). */
  bodyRequired?: boolean;
  /** Success statuses. Deletes accept 204 and 205. */
  success: readonly number[];
  /** Lenient response schema; undefined when the success response has no content. */
  response?: R;
  /** True for list operations answering the `{items, next, count}` envelope with `page`/`limit`. */
  paginated?: boolean;
}

export interface Operation<
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> extends OperationSpec<P, Q, B, R> {
  /** Path parameter names in order of appearance. */
  pathParams: readonly string[];
}

export function defineOperation<
  const P extends string,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(spec: OperationSpec<P, Q, B, R>): Operation<P, Q, B, R> {
  const pathParams = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  return Object.freeze({ ...spec, pathParams });
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : void;

/** What a caller passes: path params at top level, plus `query` and `body` when the operation has them. */
export type OperationParams<O> = O extends Operation<infer P, infer Q, infer B, infer _R>
  ? PathParams<P> &
      (Q extends z.ZodType ? { query?: InputOf<Q> } : {}) &
      (B extends z.ZodType ? { body?: InputOf<B> } : {})
  : never;

/** What the caller gets back (void for no-content responses). */
export type OperationResult<O> = O extends Operation<string, infer _Q, infer _B, infer R> ? OutputOf<R> : never;

/** The item type of a paginated operation's envelope. */
export type OperationItem<O> = OperationResult<O> extends { items: Array<infer I> } ? I : never;

/** Fill `{param}` placeholders, URL-encoding each value. Throws on a missing or empty parameter. */
export function buildPath(op: Pick<Operation, 'path' | 'pathParams'>, params: Record<string, unknown>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' && typeof value !== 'number') throw new MissingPathParamError(name);
    const text = String(value);
    if (text === '') throw new MissingPathParamError(name);
    return encodeURIComponent(text);
  });
}

export class MissingPathParamError extends Error {
  constructor(readonly param: string) {
    super(`${param}: required`);
    this.name = 'MissingPathParamError';
  }
}
