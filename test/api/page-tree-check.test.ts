import { afterEach, describe, expect, it } from 'vitest';
import { DocsClient } from '../../src/api/client.js';
import { ResponseError } from '../../src/api/errors.js';
import { content } from '../../src/api/operations/content.js';
import { checkPageTree, PageTree } from '../../src/api/schemas/content.js';
import { sendJson, startServer } from '../helpers/http-server.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const doc = (id: string, extra: Record<string, unknown> = {}) => ({ id, title: `Page ${id}`, type: 'document', slug: id, ...extra });
/** Two folders of two pages; `second` replaces the second folder's second page. */
const tree = (second: unknown = doc('p4')) => ({
  pages: [
    { ...doc('f1'), pages: [doc('p1', { markdown: '# One' }), doc('p2')] },
    { id: 'f2', title: 'Group', type: 'group', pages: [doc('p3', { documentId: 'd3', path: 'f2/p3' }), second] },
  ],
});

describe('checkPageTree', () => {
  it('passes a tree the full schema passes, unknown page types and extra fields included', () => {
    const body = tree({ ...doc('p4', { type: 'future-kind', extra: { any: 1 } }), pages: [] });
    expect(PageTree.safeParse(body).success).toBe(true);
    expect(checkPageTree(body)).toBeUndefined();
    expect(checkPageTree({ pages: [] })).toBeUndefined();
  });

  it('names the first field a walk of the tree reads that is wrong, at any depth', () => {
    expect(checkPageTree(undefined)).toBe('response: expected an object');
    expect(checkPageTree({ pages: {} })).toBe('response.pages: expected an array');
    expect(checkPageTree(tree('p4'))).toBe('response.pages.1.pages.1: expected an object');
    expect(checkPageTree(tree({ ...doc('p4'), id: 4 }))).toBe('response.pages.1.pages.1.id: expected a string');
    expect(checkPageTree(tree({ ...doc('p4'), title: undefined }))).toBe('response.pages.1.pages.1.title: expected a string');
    expect(checkPageTree(tree({ ...doc('p4'), type: null }))).toBe('response.pages.1.pages.1.type: expected a string');
    for (const key of ['slug', 'path', 'markdown', 'documentId'])
      expect(checkPageTree(tree(doc('p4', { [key]: 7 })))).toBe(`response.pages.1.pages.1.${key}: expected a string`);
    expect(checkPageTree(tree(doc('p4', { pages: 'none' })))).toBe('response.pages.1.pages.1.pages: expected an array');
    expect(checkPageTree(tree(doc('p4', { pages: [doc('p5', { id: false })] })))).toBe(
      'response.pages.1.pages.1.pages.0.id: expected a string',
    );
  });

  it('checks the first page and its subtree against the full Page schema', () => {
    const body = tree();
    (body.pages[0]!.pages[1] as Record<string, unknown>).hidden = 'yes';
    expect(checkPageTree(body)).toMatch(/^response\.pages\.0[.:]/);
    // The same field further on is left to the walk, which does not read it.
    const later = tree(doc('p4', { hidden: 'yes' }));
    expect(PageTree.safeParse(later).success).toBe(false);
    expect(checkPageTree(later)).toBeUndefined();
  });
});

describe('the validate call option', () => {
  it('checks the answer in place of the response schema and fails as a bad shape does', async () => {
    const bodies: unknown[] = [tree(doc('p4', { hidden: 'yes' })), tree({ ...doc('p4'), id: 4 })];
    const server = await startServer((_req, res) => sendJson(res, 200, bodies.shift()));
    cleanups.push(server.close);
    const docs = new DocsClient({ baseUrl: server.url, token: 'tok_0123456789', retry: { maxRetries: 0 } });
    cleanups.push(() => docs.close());
    const light = await docs.call(content.listPages, { spaceId: 'sp_1' }, { validate: checkPageTree });
    expect(light.pages[1]?.pages?.[1]).toMatchObject({ id: 'p4', hidden: 'yes' });
    const err = await docs.call(content.listPages, { spaceId: 'sp_1' }, { validate: checkPageTree }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseError);
    expect((err as Error).message).toBe(
      'GET /v1/spaces/sp_1/content/pages: unexpected response shape (response.pages.1.pages.1.id: expected a string)',
    );
  });

  it('leaves the full schema in force without it', async () => {
    const server = await startServer((_req, res) => sendJson(res, 200, tree(doc('p4', { hidden: 'yes' }))));
    cleanups.push(server.close);
    const docs = new DocsClient({ baseUrl: server.url, token: 'tok_0123456789', retry: { maxRetries: 0 } });
    cleanups.push(() => docs.close());
    const err = await docs.call(content.listPages, { spaceId: 'sp_1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseError);
    expect((err as Error).message).toMatch(/unexpected response shape \(response\.pages\.1[.:]/);
  });
});
