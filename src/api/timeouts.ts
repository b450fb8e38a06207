/*
 * The transport's time limits, apart from the transport itself so that the CLI can read the
 * defaults at start-up without loading undici.
 */

export interface TimeoutOptions {
  /** Opening the TCP/TLS connection. */
  connectMs?: number;
  /** From the request being sent to the response headers. */
  headersMs?: number;
  /** Longest silence while the response body arrives. */
  bodyMs?: number;
}

/** A command gives up on a silent server after 30 s (headers or body); `--timeout` / DOCS_TIMEOUT changes both. */
export const DEFAULT_TIMEOUTS: Required<TimeoutOptions> = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 };
