import { describe, expect, it } from 'vitest';
import type { Operation } from '../../src/api/operation.js';
import { contentTwins } from '../../src/api/operations/twins.js';
import {
  describeScope,
  inScope,
  markdownOf,
  namedScopeLabel,
  pageLinksIn,
  scopeLabel,
  scopeMarkdown,
  scopeOf,
  scopePages,
  ScopeError,
  type ScopeCaller,
} from '../../src/api/scope.js';
import type { Page } from '../../src/api/schemas/content.js';

/** A caller that records each call and answers from a table keyed by operationId. */
function recorder(answers: Record<string, unknown>) {
  const calls: { id: string; params: unknown }[] = [];
  const client: ScopeCaller = {
    call: ((op: Operation, params: unknown) => {
      calls.push({ id: op.id, params });
      return Promise.resolve(answers[op.id]);
    }) as ScopeCaller['call'],
  };
  return { client, calls };
}

const page = (extra: Record<string, unknown>): Page => ({ id: 'pg_1', title: 'Intro', type: 'document', ...extra });

describe('Scope', () => {
  it('is the space alone, or the space and a change request', () => {
    expect(scopeOf('sp_1')).toEqual({ spaceId: 'sp_1' });
    expect(scopeOf('sp_1', '42')).toEqual({ spaceId: 'sp_1', changeRequestId: '42' });
  });

  it('picks the space operation or its change request twin', () => {
    expect(inScope(contentTwins.getPage, { spaceId: 'sp_1' }, { pageId: 'pg_1' })).toEqual([
      contentTwins.getPage.space,
      { spaceId: 'sp_1', pageId: 'pg_1' },
    ]);
    const [op, params] = inScope(contentTwins.getPage, { spaceId: 'sp_1', changeRequestId: '42' }, { pageId: 'pg_1' });
    expect(op.id).toBe('getPageInChangeRequestById');
    expect(params).toEqual({ spaceId: 'sp_1', changeRequestId: '42', pageId: 'pg_1' });
  });

  it('reads the pages and one page markdown from the side it names', async () => {
    const { client, calls } = recorder({
      listPages: { pages: [page({})] },
      listPagesInChangeRequest: { pages: [page({ id: 'pg_2' })] },
      getPageInChangeRequestById: page({ markdown: '# Hello' }),
      getPageById: page({}),
    });
    expect((await scopePages(client, { spaceId: 'sp_1' }))[0]?.id).toBe('pg_1');
    expect((await scopePages(client, { spaceId: 'sp_1', changeRequestId: '7' }))[0]?.id).toBe('pg_2');
    expect(await scopeMarkdown(client, { spaceId: 'sp_1', changeRequestId: '7' }, 'pg_1')).toBe('# Hello');
    // A page answered without markdown reads as empty.
    expect(await scopeMarkdown(client, { spaceId: 'sp_1' }, 'pg_1')).toBe('');
    expect(calls.map((c) => c.id)).toEqual(['listPages', 'listPagesInChangeRequest', 'getPageInChangeRequestById', 'getPageById']);
    expect(calls[2]?.params).toEqual({ spaceId: 'sp_1', changeRequestId: '7', pageId: 'pg_1', query: { format: 'markdown' } });
  });

  it('finds markdown on documents only', () => {
    expect(markdownOf(page({ markdown: 'text' }))).toBe('text');
    expect(markdownOf(page({}))).toBeUndefined();
    expect(markdownOf({ id: 'g', title: 'Group', type: 'group' })).toBeUndefined();
  });

  it('lists a page links with a status filter in the space, and refuses one in a change request', () => {
    expect(pageLinksIn({ spaceId: 'sp_1' }, 'pg_1', { status: 'broken' })).toEqual([
      expect.objectContaining({ id: 'listPageLinksInSpace' }),
      { spaceId: 'sp_1', pageId: 'pg_1', query: { status: 'broken' } },
    ]);
    const [op, params] = pageLinksIn({ spaceId: 'sp_1', changeRequestId: '3' }, 'pg_1', { limit: 1 });
    expect(op.id).toBe('listPageLinksInChangeRequest');
    expect(params).toEqual({ spaceId: 'sp_1', changeRequestId: '3', pageId: 'pg_1', query: { limit: 1 } });
    expect(() => pageLinksIn({ spaceId: 'sp_1', changeRequestId: '3' }, 'pg_1', { status: 'ok' })).toThrow(ScopeError);
  });

  it('says the scope in words, by id before fetching and by name after', async () => {
    expect(scopeLabel({ spaceId: 'sp_1' })).toBe('space sp_1');
    expect(scopeLabel({ spaceId: 'sp_1', changeRequestId: '42' })).toBe('change request 42 of space sp_1');
    expect(namedScopeLabel({ id: 'sp_1', title: 'Guides' }, { number: 3, subject: 'Windows' })).toBe(
      'change request #3 "Windows" of space "Guides"',
    );
    expect(namedScopeLabel({ id: 'sp_1', title: '' })).toBe('space sp_1');

    const space = { id: 'sp_1', title: 'Guides', urls: { app: 'https://app/s/sp_1' } };
    const cr = { id: 'cr_1', number: 3, subject: 'Windows', urls: { app: 'https://app/s/sp_1/cr/3' } };
    const { client } = recorder({ getSpaceById: space, getChangeRequestById: cr });
    expect(await describeScope(client, { spaceId: 'sp_1' })).toMatchObject({ label: 'space "Guides"', appUrl: 'https://app/s/sp_1' });
    expect(await describeScope(client, { spaceId: 'sp_1', changeRequestId: '3' })).toMatchObject({
      label: 'change request #3 "Windows" of space "Guides"',
      appUrl: 'https://app/s/sp_1/cr/3',
      changeRequest: cr,
    });
  });
});
