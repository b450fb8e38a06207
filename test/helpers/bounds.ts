import { z } from 'zod';
import type { Operation } from '../../src/api/operation.js';
import { toJSONSchema } from '../../src/api/schemas/lazy.js';

/**
 * Table-driven checks of request bounds: each row names an operation, a field, values at the bound
 * (accepted) and one just past it (rejected with a message naming the field and the bound).
 */

export type Params = Record<string, unknown>;
export type BoundKind = 'min' | 'max' | 'pattern' | 'format' | 'enum' | 'required' | 'nullable';

export interface BoundRow {
  name: string;
  op: Operation;
  /** Params that must be accepted (values at the bound). */
  at: Params[];
  /** Params that must be rejected. */
  past: Params;
  /** Texts the rejection message must contain. */
  messages: string[];
  /** The bound this row checks, as `field kind`; undefined for rows outside the coverage check. */
  bound?: string;
}

export const OMIT = Symbol('omit');

/** A copy of `params` with the value at a dotted path (`body.source.language`) replaced or removed. */
export function withValue(params: Params, path: string, value: unknown): Params {
  const copy = structuredClone(params);
  const keys = path.split('.');
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1]!;
  if (value === OMIT) delete node[last];
  else node[last] = value;
  return copy;
}

/** How the client names a field in messages: body fields keep `body.`, query fields are bare. */
export const fieldLabel = (path: string) => path.replace(/^query\./, '');

const fill = (n: number) => 'x'.repeat(n);

export interface RowOptions {
  /** Builds a value of length n (default: n times "x"). */
  make?: (n: number) => string;
  /** The bound's field in the coverage check when it differs from `path` (e.g. record keys as `*`). */
  as?: string;
}

export const rows = {
  maxLength(op: Operation, base: Params, path: string, n: number, o: RowOptions = {}): BoundRow {
    const make = o.make ?? fill;
    return {
      name: `${op.id} ${path} at most ${n} characters`,
      op,
      at: [withValue(base, path, make(n))],
      past: withValue(base, path, make(n + 1)),
      messages: [`${fieldLabel(path)}: must be at most ${n} characters`],
      bound: `${o.as ?? path} max`,
    };
  },
  minLength(op: Operation, base: Params, path: string, n: number, o: RowOptions = {}): BoundRow {
    const make = o.make ?? fill;
    return {
      name: `${op.id} ${path} at least ${n} characters`,
      op,
      at: [withValue(base, path, make(n))],
      past: withValue(base, path, make(n - 1)),
      messages: [n === 1 ? `${fieldLabel(path)}: must not be empty` : `${fieldLabel(path)}: must be at least ${n} characters`],
      bound: `${o.as ?? path} min`,
    };
  },
  pattern(op: Operation, base: Params, path: string, pattern: RegExp, good: string[], bad: string, o: RowOptions = {}): BoundRow {
    return {
      name: `${op.id} ${path} matches ${pattern}`,
      op,
      at: good.map((v) => withValue(base, path, v)),
      past: withValue(base, path, bad),
      messages: [`${fieldLabel(path)}: must match the pattern ${String(pattern)}`],
      bound: `${o.as ?? path} pattern`,
    };
  },
  url(op: Operation, base: Params, path: string, o: RowOptions = {}): BoundRow {
    return {
      name: `${op.id} ${path} is a URL`,
      op,
      at: [withValue(base, path, 'https://example.com/a')],
      past: withValue(base, path, 'not a url'),
      messages: [`${fieldLabel(path)}: must be a valid url`],
      bound: `${o.as ?? path} format`,
    };
  },
  /** `values` are all accepted; the message lists the string ones (or is `message` when given). */
  oneOf(
    op: Operation,
    base: Params,
    path: string,
    values: readonly unknown[],
    bad: unknown,
    o: RowOptions & { message?: string } = {},
  ): BoundRow {
    const listed = values.filter((v) => typeof v === 'string').map((v) => JSON.stringify(v));
    return {
      name: `${op.id} ${path} one of ${values.map((v) => JSON.stringify(v)).join('|')}`,
      op,
      at: values.map((v) => withValue(base, path, v)),
      past: withValue(base, path, bad),
      messages: o.message ? [`${fieldLabel(path)}: ${o.message}`] : [`${fieldLabel(path)}: must be one of`, ...listed],
      bound: `${o.as ?? path} enum`,
    };
  },
  required(op: Operation, base: Params, path: string, o: RowOptions & { message?: string } = {}): BoundRow {
    return {
      name: `${op.id} ${path} required`,
      op,
      at: [base],
      past: withValue(base, path, OMIT),
      messages: [`${fieldLabel(path)}: ${o.message ?? 'required'}`],
      bound: `${o.as ?? path} required`,
    };
  },
  /** A nullable field: null is accepted; `past` is a value of the wrong type. */
  nullable(op: Operation, base: Params, path: string, o: RowOptions = {}): BoundRow {
    return {
      name: `${op.id} ${path} accepts null`,
      op,
      at: [withValue(base, path, null)],
      past: withValue(base, path, 42),
      messages: [`${fieldLabel(path)}:`],
      bound: `${o.as ?? path} nullable`,
    };
  },
  /** A field that does not take null (null is not "absent"). */
  notNull(op: Operation, base: Params, path: string, good: unknown, expected = 'a string'): BoundRow {
    return {
      name: `${op.id} ${path} rejects null`,
      op,
      at: [withValue(base, path, good)],
      past: withValue(base, path, null),
      messages: [`${fieldLabel(path)}: must be ${expected}`],
    };
  },
  /** Page size: 0 to 1000 (contract Limits; spec minimum 0). */
  limit(op: Operation, base: Params): BoundRow[] {
    return [
      {
        name: `${op.id} limit at most 1000`,
        op,
        at: [withValue(base, 'query.limit', 1000), withValue(base, 'query.limit', '1000')],
        past: withValue(base, 'query.limit', 1001),
        messages: ['limit: must be at most 1000'],
      },
      {
        name: `${op.id} limit at least 0`,
        op,
        at: [withValue(base, 'query.limit', 0)],
        past: withValue(base, 'query.limit', -1),
        messages: ['limit: must be at least 0'],
      },
    ];
  },
};

type JsonSchema = Record<string, unknown>;

/**
 * Every bound a request schema declares, as `field kind` (`body.title max`), read from its JSON
 * Schema form. Paging parameters and the string forms of query booleans are left out (they are the
 * shared helpers' business); so is anything under a map key (`*`), checked by hand-picked rows.
 */
export function declaredBounds(op: Operation): string[] {
  const out = new Set<string>();
  const visit = (schema: z.ZodType | undefined, prefix: 'body' | 'query') => {
    if (!schema) return;
    const root = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    walk(root, root, prefix, new Set(), out);
  };
  visit(op.body, 'body');
  visit(op.query, 'query');
  if (op.bodyRequired) out.add('body required');
  // An array query parameter also takes a single value: both forms carry the same bound.
  const bounds = [...out].map((b) => b.replace(/\[\]/g, ''));
  return [...new Set(bounds)].filter((b) => !b.includes('*') && !/^query\.(page|limit) /.test(b)).sort();
}

function walk(root: JsonSchema, node: JsonSchema, path: string, seen: Set<string>, out: Set<string>): void {
  const ref = node.$ref as string | undefined;
  if (ref) {
    if (seen.has(ref)) return;
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((n, k) => (n as JsonSchema)?.[k], root) as JsonSchema;
    walk(root, target, path, new Set([...seen, ref]), out);
    return;
  }
  const branches = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    for (const b of branches) {
      if (b.type === 'null') out.add(`${path} nullable`);
      else walk(root, b, path, seen, out);
    }
  }
  if (Array.isArray(node.type) && node.type.includes('null')) out.add(`${path} nullable`);
  const values = node.enum as unknown[] | undefined;
  if (values && !(values.length === 2 && values.includes('true') && values.includes('false'))) out.add(`${path} enum`);
  if (typeof node.minLength === 'number' && node.minLength > 0) out.add(`${path} min`);
  if (typeof node.maxLength === 'number') out.add(`${path} max`);
  if (typeof node.pattern === 'string' && !path.startsWith('query.limit')) out.add(`${path} pattern`);
  if (typeof node.format === 'string') out.add(`${path} format`);
  const props = node.properties as Record<string, JsonSchema> | undefined;
  for (const key of (node.required as string[] | undefined) ?? []) out.add(`${path}.${key} required`);
  for (const [key, child] of Object.entries(props ?? {})) walk(root, child, `${path}.${key}`, seen, out);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    walk(root, node.additionalProperties as JsonSchema, `${path}.*`, seen, out);
  }
  if (node.items && typeof node.items === 'object') walk(root, node.items as JsonSchema, `${path}[]`, seen, out);
}
