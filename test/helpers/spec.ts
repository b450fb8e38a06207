import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Access to the official OpenAPI document, for tests only: the project never needs it at run time.
 * It comes from the vendor's own client package, pinned as a dev dependency at exactly the version
 * the contract was drawn from (`@gitbook/api` 0.137.0 ships it as `spec/openapi.json`).
 */
export const SPEC_PATH = createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json');

export type JsonSchema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  minProperties?: number;
  default?: unknown;
  [key: string]: unknown;
};

export interface SpecOperation {
  method: string;
  /** Path with the `/v1` prefix, as the contract writes it. */
  path: string;
  operationId: string;
  parameters: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

let cached: { doc: Record<string, any>; ops: Map<string, SpecOperation> } | undefined;

export function loadSpec(): { doc: Record<string, any>; ops: Map<string, SpecOperation> } {
  if (cached) return cached;
  const doc = JSON.parse(readFileSync(SPEC_PATH, 'utf8')) as Record<string, any>;
  const ops = new Map<string, SpecOperation>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    const shared = (item.parameters ?? []) as unknown[];
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...shared, ...(op.parameters ?? [])].map((p) => resolve(doc, p as JsonSchema)) as SpecOperation['parameters'];
      ops.set(op.operationId, {
        method: method.toUpperCase(),
        path: `/v1${path}`,
        operationId: op.operationId,
        parameters,
        requestBody: op.requestBody,
        responses: op.responses,
      });
    }
  }
  cached = { doc, ops };
  return cached;
}

/** Follow `$ref`s (local ones only, which is all the spec uses). */
export function resolve(doc: Record<string, any>, schema: JsonSchema): JsonSchema {
  let current = schema;
  const seen = new Set<string>();
  while (current && current.$ref) {
    if (seen.has(current.$ref)) break;
    seen.add(current.$ref);
    const parts = current.$ref.replace(/^#\//, '').split('/');
    current = parts.reduce<any>((node, key) => node?.[key], doc) as JsonSchema;
  }
  return current;
}

export function componentSchema(name: string): JsonSchema {
  const { doc } = loadSpec();
  const schema = doc.components.schemas[name] as JsonSchema | undefined;
  if (!schema) throw new Error(`no schema ${name} in the spec`);
  return schema;
}

/** The JSON schema of an operation's success response body (first 2xx with content). */
export function responseSchema(operationId: string): JsonSchema | undefined {
  const op = loadSpec().ops.get(operationId);
  if (!op) throw new Error(`no operation ${operationId} in the spec`);
  for (const [status, res] of Object.entries(op.responses)) {
    if (!status.startsWith('2')) continue;
    const schema = res.content?.['application/json']?.schema;
    if (schema) return schema;
  }
  return undefined;
}

const SAMPLE_STRINGS: Record<string, string> = {
  'date-time': '2026-01-02T03:04:05.000Z',
  date: '2026-01-02',
  uri: 'https://example.com/a',
  url: 'https://example.com/a',
  email: 'ada@example.com',
};

const FULL_DEPTH = 12;
const MAX_DEPTH = 40;

/**
 * A value that the spec's schema accepts. `mode: 'required'` fills only required properties,
 * `'full'` every property; `variant` picks the n-th branch of each oneOf/anyOf (clamped).
 */
export function sample(schema: JsonSchema, options: { mode?: 'required' | 'full'; variant?: number } = {}, depth = 0): unknown {
  const { doc } = loadSpec();
  const s = resolve(doc, schema);
  // Deep down, fill only what is required: recursive schemas (pages in pages) then end with empty
  // arrays instead of placeholders the spec would reject. The hard stop is a last resort.
  const mode = depth > FULL_DEPTH ? 'required' : (options.mode ?? 'full');
  if (depth > MAX_DEPTH) return s.type === 'array' ? [] : s.type === 'object' || s.properties ? {} : null;
  if (s.allOf) {
    const parts = s.allOf.map((part) => sample(part, options, depth + 1));
    if (parts.every((p) => p !== null && typeof p === 'object' && !Array.isArray(p))) return Object.assign({}, ...parts);
    return parts[0];
  }
  const branches = s.oneOf ?? s.anyOf;
  if (branches && branches.length > 0) {
    const index = Math.min(options.variant ?? 0, branches.length - 1);
    const branch = resolve(doc, branches[index]!);
    const merged: JsonSchema = { ...s, oneOf: undefined, anyOf: undefined };
    if (s.properties || s.required) {
      // Properties at this level combine with the chosen branch.
      const base = sample(merged, options, depth + 1) as Record<string, unknown>;
      const extra = sample(branch, options, depth + 1);
      return extra !== null && typeof extra === 'object' ? { ...base, ...extra } : base;
    }
    return sample(branch, options, depth + 1);
  }
  if (s.enum && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined && s.type !== 'object' && s.type !== 'array') return s.default;
  switch (s.type) {
    case 'string': {
      if (s.format && SAMPLE_STRINGS[s.format]) return SAMPLE_STRINGS[s.format];
      if (s.pattern) return samplePattern(s.pattern);
      const min = s.minLength ?? 1;
      return 'sample'.padEnd(min, 'x').slice(0, s.maxLength ?? Math.max(min, 6));
    }
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array': {
      const n = Math.max(s.minItems ?? 0, mode === 'full' ? 1 : 0);
      return Array.from({ length: n }, () => sample(s.items ?? {}, options, depth + 1));
    }
    case 'null':
      return null;
    default: {
      if (s.type === 'object' || s.properties || s.additionalProperties) {
        const out: Record<string, unknown> = {};
        const required = new Set(s.required ?? []);
        for (const [key, prop] of Object.entries(s.properties ?? {})) {
          if (mode === 'full' || required.has(key)) out[key] = sample(prop, options, depth + 1);
        }
        if (s.additionalProperties && typeof s.additionalProperties === 'object' && Object.keys(out).length === 0 && mode === 'full') {
          out.key = sample(s.additionalProperties, options, depth + 1);
        }
        return out;
      }
      return s.nullable ? null : 'sample';
    }
  }
}

/** Known patterns in the spec, with a value each one accepts. */
function samplePattern(pattern: string): string {
  const known: [RegExp, string][] = [
    [/\^\[a-z0-9\]\+\(\?:-\[a-z0-9\]\+\)\*\$/, 'petstore'],
    [/integration:/, 'integration:acme:thing'],
  ];
  for (const [re, value] of known) if (re.test(pattern)) return value;
  // A host with a sub-path (site proxy origin) and a hex colour are also shapes the spec asks for.
  const candidates = ['sample', 'docs.example.com', 'docs.example.com/docs', '#336699', 'a-b', 'abc', 'x'];
  const re = new RegExp(pattern);
  return candidates.find((c) => re.test(c)) ?? 'sample';
}

/** The largest oneOf/anyOf reachable from `schema`: how many variants to sample so every branch is picked. */
export function maxBranches(schema: JsonSchema): number {
  const { doc } = loadSpec();
  const seen = new Set<string>();
  const stack: JsonSchema[] = [schema];
  let max = 1;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.$ref) {
      if (seen.has(node.$ref)) continue;
      seen.add(node.$ref);
    }
    const s = resolve(doc, node);
    for (const branches of [s.oneOf, s.anyOf]) {
      if (!branches) continue;
      max = Math.max(max, branches.length);
      stack.push(...branches);
    }
    if (s.allOf) stack.push(...s.allOf);
    if (s.items) stack.push(s.items);
    if (s.properties) stack.push(...Object.values(s.properties));
    if (s.additionalProperties && typeof s.additionalProperties === 'object') stack.push(s.additionalProperties);
  }
  return max;
}
