import { Agent, request as undiciRequest } from 'undici';
import { ApiError, NetworkError, ResponseError } from './errors.js';
import { redact } from './redact.js';

export interface HttpOptions {
  /** Origin (and optional base path) of the API, e.g. http://127.0.0.1:4010. Paths carry `/v1`. */
  baseUrl: string;
  token?: string;
  userAgent?: string;
  /** Receives redacted one-line trace entries (request/response) when set (`--debug`). */
  debug?: (line: string) => void;
}

export interface HttpRequest {
  method: string;
  /** Path with `/v1`, already filled and encoded. */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
}

/** Serialise a query object: arrays repeat the key, undefined is dropped. */
export function toSearchParams(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, value === null ? '' : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The transport: one keep-alive pool per origin (undici Agent), bearer auth, JSON in and out,
 * errors mapped to ApiError / NetworkError / ResponseError.
 */
export class HttpClient {
  private readonly agent: Agent;
  private readonly origin: string;
  private readonly basePath: string;

  constructor(readonly options: HttpOptions) {
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
    this.agent = new Agent({ keepAliveTimeout: 10_000, connections: 16 });
  }

  url(path: string, query?: Record<string, unknown>): string {
    return `${this.origin}${this.basePath}${path}${toSearchParams(query)}`;
  }

  async request(req: HttpRequest): Promise<HttpResponse> {
    const url = this.url(req.path, req.query);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? 'docs-cli',
    };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    let payload: string | undefined;
    if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(req.body);
    }
    this.options.debug?.(redact(`> ${req.method} ${url}${payload ? ` ${payload}` : ''}`));
    let res;
    try {
      res = await undiciRequest(url, { method: req.method as 'GET', headers, body: payload, dispatcher: this.agent, signal: req.signal });
    } catch (err) {
      throw new NetworkError(redact(`${req.method} ${url} failed: ${(err as Error).message}`), (err as { code?: string }).code);
    }
    const text = await res.body.text();
    const contentType = String(res.headers['content-type'] ?? '');
    this.options.debug?.(redact(`< ${res.statusCode} ${contentType} ${text.slice(0, 2000)}`));
    let body: unknown;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        if (res.statusCode >= 400) throw new ApiError(res.statusCode, `HTTP ${res.statusCode} with a non-JSON body (${contentType || 'no content type'})`, { contentType });
        throw new ResponseError(`HTTP ${res.statusCode}: the body is not valid JSON (${contentType || 'no content type'})`, res.statusCode);
      }
    }
    if (res.statusCode >= 400) {
      const error = (body as { error?: { code?: number; message?: string } } | undefined)?.error;
      throw new ApiError(res.statusCode, redact(error?.message ?? `HTTP ${res.statusCode}`), { code: error?.code, method: req.method, url: redact(url) });
    }
    return { status: res.statusCode, headers: res.headers, body };
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
