/**
 * Every failure the client can report, each with the exit code the CLI maps it to
 * (the README's "Exit codes": 0 ok, 1 unexpected, 2 usage/invalid input, 3 not found, 4 auth/permission,
 * 5 conflict/precondition, 6 rate limited, 7 network/timeout, 8 checks found something, 130 interrupted).
 */
export const ExitCode = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  conflict: 5,
  rateLimited: 6,
  network: 7,
  /** Not an error: `cr check` / `spaces check` ran and reported findings. */
  findings: 8,
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export abstract class DocsError extends Error {
  abstract readonly exitCode: ExitCode;
  /** How many times the transport retried before giving up with this error (0: failed on the first try). */
  retries = 0;
  /** Why the transport stopped retrying, when it did; also appended to the message in parentheses. */
  gaveUp?: string;
}

/** What the transport knows about the request an error belongs to (URL already redacted). */
export interface ErrorDetails {
  code?: number | string;
  method?: string;
  url?: string;
  contentType?: string;
  /** The server's `Retry-After`, in milliseconds, when it sent one. */
  retryAfterMs?: number;
}

/**
 * One problem with a request, where it is: `path` starts at the request (`['body', 'subject']`,
 * `['limit']` for a query parameter, `['spaceId']` for a path parameter) and `message` does not
 * repeat the field (`must be at most 100 characters`), so the CLI can name its own flag instead.
 */
export interface FieldIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** `body.subject: must be at most 100 characters`; a problem with the whole value says `value`. */
export function formatFieldIssue(issue: FieldIssue): string {
  return `${issue.path.length === 0 ? 'value' : issue.path.join('.')}: ${issue.message}`;
}

/**
 * A request failed validation before anything was sent (exit 2, like a 400). `issues` say where (empty when the
 * problem is with the call itself, an unknown operation say); the message joins them.
 */
export class ValidationError extends DocsError {
  override name = 'ValidationError';
  readonly exitCode = ExitCode.usage;
  constructor(
    message: string,
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
  }

  /** One problem at one field: `ValidationError.at(['spaceId'], 'required')`. */
  static at(path: readonly (string | number)[], message: string): ValidationError {
    const issue = { path, message };
    return new ValidationError(formatFieldIssue(issue), [issue]);
  }
}

/** The issues a 400 body carries beside the contract's `{code, message}` (the emulator sends them); the rest is ignored. */
export function issuesFromBody(error: unknown): FieldIssue[] {
  const issues = typeof error === 'object' && error !== null ? (error as { issues?: unknown }).issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (i): i is FieldIssue =>
      typeof i === 'object' &&
      i !== null &&
      typeof (i as FieldIssue).message === 'string' &&
      Array.isArray((i as FieldIssue).path) &&
      (i as FieldIssue).path.every((p) => typeof p === 'string' || typeof p === 'number'),
  );
}

/** The server answered with an error status. `message` is the API's own message when it sent one. */
export class ApiError extends DocsError {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly details: ErrorDetails = {},
    /** Where the request was wrong, when the server said (a 400 from the emulator does). */
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
  }

  get exitCode(): ExitCode {
    return exitCodeForStatus(this.status);
  }
}

export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404 || status === 410) return ExitCode.notFound;
  if (status === 409 || status === 412) return ExitCode.conflict;
  if (status === 429) return ExitCode.rateLimited;
  if (status === 400 || status === 422) return ExitCode.usage;
  // A gateway that cannot reach the service, or a service that is down, is a transient
  // network condition to a script (retry later), not a bug in the request.
  if (status === 502 || status === 503 || status === 504) return ExitCode.network;
  return ExitCode.unexpected;
}

/** The response could not be understood: HTML from a proxy, an empty or truncated JSON body, a shape we cannot use. */
export class ResponseError extends DocsError {
  override name = 'ResponseError';
  readonly exitCode = ExitCode.unexpected;
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The request never got an answer: DNS, refused connection, reset, TLS, or a timeout. */
export class NetworkError extends DocsError {
  override name = 'NetworkError';
  readonly exitCode = ExitCode.network;
  /**
   * The connection failed after a request that is not safe to repeat was written: the server may
   * have applied it, so it was not sent again and the caller should check before retrying.
   */
  mayHaveApplied = false;
  constructor(
    message: string,
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Which wait ran out: opening the connection, the response headers, or the gap between body chunks. */
export type TimeoutPhase = 'connect' | 'headers' | 'body';

export class TimeoutError extends NetworkError {
  override name = 'TimeoutError';
  /** The limit that ran out, in ms. */
  readonly limitMs?: number;
  constructor(
    message: string,
    code?: string,
    readonly phase?: TimeoutPhase,
    options?: { cause?: unknown; limitMs?: number },
  ) {
    super(message, code, options);
    this.limitMs = options?.limitMs;
  }
}

/** What a RateLimitError knows of the limit it met. */
export interface RateLimitDetails {
  method: string;
  url: string;
  /** The window it met: reads or writes. */
  kind: 'read' | 'write';
  /** How long the next request of its kind would have had to wait (ms). */
  waitMs: number;
  /** The wait budget, what of it was spent, and where it came from (`--max-wait`, `DOCS_MAX_WAIT`, `default`). */
  budgetMs: number;
  spentMs: number;
  budgetSource?: string;
  /** The server answered 429: the request was refused, not applied, and is safe to send again. */
  refused: boolean;
  /** Requests a window allows and how long one is (ms), as two consecutive resets showed it. */
  limit?: number;
  windowMs?: number;
  /** Before two resets have been seen: a window is at least this long. */
  windowAtLeastMs?: number;
  /** When the window resets, ms since the epoch on this machine's clock. */
  resetAt?: number;
}

/**
 * The rate limit would keep the request waiting beyond its wait budget (src/api/rate-limit.ts). Nothing of the
 * request was applied: it was refused with a 429 or never sent.
 */
export class RateLimitError extends DocsError {
  override name = 'RateLimitError';
  readonly exitCode = ExitCode.rateLimited;
  constructor(
    message: string,
    readonly details: RateLimitDetails,
  ) {
    super(message);
  }
}

/** The caller aborted (Ctrl-C). */
export class AbortedError extends DocsError {
  override name = 'AbortedError';
  readonly exitCode = ExitCode.interrupted;
  /**
   * A request that is not safe to repeat was aborted after it was written to the connection: the server may have
   * applied it (a merge, a new comment), so the one who interrupted it should check before sending it again.
   */
  mayHaveApplied = false;
  constructor(message = 'Interrupted') {
    super(message);
  }
}

/** A merge or update answered `result: "conflicts"`: nothing was applied. */
export class ConflictResultError extends DocsError {
  override name = 'ConflictResultError';
  readonly exitCode = ExitCode.conflict;
}
