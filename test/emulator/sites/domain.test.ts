import { describe, expect, it } from 'vitest';
import { adaptiveSchemaProblem, templateConditions } from '../../../src/emulator/domain/adaptive-schema.js';
import { pageOrdered, reorder } from '../../../src/emulator/domain/ordered-list.js';
import { parseDocument } from '../../../src/emulator/domain/openapi.js';
import { parseYaml, YamlUnsupportedError } from '../../../src/emulator/domain/yaml-lite.js';
import { HttpError } from '../../../src/emulator/types.js';

describe('reorder', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('places before, after, between, or last', () => {
    expect(reorder(ids, 'd', { before: 'a' })).toEqual(['d', 'a', 'b', 'c']);
    expect(reorder(ids, 'a', { after: 'c' })).toEqual(['b', 'c', 'a', 'd']);
    expect(reorder(ids, 'a', { after: 'b', before: 'c' })).toEqual(['b', 'a', 'c', 'd']);
    expect(reorder(ids, 'b', undefined)).toEqual(['a', 'c', 'd', 'b']);
    expect(reorder(ids, 'b', {})).toEqual(['a', 'c', 'd', 'b']);
  });
  it('refuses itself, strangers and non-adjacent pairs', () => {
    expect(reorder(ids, 'a', { before: 'a' })).toBeUndefined();
    expect(reorder(ids, 'a', { after: 'z' })).toBeUndefined();
    expect(reorder(ids, 'a', { after: 'd', before: 'b' })).toBeUndefined();
  });
});

describe('pageOrdered', () => {
  const items = Array.from({ length: 5 }, (_, i) => ({ id: `i${i}` }));
  it('pages with cursors that survive removals and insertions', () => {
    const first = pageOrdered(items, undefined, 2);
    expect(first.items.map((i) => i.id)).toEqual(['i0', 'i1']);
    expect(first.count).toBe(5);
    const page = first.next?.page as string;
    expect(pageOrdered([{ id: 'new' }, ...items], page, 2).items.map((i) => i.id)).toEqual(['i2', 'i3']);
    // The last item seen is gone: continue at the item that followed it, nothing skipped.
    expect(pageOrdered(items.filter((i) => i.id !== 'i1'), page, 2).items.map((i) => i.id)).toEqual(['i2', 'i3']);
    expect(pageOrdered(items, undefined, 5).next).toBeUndefined();
    expect(() => pageOrdered(items, 'bogus', 2)).toThrow(HttpError);
  });
});

describe('adaptive schema', () => {
  const ok = { type: 'object', properties: { a: { type: 'boolean', description: 'A' } }, additionalProperties: false };
  it('accepts the contract shape and the spec superset', () => {
    expect(adaptiveSchemaProblem(ok)).toBeUndefined();
    expect(adaptiveSchemaProblem({ ...ok, properties: { n: { type: 'number', description: 'N' }, l: { type: 'array', description: 'L', items: { type: 'string', description: 's' } } } })).toBeUndefined();
  });
  it('names the first problem', () => {
    expect(adaptiveSchemaProblem(null)).toBe('jsonSchema: must be an object');
    expect(adaptiveSchemaProblem({ ...ok, $schema: 'draft-04' })).toMatch(/^jsonSchema\.\$schema/);
    expect(adaptiveSchemaProblem({ ...ok, extra: 1 })).toMatch(/^jsonSchema\.extra/);
    expect(adaptiveSchemaProblem({ ...ok, properties: { a: { type: 'boolean', description: 'A', default: true } } })).toMatch(/^jsonSchema\.properties\.a\.default/);
    expect(adaptiveSchemaProblem({ ...ok, properties: { o: { type: 'object', description: 'O', properties: {} } } })).toMatch(/o\.additionalProperties/);
    expect(adaptiveSchemaProblem({ ...ok, properties: { unsigned: { type: 'object', description: 'other', properties: {}, additionalProperties: false } } })).toMatch(/unsigned\.description/);
  });
  it('suggests conditions for nested claims', () => {
    const schema = { ...ok, properties: { org: { type: 'object', description: 'Org', properties: { admin: { type: 'boolean', description: 'Admin' } }, additionalProperties: false } } };
    expect(templateConditions(schema)).toEqual([{ description: 'Admin', condition: 'visitor.claims.org.admin' }]);
  });
});

describe('yaml-lite', () => {
  it('reads mappings, sequences, scalars and block scalars', () => {
    const text = [
      'a: 1',
      'b: -2.5',
      'c: true',
      'd: ~',
      "e: 'it''s'",
      'f: "tab\\tquote\\""',
      'g:',
      '  - x',
      '  - k: v',
      '    m: n',
      '  -',
      '    deep: yes',
      'h:',
      '- same-indent',
      'i: >-',
      '  folded',
      '  text',
      '',
      '  next',
      'j: plain text',
      '  continued',
      'k: {x: 1, y: [a, "b c"]}',
      'l: "#not a comment" # a comment',
    ].join('\n');
    expect(parseYaml(text)).toEqual({
      a: 1,
      b: -2.5,
      c: true,
      d: null,
      e: "it's",
      f: 'tab\tquote"',
      g: ['x', { k: 'v', m: 'n' }, { deep: 'yes' }],
      h: ['same-indent'],
      i: 'folded text\nnext',
      j: 'plain text continued',
      k: { x: 1, y: ['a', 'b c'] },
      l: '#not a comment',
    });
  });
  it('refuses what it does not read', () => {
    for (const text of ['a: &anchor 1', 'a: *alias', 'a: !!str 1', '---\na: 1\n---\nb: 2', 'a:\n\tb: 1', 'a: 1\n  b: 2']) {
      expect(() => parseYaml(text), text).toThrow(YamlUnsupportedError);
    }
  });
  it('keeps OpenAPI YAML it cannot read as text, and rejects non-OpenAPI documents', () => {
    expect(parseDocument('openapi: 3.0.0\ninfo: &i {title: x}\n')).toBe('openapi: 3.0.0\ninfo: &i {title: x}\n');
    expect(parseDocument('title: not a spec')).toBeUndefined();
    expect(parseDocument('{"swagger": "2.0"}')).toEqual({ swagger: '2.0' });
    expect(parseDocument('{broken')).toBeUndefined();
  });
});
