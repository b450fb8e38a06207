import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/server.js';
import { DEMO } from '../../src/emulator/seed/demo.js';

export { DEMO };

export interface CallOptions {
  token?: string | undefined;
  query?: Record<string, string | number | boolean | string[]>;
  body?: unknown;
  /** Sent as is (overrides `body`). */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

/** One HTTP request against an emulator, JSON in and out. */
export async function call<T = any>(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else params.append(key, String(value));
  }
  const qs = params.toString();
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${baseUrl}${path}${qs ? `?${qs}` : ''}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: (text ? JSON.parse(text) : undefined) as T };
}

export type Api = <T = any>(method: string, path: string, options?: CallOptions) => Promise<CallResult<T>>;

/** A demo emulator and a caller bound to it (default token: the admin's). */
export async function startDemo(options: EmulatorOptions = {}): Promise<{ emu: RunningEmulator; api: Api }> {
  const emu = await startEmulator({ seed: 'demo', ...options });
  const api: Api = (method, path, opts = {}) => call(emu.url, method, path, { token: DEMO.tokens.admin, ...opts });
  return { emu, api };
}

/** Every item of a paginated list, following `next.page`. */
export async function collect<T = any>(api: Api, path: string, options: CallOptions = {}, limit = 2): Promise<T[]> {
  const items: T[] = [];
  let page: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const res = await api<{ items: T[]; next?: { page: string } }>('GET', path, {
      ...options,
      query: { ...(options.query ?? {}), limit, ...(page ? { page } : {}) },
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    items.push(...res.body.items);
    page = res.body.next?.page;
    if (!page) return items;
  }
  throw new Error(`${path}: more than 1000 pages`);
}
