/**
 * When the transport tries again, and how long it waits: exponential backoff with full jitter,
 * `Retry-After`, and the rule that a request the server may have acted on is repeated only when
 * repeating it is harmless.
 */
import { ApiError, NetworkError, type DocsError, type TimeoutPhase } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt (0 disables retrying). */
  maxRetries?: number;
  /** No retry starts once this much time has passed since the first attempt. */
  maxElapsedMs?: number;
  /** First backoff ceiling; it doubles per retry up to `maxDelayMs`, and the wait is a uniform draw below it. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { maxRetries: 3, maxElapsedMs: 30_000, baseDelayMs: 250, maxDelayMs: 8_000 };

export const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const GATEWAY_STATUSES = new Set([502, 503, 504]);
/** Failures while opening the connection: nothing was sent, so even a POST may be repeated. */
const CONNECT_CODES = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);
/** Failures once the request may have reached the server: only idempotent requests are repeated. */
const MID_REQUEST_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
]);
/** A server that went silent: repeating the request once may meet a healthier one; more is waiting in vain. */
const STALL_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
export const MAX_STALL_RETRIES = 1;

export const isStall = (err: DocsError): boolean => err instanceof NetworkError && err.code !== undefined && STALL_CODES.has(err.code);

/** The connection failed after the request was written: the server may have acted on it. */
export const failedAfterSending = (err: DocsError): boolean =>
  err instanceof NetworkError && err.code !== undefined && MID_REQUEST_CODES.has(err.code);

export const TIMEOUT_PHASES: Record<string, TimeoutPhase> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect',
  UND_ERR_HEADERS_TIMEOUT: 'headers',
  UND_ERR_BODY_TIMEOUT: 'body',
};
export const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the server',
  EPIPE: 'connection closed while sending',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
  UND_ERR_CLOSED: 'the connection closed unexpectedly',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the response ended before its announced length',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'temporary DNS failure',
  ENETUNREACH: 'network unreachable',
  EHOSTUNREACH: 'host unreachable',
  ETIMEDOUT: 'the connection timed out',
};

/** `Retry-After` as a wait in ms: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Full jitter: a uniform draw below min(maxDelay, base · 2^(retry-1)). */
export function backoffDelay(retry: number, policy: Required<RetryOptions>, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/** Why this failure deserves another attempt, or undefined when it does not (a 429 is the rate limiter's: http.ts). */
export function retryReason(err: DocsError, idempotent: boolean): string | undefined {
  if (err instanceof ApiError) {
    // A 503 with Retry-After is the server saying it did not act on the request.
    if (err.status === 503 && err.details.retryAfterMs !== undefined) return '503';
    if (idempotent && GATEWAY_STATUSES.has(err.status)) return String(err.status);
    return undefined;
  }
  if (err instanceof NetworkError && err.code) {
    if (CONNECT_CODES.has(err.code)) return err.code;
    if (idempotent && MID_REQUEST_CODES.has(err.code)) return err.code;
  }
  return undefined;
}

export function giveUp<E extends DocsError>(err: E, why: string): E {
  err.message = `${err.message} (${why})`;
  err.gaveUp = why;
  return err;
}

export function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${(ms / 1000).toFixed(1)}s`;
}
