import { describe, expect, it } from 'vitest';
import { buildPath, MAX_PATH_PARAM_LENGTH } from '../../src/api/operation.js';
import { allOperations } from '../../src/api/operations/index.js';
import { ValidationError } from '../../src/api/validation.js';

/** Every path parameter of every operation has a length bound, checked before anything is sent. */

const LIMITS: Record<string, number> = { specSlug: 100, emailDomain: 253 };
const rows = allOperations.flatMap((op) => op.pathParams.map((name) => [op.id, name, LIMITS[name] ?? MAX_PATH_PARAM_LENGTH, op] as const));

describe('path parameter length', () => {
  it('covers every path parameter of the table', () => {
    expect(rows.length).toBeGreaterThan(134);
  });

  it.each(rows)('%s: %s at most %i characters', (_id, name, max, op) => {
    const filler = (length: number) => Object.fromEntries(op.pathParams.map((p) => [p, p === name ? 'a'.repeat(length) : 'x']));
    expect(() => buildPath(op, filler(max))).not.toThrow();
    let err: unknown;
    try {
      buildPath(op, filler(10_000));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as Error).message).toBe(`${name}: must be at most ${max} characters (got 10000)`);
  });
});
