import type { Store } from './store/store.js';
import type { MemberRole } from './access.js';
import type { HostPolicy } from './host.js';
import type { FieldIssue } from '../api/errors.js';

/**
 * What every emulator handler receives and returns. Handlers are registered by operationId
 * (handlers/<area>.ts export `Record<operationId, Handler>`); the router parses path params, query
 * and body with the operation table's schemas before calling them, inside one store transaction.
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

export interface HandlerRequest<P = Record<string, string>, Q = Record<string, unknown>, B = unknown> {
  ctx: EmulatorContext;
  caller: Caller;
  operationId: string;
  params: P;
  /** Parsed with the operation's query schema (`{}` when it has none). */
  query: Q;
  /** Parsed with the operation's body schema; undefined when the request had no body (optional bodies only). */
  body: B;
  /**
   * What the router's access check found (src/emulator/access.ts): the organization the request
   * touches and the caller's role there (null = guest). Absent for operations across organizations
   * and when the object named in the path does not exist.
   */
  access?: { organizationId: string; role: MemberRole };
}

export interface HandlerResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: HandlerRequest<any, any, any>) => HandlerResponse | Promise<HandlerResponse>;

export type HandlerTable = Record<string, Handler>;

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
