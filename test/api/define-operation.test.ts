import { types } from 'node:util';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineList, defineOperation, type OperationItem, type OperationParams } from '../../src/api/operation.js';
import { allOperations } from '../../src/api/operations/index.js';
import { lazy, unwrap } from '../../src/api/schemas/lazy.js';

describe('defineOperation', () => {
  it('takes the success statuses of a GET, PATCH or DELETE from its method unless given', () => {
    const at = '/v1/things/{thingId}' as const;
    expect(defineOperation({ id: 'getThing', method: 'GET', path: at, summary: 'Get' }).success).toEqual([200]);
    expect(defineOperation({ id: 'updateThing', method: 'PATCH', path: at, summary: 'Edit' }).success).toEqual([200]);
    expect(defineOperation({ id: 'deleteThing', method: 'DELETE', path: at, summary: 'Delete' }).success).toEqual([204, 205]);
    expect(defineOperation({ id: 'getOther', method: 'GET', path: at, summary: 'Get', success: [200, 202] }).success).toEqual([200, 202]);
  });

  it('refuses a POST or PUT without its success statuses, in the types and when it runs', () => {
    const spec = { id: 'makeThing', method: 'POST', path: '/v1/things', summary: 'Make' } as const;
    // @ts-expect-error: a POST names its success statuses
    expect(() => defineOperation(spec)).toThrow('makeThing: a POST operation names its success statuses');
    // @ts-expect-error: so does a PUT
    expect(() => defineOperation({ ...spec, method: 'PUT' })).toThrow('a PUT operation names');
  });

  it('every operation of the table has success statuses, and every GET, PATCH and DELETE the rule of its method', () => {
    for (const op of allOperations) {
      expect(op.success.length, op.id).toBeGreaterThan(0);
      if (op.method === 'DELETE') expect(op.success, op.id).toEqual([204, 205]);
      if (op.method === 'GET' || op.method === 'PATCH') expect(op.success, op.id).toEqual([200]);
    }
  });
});

describe('defineList', () => {
  it('is a paginated GET: page, limit and the filters as query, the list envelope of the items as answer, built on first read', () => {
    let builds = 0;
    const Thing = lazy(() => {
      builds++;
      return z.looseObject({ id: z.string() });
    });
    const list = defineList({
      id: 'listThings',
      path: '/v1/orgs/{organizationId}/things',
      summary: 'List the things',
      filters: () => ({ title: z.string().optional() }),
      item: Thing,
    });
    expect(list).toMatchObject({ id: 'listThings', method: 'GET', success: [200], paginated: true, idempotent: true });
    expect(list.pathParams).toEqual(['organizationId']);
    expect(builds).toBe(0);
    const query = list.query!;
    expect(types.isProxy(query)).toBe(false);
    expect(Object.keys(query.shape)).toEqual(['page', 'limit', 'title']);
    expect(query.safeParse({ limit: '20', title: 't' })).toEqual({ success: true, data: { limit: 20, title: 't' } });
    expect(query.safeParse({ other: 1 }).success).toBe(false);
    expect(builds).toBe(0);
    const page = list.response!.parse({ items: [{ id: 'a' }], next: { page: 'p2' } });
    expect(page).toEqual({ items: [{ id: 'a' }], next: { page: 'p2' } });
    expect(builds).toBe(1);
    expect(list.response!.shape.items.element).toBe(unwrap(Thing));

    expectTypeOf<OperationParams<typeof list>>().toEqualTypeOf<{
      organizationId: string;
      query?: { page?: string | undefined; limit?: number | string | undefined; title?: string | undefined };
    }>();
    expectTypeOf<OperationItem<typeof list>>().toEqualTypeOf<{ id: string; [k: string]: unknown }>();
  });

  it('without filters takes page and limit; with a query of its own, that one', () => {
    const Thing = lazy(() => z.looseObject({ id: z.string() }));
    const plain = defineList({ id: 'listThings', path: '/v1/things', summary: 'List', item: Thing });
    expect(Object.keys(plain.query!.shape)).toEqual(['page', 'limit']);
    const Own = lazy(() => z.strictObject({ page: z.string().optional(), query: z.string() }));
    const own = defineList({ id: 'searchThings', path: '/v1/things/search', summary: 'Search', query: Own, item: Thing });
    expect(own.query).toBe(unwrap(Own));
    expectTypeOf<OperationParams<typeof own>>().toEqualTypeOf<{ query: { page?: string | undefined; query: string } }>();
  });
});
