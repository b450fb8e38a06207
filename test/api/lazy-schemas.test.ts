import { inspect, types } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '../../src/api/operation.js';
import { operationsById } from '../../src/api/operations/index.js';
import { Page } from '../../src/api/schemas/content.js';
import { lazy, toJSONSchema, unwrap } from '../../src/api/schemas/lazy.js';
import { Space } from '../../src/api/schemas/space.js';

describe('lazy schemas', () => {
  it('builds a schema once, on its first use, and forwards everything to it', () => {
    let builds = 0;
    const Thing = lazy(() => {
      builds++;
      return z.looseObject({ id: z.string(), size: z.number().optional() });
    });
    const List = lazy(() => z.object({ items: z.array(Thing) }));
    expect(builds).toBe(0);
    expect(List.parse({ items: [{ id: 'a', extra: 1 }] })).toEqual({ items: [{ id: 'a', extra: 1 }] });
    expect(builds).toBe(1);
    expect(Thing.safeParse({ id: 5 }).success).toBe(false);
    expect(Object.keys(Thing.shape)).toEqual(['id', 'size']);
    expect(Thing instanceof z.ZodObject).toBe(true);
    expect(Thing.extend({ more: z.boolean() }).parse({ id: 'b', more: true })).toEqual({ id: 'b', more: true });
    // A detached method stays bound to the schema, as zod's own members are.
    const parse = Thing.parse.bind(undefined);
    expect(parse({ id: 'c' })).toEqual({ id: 'c' });
    expect(builds).toBe(1);
  });

  it('a built schema holds the schemas it is made of, not their stand-ins', () => {
    const Inner = lazy(() => z.string().min(2));
    const Outer = lazy(() => z.object({ name: Inner, tags: z.array(Inner).optional() }));
    const shape = unwrap(Outer).shape;
    expect(shape.name).toBe(unwrap(Inner));
    expect(shape.name).not.toBe(Inner);
    const tags = shape.tags.unwrap();
    expect(tags.element).toBe(unwrap(Inner));
    expect(tags._zod.def.element).toBe(unwrap(Inner));
  });

  it('makes the JSON Schema of a schema composed of stand-ins, through z.lazy recursion, with descriptions', () => {
    const Leaf = lazy(() => z.string().max(5).describe('a short name'));
    const composed = z.strictObject({ leaf: Leaf, page: Page.optional() });
    const json = toJSONSchema(composed, { io: 'input', unrepresentable: 'any' });
    expect(json).toMatchObject({ properties: { leaf: { type: 'string', maxLength: 5, description: 'a short name' } } });
    // Page is recursive (a page's `pages`): zod names it once and refers to it.
    expect(JSON.stringify(json.$defs)).toContain('"pages"');
    const raw = z.strictObject({ page: lazy(() => z.lazy(() => z.string().min(1))) });
    expect(toJSONSchema(raw)).toMatchObject({ properties: { page: { type: 'string', minLength: 1 } } });
  });

  it('names a schema that refers to itself while it is built', () => {
    const Loop: z.ZodType = lazy((): z.ZodType => Loop.optional());
    expect(() => Loop.parse([])).toThrow(/refers to itself while it is built/);
  });

  it("the contract's schemas are stand-ins inside src/api that parse as their schemas do", () => {
    expect(Space).not.toBe(unwrap(Space));
    expect(types.isProxy(Space)).toBe(true);
    // console.log shows the schema (Node.js shows a Proxy's target, which shows the schema), not an empty object.
    expect(inspect(Space, { depth: 0 })).toMatch(/^ZodObject \{/);
    expect(Object.keys(Space)).toEqual(Object.keys(unwrap(Space)));
    for (const input of [{ id: 'sp_1', title: 'T', unknownField: 1 }, { id: 5 }, null]) {
      expect(JSON.stringify(Space.safeParse(input))).toBe(JSON.stringify(unwrap(Space).safeParse(input)));
    }
  });

  it("an operation's schemas are the plain zod schemas, built on first read", () => {
    let builds = 0;
    const Item = lazy(() => z.object({ id: z.string() }));
    const Body = lazy(() => {
      builds++;
      return z.strictObject({ item: Item, note: z.string().max(3).optional() });
    });
    const op = defineOperation({
      id: 'makeThing',
      method: 'POST',
      path: '/v1/things',
      summary: 'Make a thing',
      body: Body,
      success: [201],
    });
    expect(builds).toBe(0);
    expect(Object.keys(op)).toContain('body');
    expect(builds).toBe(0);
    const body = op.body!;
    expect(builds).toBe(1);
    expect(types.isProxy(body)).toBe(false);
    expect(body).toBe(unwrap(Body));
    expect(op.body).toBe(body);
    expect(types.isProxy(body.shape.item)).toBe(false);
    // What a library user does with an operation's schema: zod's own toJSONSchema, no helper of ours.
    // eslint-disable-next-line no-restricted-properties
    expect(z.toJSONSchema(body)).toMatchObject({
      properties: { item: { properties: { id: { type: 'string' } } }, note: { maxLength: 3 } },
    });
    expect(body.extend({ more: z.boolean() }).parse({ item: { id: 'a' }, more: true })).toEqual({ item: { id: 'a' }, more: true });
    const response = operationsById.getSpaceById?.response;
    expect(response).toBe(unwrap(Space));
    expect(types.isProxy(response)).toBe(false);
  });

  it('an operation whose response is recursive (the page tree) holds no stand-in, through z.lazy too', () => {
    const response = operationsById.listPages?.response as z.ZodType;
    expect(noStandIn(response)).toEqual([]);
    // eslint-disable-next-line no-restricted-properties
    expect(JSON.stringify(z.toJSONSchema(response, { unrepresentable: 'any' }))).toContain('"pages"');
  });
});

/** Paths to the stand-ins (Proxies) a schema's definition reaches, z.lazy inner types included. */
function noStandIn(schema: object, path = 'schema', seen = new Set<object>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  if (types.isProxy(schema)) return [path];
  const found: string[] = [];
  const visit = (value: unknown, at: string) => {
    if (typeof value !== 'object' || value === null) return;
    if (types.isProxy(value)) found.push(at);
    else if (value instanceof z.ZodType) found.push(...noStandIn(value, at, seen));
    else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${at}.${i}`));
    else if (Object.getPrototypeOf(value) === Object.prototype) for (const [k, v] of Object.entries(value)) visit(v, `${at}.${k}`);
  };
  const def = (schema as z.ZodType)._zod?.def as unknown as Record<string, unknown> | undefined;
  if (def) for (const [k, v] of Object.entries(def)) if (k !== 'getter') visit(v, `${path}.${k}`);
  if (def?.type === 'lazy') visit((schema as z.ZodLazy)._zod.innerType, `${path}.innerType`);
  return found;
}
