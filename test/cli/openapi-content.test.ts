import { describe, expect, it } from 'vitest';
import { specDocument } from '../../src/cli/flags/openapi.js';

const url = 'https://example.com/specs/petstore.yaml';

describe('specDocument', () => {
  it('is undefined (not an error) when the answer holds no file, so the command prints the URL', () => {
    expect(specDocument({ filesystem: {}, url })).toBeUndefined();
  });

  it('picks the only file, else the one the URL names, else asks for --file-name', () => {
    expect(specDocument({ filesystem: { 'a.json': { a: 1 } }, url })).toEqual({ a: 1 });
    expect(specDocument({ filesystem: { 'a.json': 1, 'petstore.yaml': 2 }, url })).toBe(2);
    expect(() => specDocument({ filesystem: { 'a.json': 1, 'b.json': 2 }, url })).toThrow(/--file-name \(a\.json, b\.json\)/);
  });
});
