import { describe, expect, it } from 'vitest';
import type { Operation } from '../../src/api/operation.js';
import { allOperations } from '../../src/api/operations/index.js';
import { formatIssues } from '../../src/api/validation.js';
import { type JsonSchema, loadSpec, maxBranches, resolve, responseSchema, sample } from '../helpers/spec.js';

/*
 * A server may answer null wherever the official spec allows it (`nullable`, or a `null` branch of
 * a oneOf/anyOf): the lenient response schemas must take null at each of those places, one at a
 * time, in every oneOf variant of every response.
 */

const { doc } = loadSpec();
type Path = (string | number)[];

/** Where `value` (sampled from `schema` with `variant`) sits at a place the spec lets be null. */
function nullablePaths(schema: JsonSchema, value: unknown, variant: number, path: Path = [], out: Path[] = []): Path[] {
  const s = resolve(doc, schema);
  if (schema.nullable || s.nullable) out.push(path);
  if (s.allOf) for (const part of s.allOf) nullablePaths(part, value, variant, path, out);
  const branches = s.oneOf ?? s.anyOf;
  if (branches && branches.length > 0) {
    if (branches.some((b) => resolve(doc, b).type === 'null' || resolve(doc, b).nullable)) out.push(path);
    nullablePaths(branches[Math.min(variant, branches.length - 1)]!, value, variant, path, out);
  }
  if (Array.isArray(value) && s.items) value.forEach((item, i) => nullablePaths(s.items!, item, variant, [...path, i], out));
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      const prop = s.properties?.[key] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
      if (prop) nullablePaths(prop, child, variant, [...path, key], out);
    }
  }
  return out;
}

function withNull(value: unknown, path: Path): unknown {
  const copy = structuredClone(value);
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], copy);
  (parent as Record<string | number, unknown>)[path[path.length - 1]!] = null;
  return copy;
}

const withResponse = (allOperations as readonly Operation[]).filter((op) => op.response);

describe('response schemas and null', () => {
  it('accept null at every place the spec allows it', () => {
    const refused: string[] = [];
    let checked = 0;
    for (const op of withResponse) {
      const schema = responseSchema(op.id)!;
      for (let variant = 0; variant < maxBranches(schema); variant++) {
        const fixture = sample(schema, { mode: 'full', variant });
        for (const path of nullablePaths(schema, fixture, variant)) {
          if (path.length === 0) continue;
          checked += 1;
          const result = op.response!.safeParse(withNull(fixture, path));
          if (!result.success) refused.push(`${op.id} ${path.join('.')}: ${formatIssues(result.error.issues, 'response')}`);
        }
      }
    }
    expect([...new Set(refused)]).toEqual([]);
    // The spec has nullable fields in most resources (defaultLevel, icons, conditions, next, ...).
    expect(checked).toBeGreaterThan(500);
  });
});
