import { describe, expect, it } from 'vitest';
import { adaptiveSchemaProblem, templateConditions } from '../../../src/emulator/domain/adaptive-schema.js';
import { pageOrdered, reorder } from '../../../src/emulator/domain/ordered-list.js';
import { parseDocument } from '../../../src/emulator/domain/openapi.js';
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
    expect(
      pageOrdered(
        items.filter((i) => i.id !== 'i1'),
        page,
        2,
      ).items.map((i) => i.id),
    ).toEqual(['i2', 'i3']);
    expect(pageOrdered(items, undefined, 5).next).toBeUndefined();
    expect(() => pageOrdered(items, 'bogus', 2)).toThrow(HttpError);
  });
});

describe('adaptive schema', () => {
  const ok = { type: 'object', properties: { a: { type: 'boolean', description: 'A' } }, additionalProperties: false };
  it('accepts the contract shape and the spec superset', () => {
    expect(adaptiveSchemaProblem(ok)).toBeUndefined();
    expect(
      adaptiveSchemaProblem({
        ...ok,
        properties: {
          n: { type: 'number', description: 'N' },
          l: { type: 'array', description: 'L', items: { type: 'string', description: 's' } },
        },
      }),
    ).toBeUndefined();
  });
  it('names the first problem', () => {
    expect(adaptiveSchemaProblem(null)).toBe('jsonSchema: must be an object');
    expect(adaptiveSchemaProblem({ ...ok, $schema: 'draft-04' })).toMatch(/^jsonSchema\.\$schema/);
    expect(adaptiveSchemaProblem({ ...ok, extra: 1 })).toMatch(/^jsonSchema\.extra/);
    expect(adaptiveSchemaProblem({ ...ok, properties: { a: { type: 'boolean', description: 'A', default: true } } })).toMatch(
      /^jsonSchema\.properties\.a\.default/,
    );
    expect(adaptiveSchemaProblem({ ...ok, properties: { o: { type: 'object', description: 'O', properties: {} } } })).toMatch(
      /o\.additionalProperties/,
    );
    expect(
      adaptiveSchemaProblem({
        ...ok,
        properties: { unsigned: { type: 'object', description: 'other', properties: {}, additionalProperties: false } },
      }),
    ).toMatch(/unsigned\.description/);
  });
  it('suggests conditions for nested claims', () => {
    const schema = {
      ...ok,
      properties: {
        org: {
          type: 'object',
          description: 'Org',
          properties: { admin: { type: 'boolean', description: 'Admin' } },
          additionalProperties: false,
        },
      },
    };
    expect(templateConditions(schema)).toEqual([{ description: 'Admin', condition: 'visitor.claims.org.admin' }]);
  });
});

describe('parseDocument', () => {
  it('reads OpenAPI YAML with block scalars, flow collections, anchors and aliases', () => {
    const text = [
      'openapi: 3.1.0',
      'info: &info',
      "  title: 'it''s'",
      '  description: >-',
      '    folded',
      '    text',
      'paths: {/a: {get: {tags: [x, "y z"]}}}',
      'x-copy: *info',
      'x-note: "#not a comment" # a comment',
    ].join('\n');
    const info = { title: "it's", description: 'folded text' };
    expect(parseDocument(text)).toEqual({
      openapi: '3.1.0',
      info,
      paths: { '/a': { get: { tags: ['x', 'y z'] } } },
      'x-copy': info,
      'x-note': '#not a comment',
    });
  });
  it('rejects documents that are not OpenAPI, broken text, several documents and alias bombs', () => {
    expect(parseDocument('title: not a spec')).toBeUndefined();
    expect(parseDocument('{"swagger": "2.0"}')).toEqual({ swagger: '2.0' });
    expect(parseDocument('{broken')).toBeUndefined();
    expect(parseDocument('openapi: 3.0.0\n  info: [unclosed')).toBeUndefined();
    expect(parseDocument('openapi: 3.0.0\n---\nopenapi: 3.1.0\n')).toBeUndefined();
    const bomb = ['openapi: 3.0.0', 'a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const n of ['b', 'c', 'd', 'e', 'f'])
      bomb.push(
        `${n}: &${n} [${Array(10)
          .fill(`*${String.fromCharCode(n.charCodeAt(0) - 1)}`)
          .join(', ')}]`,
      );
    expect(parseDocument(bomb.join('\n'))).toBeUndefined();
  });
});
