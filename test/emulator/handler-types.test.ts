import { expect, expectTypeOf, it } from 'vitest';
import { handlers } from '../../src/emulator/handlers/index.js';
import type { Handler, HandlerRequest, Handlers } from '../../src/emulator/types.js';

/*
 * The handler table is typed from the operation table (src/emulator/types.ts). Each
 * `@ts-expect-error` below is checked by `npm run typecheck`: if the line stopped being an error
 * (a looser type), the check fails. The `expectTypeOf` lines pin what a handler receives.
 */

it('refuses a table that lacks an operation, or names one the operation table does not have', () => {
  const { getOrganizationById: dropped, ...incomplete } = handlers;
  // @ts-expect-error getOrganizationById is missing
  const table: Handlers = incomplete;
  expect(Object.keys(table)).not.toContain('getOrganizationById');
  expect(typeof dropped).toBe('function');

  // @ts-expect-error a misspelled operationId
  const misspelled = { getOrganisationById: handlers.getOrganizationById } satisfies Partial<Handlers>;
  expect(Object.keys(misspelled)).toEqual(['getOrganisationById']);
});

it('refuses an answer that does not fit the response schema', () => {
  const org = { id: 'o1', title: 'Acme' };
  const fits: Handler<'getOrganizationById'> = () => ({ status: 200, body: org });
  // @ts-expect-error `title` is a string in the response schema
  const wrongField: Handler<'getOrganizationById'> = () => ({ status: 200, body: { ...org, title: 42 } });
  // @ts-expect-error `id` is required
  const missingField: Handler<'getOrganizationById'> = () => ({ status: 200, body: { title: 'Acme' } });
  // @ts-expect-error a list answers the envelope, not a bare array
  const bareList: Handler<'listOrganizationsForAuthenticatedUser'> = () => ({ status: 200, body: [org] });
  // @ts-expect-error an operation without response content answers no body
  const bodyOnNoContent: Handler<'deleteSiteById'> = () => ({ status: 204, body: org });
  // @ts-expect-error an operation with response content must answer it
  const noBody: Handler<'getOrganizationById'> = () => ({ status: 204 });
  const answers = [fits, wrongField, missingField, bareList, bodyOnNoContent, noBody];
  expect(answers.every((handler) => typeof handler === 'function')).toBe(true);
});

it('gives a handler its path params, query and body as the operation parses them', () => {
  expectTypeOf<HandlerRequest<'getChangeRequestById'>['params']>().toEqualTypeOf<{ spaceId: string; changeRequestId: string }>();
  expectTypeOf<HandlerRequest<'listMembersInOrganizationById'>['query']>().toEqualTypeOf<{
    page?: string | undefined;
    limit?: number | undefined;
    order?: 'asc' | 'desc' | undefined;
    role?: 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read' | 'guest' | undefined;
    search?: string | undefined;
    sort?: 'joinedAt' | 'lastSeenAt' | undefined;
  }>();
  // A required body is always there; an optional one may be undefined; none is undefined.
  expectTypeOf<HandlerRequest<'updateMemberInOrganizationById'>['body']>().toEqualTypeOf<{
    role?: 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read' | null | undefined;
  }>();
  expectTypeOf<HandlerRequest<'createCollection'>['body']>().toExtend<object | undefined>();
  expectTypeOf<undefined>().toExtend<HandlerRequest<'createCollection'>['body']>();
  expectTypeOf<HandlerRequest<'getOrganizationById'>['body']>().toEqualTypeOf<undefined>();
  expect(Object.keys(handlers)).toContain('getChangeRequestById');
});
