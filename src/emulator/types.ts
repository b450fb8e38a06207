import type { z } from 'zod';
import type { Operation } from '../api/operation.js';
import type { OperationId, OperationsById } from '../api/operations/index.js';
import type { ListResult, Store } from './store/store.js';
import type { MemberRole } from './access.js';
import type { HostPolicy } from './host.js';
import type { FieldIssue } from '../api/errors.js';

/**
 * What every emulator handler receives and returns, derived from the operation table
 * (src/api/operations/): a handler for operation K gets K's path params, and its query and body as
 * K's zod schemas parse them, and answers what K's response schema accepts. The router parses all
 * three before calling it, inside one store transaction.
 */
export interface Caller {
  /** The authenticated user's id. */
  userId: string;
  token: string;
}

export interface EmulatorContext {
  store: Store;
  /** Injectable clock (tests move it to check the 7-day restore window). */
  now: () => Date;
  /** The emulator's own base URL (http://127.0.0.1:PORT), for `urls` fields. */
  baseUrl: string;
  /** What imports and git sync may read from (and write to) the machine. */
  host: HostPolicy;
}

export type { OperationId };

type PathNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathNames<Rest> : never;

/** The parts of operation K's definition. */
type Parts<K extends OperationId> =
  OperationsById[K] extends Operation<infer P, infer Q, infer B, infer R, infer BR, infer _I>
    ? { path: P; query: Q; body: B; response: R; bodyRequired: BR }
    : never;

/** Path parameters as they come from the URL (every one a string, `changeRequestId` included). */
export type ParamsOf<K extends OperationId> = { [N in PathNames<Parts<K>['path']>]: string };

/** An operation without a query schema takes no query parameter (the router refuses any). */
export type NoQuery = Record<never, never>;

export type QueryOf<K extends OperationId> = Parts<K>['query'] extends z.ZodType ? z.output<Parts<K>['query']> : NoQuery;

/** Undefined when the operation takes no body, or when its body is optional and none was sent. */
export type BodyOf<K extends OperationId> = Parts<K>['body'] extends z.ZodType
  ? Parts<K>['bodyRequired'] extends true
    ? z.output<Parts<K>['body']>
    : z.output<Parts<K>['body']> | undefined
  : undefined;

/**
 * What a handler may answer: what the response schema accepts (`z.input`, so a presenter may leave
 * out what the schema defaults or keep fields it does not name), or nothing for a no-content operation.
 */
export type ResponseOf<K extends OperationId> = Parts<K>['response'] extends z.ZodType ? z.input<Parts<K>['response']> : undefined;

/** The fields every request has, whatever its operation (for helpers shared by several handlers). */
export interface RequestBase {
  ctx: EmulatorContext;
  caller: Caller;
  /**
   * What the router's access check found (src/emulator/access.ts): the organization the request
   * touches and the caller's role there (null = guest). Absent for operations across organizations
   * and when the object named in the path does not exist.
   */
  access?: { organizationId: string; role: MemberRole };
}

export interface HandlerRequest<K extends OperationId> extends RequestBase {
  operationId: K;
  params: ParamsOf<K>;
  /** Parsed with the operation's query schema (`{}` when it has none). */
  query: QueryOf<K>;
  /** Parsed with the operation's body schema. */
  body: BodyOf<K>;
}

export type Headers = Record<string, string>;

/** Any answer, as the router passes it on. */
export interface HandlerResponse {
  status: number;
  body?: unknown;
  headers?: Headers;
}

export interface Answer<B> {
  status: number;
  body: B;
  headers?: Headers;
}

/**
 * A JSON body serialized beforehand: its bytes, in chunks written one after the other. For large
 * answers built from parts kept between requests (a link report's items), so that a repeated read
 * writes kept bytes instead of serializing them again. `B` is the body the text stands for: a
 * handler answering one is still checked against its operation's response.
 */
export class JsonText<B> {
  /** Never set: ties the text to the body type it stands for. */
  declare readonly of?: B;
  constructor(readonly chunks: readonly Buffer[]) {}

  get byteLength(): number {
    let n = 0;
    for (const chunk of this.chunks) n += chunk.length;
    return n;
  }
}

const OPEN_ITEMS = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/**
 * A list's answer (`{items, ...rest}`, in that order, as `JSON.stringify` writes it) from its items
 * already serialized.
 */
export function jsonList<B extends { items: unknown[] }>(items: readonly Buffer[], rest: Omit<B, 'items'>): JsonText<B> {
  const chunks: Buffer[] = [OPEN_ITEMS];
  items.forEach((item, i) => {
    if (i > 0) chunks.push(COMMA);
    chunks.push(item);
  });
  const tail = JSON.stringify(rest);
  chunks.push(Buffer.from(tail === '{}' ? ']}' : `],${tail.slice(1)}`));
  return new JsonText<B>(chunks);
}
export interface EmptyAnswer {
  status: number;
  body?: undefined;
  headers?: Headers;
}
export interface ErrorBody {
  error: { code: number; message: string; issues?: readonly FieldIssue[] };
}

/**
 * A handler's answer, written out as `{ status, body, headers? }`: the operation's response, or an
 * error answered rather than thrown (a thrown error rolls the handler's writes back).
 */
export type Reply<K extends OperationId> =
  (Parts<K>['response'] extends z.ZodType ? Answer<ResponseOf<K>> | Answer<JsonText<ResponseOf<K>>> : EmptyAnswer) | Answer<ErrorBody>;

export type Handler<K extends OperationId> = (req: HandlerRequest<K>) => Reply<K> | Promise<Reply<K>>;

/** One handler per operation of the table: a missing, extra or misspelled one is a compile error. */
export type Handlers = { [K in OperationId]: Handler<K> };

/** A list operation's answer: the store's page (items, next, count) with each item presented. */
export const listed = <T, U>(page: ListResult<T>, present: (item: T) => U): Answer<ListResult<U>> => ({
  status: 200,
  body: { ...page, items: page.items.map(present) },
});

/** The contract's error body; `issues` (where the request was wrong) is the emulator's addition, sent only when known. */
export const errorBody = (status: number, message: string, issues: readonly FieldIssue[] = []): ErrorBody => ({
  error: { code: status, message, ...(issues.length > 0 ? { issues } : {}) },
});

/**
 * Throw from a handler to answer `{error: {code: status, message}}`; with `issues`, the body also
 * says which fields were wrong (`issues: [{path, message}]`), so a client can name its own option.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
  }
}

/**
 * A 400. Messages about one field follow the convention `body.slug: already exists` (the field's
 * path, a colon, what is wrong with it); that path is also sent as the answer's issue.
 */
export const badRequest = (message: string) => {
  const field = /^((?:body|query)(?:\.[A-Za-z]\w*)+|[a-z]\w*): (.+)$/s.exec(message);
  const issues = field?.[1] && field[2] ? [{ path: field[1].split('.'), message: field[2] }] : [];
  return new HttpError(400, message, issues);
};

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const forbidden = (action: string) => new HttpError(403, `You do not have permission to ${action}`);
export const conflict = (message: string) => new HttpError(409, message);
export const preconditionFailed = (message: string) => new HttpError(412, message);
