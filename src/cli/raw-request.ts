import { parseQuery } from '../api/routes.js';
import { UsageError } from './errors.js';

/*
 * Input handling of `docs api`: typed `-f key=value` fields and the PATH argument.
 */

export const RAW_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RawMethod = (typeof RAW_METHODS)[number];

export function parseMethod(value: string): RawMethod {
  const method = value.toUpperCase();
  if ((RAW_METHODS as readonly string[]).includes(method)) return method as RawMethod;
  throw new UsageError(`METHOD must be one of ${RAW_METHODS.join(', ')} (got "${value}")`);
}

/** `42` → 42, `true`/`false` → booleans, `null` → null, anything else stays a string. */
export function typedValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?(0|[1-9]\d*)(\.\d+)?$/.test(text) && Number.isSafeInteger(Math.trunc(Number(text)))) return Number(text);
  return text;
}

/**
 * `-f key=value` fields (typed) and `--raw-field key=value` fields (always strings: a version
 * "2.10" or a subject "123") into one object; `key[]=v` (repeatable) builds an array.
 */
export function parseFields(fields: readonly string[], rawFields: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const entries = [
    ...fields.map((f) => ({ f, flag: '--field', typed: true })),
    ...rawFields.map((f) => ({ f, flag: '--raw-field', typed: false })),
  ];
  for (const { f: field, flag, typed } of entries) {
    const eq = field.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} "${field}" must look like key=value`);
    const rawKey = field.slice(0, eq);
    const text = field.slice(eq + 1);
    const value = typed ? typedValue(text) : text;
    if (rawKey.endsWith('[]')) {
      const key = rawKey.slice(0, -2);
      const existing = out[key];
      if (existing !== undefined && !Array.isArray(existing)) throw new UsageError(`field ${key} is given both as a value and as an array`);
      out[key] = [...((existing as unknown[] | undefined) ?? []), value];
    } else {
      if (rawKey in out) throw new UsageError(`field ${rawKey} is given twice; use ${rawKey}[]=… for an array`);
      out[rawKey] = value;
    }
  }
  return out;
}

/**
 * PATH as typed: `/v1/orgs`, `orgs`, `/orgs?limit=2`. The `/v1` prefix is added when missing; a
 * query string moves into the query object. A full URL is refused: the server comes from --api-url.
 */
export function parsePath(input: string): { path: string; query: Record<string, string | string[]> } {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) {
    throw new UsageError('PATH is a path such as /v1/orgs; the server comes from --api-url, DOCS_API_URL or the profile');
  }
  const [rawPath = '', search = ''] = input.split(/\?(.*)/s, 2);
  let path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  if (path !== '/v1' && !path.startsWith('/v1/')) path = `/v1${path === '/' ? '' : path}`;
  return { path, query: parseQuery(search) };
}
