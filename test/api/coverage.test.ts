import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allOperations, operationsById } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { loadSpec, resolve, responseSchema, type SpecOperation } from '../helpers/spec.js';

/*
 * The operation table against the contract's list of operations (test/fixtures/contract-operations.md)
 * and the official spec:
 * the same 134 operations, each with the spec's method, path, parameter names and statuses.
 */

const NOTES = fileURLToPath(new URL('../fixtures/contract-operations.md', import.meta.url));

interface Listed {
  n: number;
  method: string;
  path: string;
  id: string;
  success: number[];
}

/** Rows of the §6 table: `| 27 | GET | `/v1/spaces/{spaceId}` | getSpaceById | 200 | ...`. */
function listedOperations(): Listed[] {
  const text = readFileSync(NOTES, 'utf8');
  const section = text.slice(text.indexOf('## 6.'));
  const rows: Listed[] = [];
  for (const line of section.split('\n')) {
    const m = /^\| (\d+) \| (GET|POST|PUT|PATCH|DELETE) \| `([^`]+)` \| (\w+) \| ([\d/]+) \|/.exec(line);
    if (m) rows.push({ n: Number(m[1]), method: m[2]!, path: m[3]!, id: m[4]!, success: m[5]!.split('/').map(Number) });
  }
  return rows;
}

const listed = listedOperations();
const { ops: specOps, doc } = loadSpec();

const queryNames = (op: Operation): string[] => {
  const shape = (op.query as z.ZodObject | undefined)?.shape;
  if (op.query && !shape) throw new Error(`${op.id}: query schema is not an object`);
  return Object.keys(shape ?? {}).sort();
};
const specQueryNames = (spec: SpecOperation) =>
  spec.parameters
    .filter((p) => p.in === 'query')
    .map((p) => p.name)
    .sort();
const specPathNames = (spec: SpecOperation) =>
  spec.parameters
    .filter((p) => p.in === 'path')
    .map((p) => p.name)
    .sort();
const specSuccess = (spec: SpecOperation) =>
  Object.keys(spec.responses)
    .filter((s) => s.startsWith('2'))
    .map(Number)
    .sort();

/** A `List` envelope: `allOf` with the spec's `List` schema. */
function isListEnvelope(id: string): boolean {
  const schema = responseSchema(id);
  if (!schema) return false;
  return (resolve(doc, schema).allOf ?? []).some((part) => part.$ref === '#/components/schemas/List');
}

describe('operation table coverage', () => {
  it('lists the 134 operations of the contract (test/fixtures/contract-operations.md)', () => {
    expect(listed).toHaveLength(134);
    expect(listed.map((r) => r.n)).toEqual(Array.from({ length: 134 }, (_, i) => i + 1));
  });

  it('has unique operation ids', () => {
    const ids = allOperations.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('holds exactly the listed operations', () => {
    const table: string[] = allOperations.map((op) => op.id).sort();
    const expected = listed.map((r) => r.id).sort();
    expect(
      table.filter((id) => !expected.includes(id)),
      'operations not in the contract',
    ).toEqual([]);
    expect(
      expected.filter((id) => !table.includes(id)),
      'operations missing from the table',
    ).toEqual([]);
  });

  it('has a one-line summary for each operation, and no two alike', () => {
    const summaries = allOperations.map((op) => op.summary);
    for (const op of allOperations) {
      expect(op.summary, op.id).toMatch(/^[A-Z][^\n]{8,120}[^.\s]$/);
      expect(op.summary.toLowerCase(), op.id).not.toBe(op.id.toLowerCase());
    }
    expect(
      summaries.filter((s, i) => summaries.indexOf(s) !== i),
      'repeated summaries',
    ).toEqual([]);
  });

  describe.each(listed.map((r) => [`${r.n} ${r.id}`, r] as const))('%s', (_name, row) => {
    const op = operationsById[row.id];
    const spec = specOps.get(row.id);

    it('matches the spec: method, path and path parameter names', () => {
      expect(spec, 'in the spec').toBeDefined();
      expect(op, 'in the table').toBeDefined();
      expect({ method: op!.method, path: op!.path }).toEqual({ method: spec!.method, path: spec!.path });
      expect({ method: row.method, path: row.path }).toEqual({ method: spec!.method, path: spec!.path });
      expect([...op!.pathParams].sort()).toEqual(specPathNames(spec!));
    });

    it('takes the spec query parameters, by their names', () => {
      expect(op, 'in the table').toBeDefined();
      expect(queryNames(op!)).toEqual(specQueryNames(spec!));
    });

    it('accepts the success statuses of the spec, and answers content where the spec does', () => {
      expect(op, 'in the table').toBeDefined();
      expect([...op!.success].sort()).toEqual(specSuccess(spec!));
      expect([...op!.success].sort()).toEqual([...row.success].sort());
      expect(Boolean(op!.response), 'response schema').toBe(responseSchema(row.id) !== undefined);
      expect(Boolean(op!.body), 'request body').toBe(spec!.requestBody !== undefined);
    });

    it('requires a body exactly when the spec does', () => {
      expect(op, 'in the table').toBeDefined();
      if (op!.bodyRequired) expect(op!.body, 'a required body has a schema').toBeDefined();
      // The contract lists only optional fields for a new change request, and the emulator takes an
      // empty POST; the client leaves the body out when the caller gives none.
      const optionalHere = row.id === 'createChangeRequest';
      expect(Boolean(op!.bodyRequired)).toBe(Boolean(spec!.requestBody?.required) && !optionalHere);
    });

    it('is paginated exactly when the spec answers a List envelope', () => {
      expect(op, 'in the table').toBeDefined();
      expect(Boolean(op!.paginated)).toBe(isListEnvelope(row.id));
      if (op!.paginated) expect(queryNames(op!)).toEqual(expect.arrayContaining(['page', 'limit']));
    });

    if (row.method === 'DELETE') {
      it('deletes with 204 or 205 and no content', () => {
        expect(op, 'in the table').toBeDefined();
        expect([...op!.success].sort()).toEqual([204, 205]);
        expect(op!.response).toBeUndefined();
      });
    }
  });
});
