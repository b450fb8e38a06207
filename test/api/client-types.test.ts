import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  areas,
  DocsClient,
  type ChangeRequest,
  type Member,
  type OperationId,
  type OperationItem,
  type OperationParams,
  type OperationResult,
  type OperationsById,
  type Page,
  type Space,
} from '../../src/index.js';

/*
 * The public types of the client. The `expectTypeOf` checks and `@ts-expect-error` lines are
 * enforced by `tsc --noEmit -p .` (this file is part of the project), not at run time: the calls
 * sit in functions that are never invoked, so nothing is sent.
 */

const client = new DocsClient({ baseUrl: 'http://127.0.0.1:9' });

type IsAny<T> = 0 extends 1 & T ? true : false;
/** `any`, `unknown` or `never`: a type that tells a caller nothing. */
type Opaque<T> = IsAny<T> extends true ? true : unknown extends T ? true : [T] extends [never] ? true : false;
type Ops = OperationsById;
type Body<O> = 'body' extends keyof OperationParams<O> ? Exclude<OperationParams<O>['body' & keyof OperationParams<O>], undefined> : never;
type Query<O> = 'query' extends keyof OperationParams<O>
  ? Exclude<OperationParams<O>['query' & keyof OperationParams<O>], undefined>
  : never;

/** Operations whose result is opaque although they answer content. */
type OpaqueResults = {
  [K in OperationId]: Ops[K]['response'] extends undefined ? never : Opaque<OperationResult<Ops[K]>> extends true ? K : never;
}[OperationId];
/** Operations whose `body` or `query` parameter is opaque. */
type OpaqueBodies = {
  [K in OperationId]: Ops[K]['body'] extends undefined ? never : Opaque<Body<Ops[K]>> extends true ? K : never;
}[OperationId];
type OpaqueQueries = {
  [K in OperationId]: Ops[K]['query'] extends undefined ? never : Opaque<Query<Ops[K]>> extends true ? K : never;
}[OperationId];
/** Paginated operations whose item type is opaque. */
type OpaqueItems = {
  [K in OperationId]: Ops[K]['paginated'] extends true ? (Opaque<OperationItem<Ops[K]>> extends true ? K : never) : never;
}[OperationId];
/** Deletes that answer something other than void. */
type NonVoidDeletes = {
  [K in OperationId]: Ops[K]['method'] extends 'DELETE' ? ([OperationResult<Ops[K]>] extends [void] ? never : K) : never;
}[OperationId];

describe('DocsClient', () => {
  it('derives one method per operation of the table', () => {
    for (const [area, ops] of Object.entries(areas)) {
      for (const name of Object.keys(ops)) {
        expect(typeof (client as unknown as Record<string, Record<string, unknown>>)[area]![name], `${area}.${name}`).toBe('function');
      }
    }
  });

  it('rejects a value past a bound before sending, naming the field and the bound', () => {
    expect(() =>
      client.prepare(areas.changeRequests.update, { spaceId: 's', changeRequestId: '1', body: { subject: 'x'.repeat(101) } }),
    ).toThrow('body.subject: must be at most 100 characters');
    const ok = client.prepare(areas.changeRequests.update, { spaceId: 's', changeRequestId: '1', body: { subject: 'x'.repeat(100) } });
    expect(ok.url).toBe('http://127.0.0.1:9/v1/spaces/s/change-requests/1');
    expect(() => client.prepare(areas.changeRequests.list, { spaceId: 's', query: { limit: 1001 } })).toThrow(
      'limit: must be at most 1000',
    );
  });
});

describe('public types', () => {
  it('leaves no operation with an opaque result, body, query or item type; deletes answer void', () => {
    expectTypeOf<OpaqueResults>().toEqualTypeOf<never>();
    expectTypeOf<OpaqueBodies>().toEqualTypeOf<never>();
    expectTypeOf<OpaqueQueries>().toEqualTypeOf<never>();
    expectTypeOf<OpaqueItems>().toEqualTypeOf<never>();
    expectTypeOf<NonVoidDeletes>().toEqualTypeOf<never>();
    expectTypeOf<OperationId>().toExtend<string>();
    expectTypeOf<'mergeChangeRequest'>().toExtend<OperationId>();
    expectTypeOf<string>().not.toExtend<OperationId>();
  });

  it('types path parameters, required where the path has them; changeRequestId also takes the number', () => {
    expectTypeOf(client.changeRequests.merge).parameter(0).toEqualTypeOf<{ spaceId: string; changeRequestId: string | number }>();
    expectTypeOf(client.spaces.get).parameter(0).toHaveProperty('spaceId').toEqualTypeOf<string>();
    expectTypeOf(client.teams.removeMember).parameter(0).toEqualTypeOf<{ organizationId: string; teamId: string; userId: string }>();
    const send = () => {
      // @ts-expect-error changeRequestId is missing
      void client.changeRequests.merge({ spaceId: 's' });
      // @ts-expect-error only changeRequestId takes a number
      void client.spaces.get({ spaceId: 1 });
      // @ts-expect-error a filter belongs under `query`
      void client.changeRequests.list({ spaceId: 's', status: 'open' });
      void client.changeRequests.merge({ spaceId: 's', changeRequestId: 3 });
    };
    void send;
  });

  it('makes body required exactly when the operation requires it, with the enums of the contract', () => {
    type UpdateCr = OperationParams<typeof areas.changeRequests.update>;
    expectTypeOf<UpdateCr['body']>().toEqualTypeOf<{ subject?: string | undefined; status?: 'draft' | 'open' | 'archived' | undefined }>();
    expectTypeOf<OperationParams<typeof areas.changeRequests.create>>().toEqualTypeOf<{
      spaceId: string;
      body?: { subject?: string | undefined; agentTaskId?: string | undefined } | undefined;
    }>();
    expectTypeOf<Body<typeof areas.members.update>>().toEqualTypeOf<{
      role?: 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read' | null | undefined;
    }>();
    expectTypeOf<Body<typeof areas.openapi.update>>().toEqualTypeOf<{ visibility: 'private' | 'public' }>();
    expectTypeOf<Body<typeof areas.content.import>>().toHaveProperty('source').toExtend<'website' | 'markdown' | 'zip' | (string & {})>();
    expectTypeOf<Body<typeof areas.teams.updateMembers>>()
      .toHaveProperty('memberships')
      .toEqualTypeOf<Record<string, { role: 'owner' | 'member' }> | undefined>();
    const send = () => {
      // @ts-expect-error the PATCH body is required
      void client.changeRequests.update({ spaceId: 's', changeRequestId: '1' });
      // @ts-expect-error `merged` is reached only through merge
      void client.changeRequests.update({ spaceId: 's', changeRequestId: '1', body: { status: 'merged' } });
      // @ts-expect-error unknown body field
      void client.changeRequests.update({ spaceId: 's', changeRequestId: '1', body: { title: 'x' } });
      // @ts-expect-error `label` is required when creating a SAML provider
      void client.sso.create({ organizationId: 'o', body: {} });
      void client.sso.update({ organizationId: 'o', samlProviderId: 'p', body: {} });
      void client.collections.create({ organizationId: 'o' });
      void client.teams.addMember({ organizationId: 'o', teamId: 't', userId: 'u' });
    };
    void send;
  });

  it('types query parameters, accepting typed values and URL strings; `query` is required only for search', () => {
    type SitesQuery = Query<typeof areas.sites.list>;
    expectTypeOf<SitesQuery['published']>().toEqualTypeOf<boolean | 'true' | 'false' | undefined>();
    expectTypeOf<SitesQuery['limit']>().toEqualTypeOf<number | string | undefined>();
    expectTypeOf<Query<typeof areas.changeRequests.list>['status']>().toEqualTypeOf<'draft' | 'open' | 'archived' | 'merged' | undefined>();
    expectTypeOf<Query<typeof areas.comments.list>['authors']>().toEqualTypeOf<string | string[] | undefined>();
    expectTypeOf<OperationParams<typeof areas.spaces.search>>().toHaveProperty('query').toExtend<{ query: string }>();
    const send = () => {
      // @ts-expect-error search needs its `query`
      void client.spaces.search({ spaceId: 's' });
      // @ts-expect-error unknown filter
      void client.changeRequests.list({ spaceId: 's', query: { state: 'open' } });
      void client.spaces.search({ spaceId: 's', query: { query: 'install' } });
      void client.organizations.list();
      void client.changeRequests.list({ spaceId: 's' });
    };
    void send;
  });

  it('types results from the response schemas', () => {
    expectTypeOf(client.changeRequests.merge).returns.resolves.toHaveProperty('revision').toEqualTypeOf<string>();
    expectTypeOf(client.changeRequests.merge).returns.resolves.toHaveProperty('result').toExtend<string>();
    expectTypeOf<'conflicts'>().toExtend<OperationResult<typeof areas.changeRequests.merge>['result']>();
    expectTypeOf(client.changeRequests.get).returns.resolves.toEqualTypeOf<ChangeRequest>();
    expectTypeOf(client.changeRequests.list).returns.resolves.toHaveProperty('items').toEqualTypeOf<ChangeRequest[]>();
    expectTypeOf(client.changeRequests.list)
      .returns.resolves.toHaveProperty('next')
      .toEqualTypeOf<{ page: string; [k: string]: unknown } | null | undefined>();
    expectTypeOf(client.spaces.get).returns.resolves.toEqualTypeOf<Space>();
    expectTypeOf<Space['id']>().toEqualTypeOf<string>();
    expectTypeOf<ChangeRequest['number']>().toEqualTypeOf<number>();
    expectTypeOf(client.spaces.delete).returns.resolves.toBeVoid();
    expectTypeOf(client.git.import).returns.resolves.toBeVoid();
    expectTypeOf(client.members.list).returns.resolves.toHaveProperty('items').toEqualTypeOf<Member[]>();
    // Walking a page tree needs no narrowing, whatever the kind of page.
    expectTypeOf<Page['pages']>().toEqualTypeOf<Page[] | undefined>();
    expectTypeOf(client.content.listPages).returns.resolves.toHaveProperty('pages').toEqualTypeOf<Page[]>();
  });

  it('types paginate and request from the operation', () => {
    expectTypeOf(client.paginate(areas.members.list, { organizationId: 'o' })).toEqualTypeOf<AsyncGenerator<Member>>();
    expectTypeOf<Member['user']['id']>().toEqualTypeOf<string>();
    expectTypeOf(client.paginate(areas.changeRequests.list, { spaceId: 's', query: { status: 'open' } })).toEqualTypeOf<
      AsyncGenerator<ChangeRequest>
    >();
    // In a function that is never called: `request` sends at once, and nothing may be sent (the answer, a
    // refused connection, would arrive after the test as an unhandled rejection).
    const typed = () => {
      expectTypeOf(client.request('getSpaceById', { spaceId: 's' })).toEqualTypeOf<Promise<Space>>();
      expectTypeOf(client.request('mergeChangeRequest', { spaceId: 's', changeRequestId: 2 }))
        .resolves.toHaveProperty('revision')
        .toEqualTypeOf<string>();
      const dynamicId: string = 'getSpaceById';
      expectTypeOf(client.request(dynamicId, { spaceId: 's' })).toEqualTypeOf<Promise<unknown>>();
    };
    void typed;
    const send = () => {
      // @ts-expect-error paginate checks the params of the operation
      void client.paginate(areas.members.list, { spaceId: 's' });
      // @ts-expect-error request by a known id checks its params
      void client.request('getSpaceById', { organizationId: 'o' });
      // @ts-expect-error and needs them when something in them is required
      void client.request('getSpaceById');
      void client.request('listOrganizationsForAuthenticatedUser');
    };
    void send;
  });
});
