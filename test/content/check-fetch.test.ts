import { describe, expect, it } from 'vitest';
import type { DocsClient } from '../../src/api/client.js';
import type { Operation } from '../../src/api/operation.js';
import { checkChangeRequest } from '../../src/content/check.js';
import { withCall } from '../helpers/area-call.js';

/**
 * What checkChangeRequest asks a server whose page lists carry no markdown: a client double
 * answering from memory, recording each request, so `--ignore` is seen to skip the work and the
 * progress to count every page request once.
 */

const pages = [
  { id: 'p1', title: 'One', slug: 'one', path: 'one', type: 'document' },
  {
    id: 'p2',
    title: 'Two',
    slug: 'two',
    path: 'two',
    type: 'document',
    pages: [{ id: 'p3', title: 'Three', slug: 'three', path: 'two/three', type: 'document' }],
  },
  { id: 'g', title: 'Group', slug: 'group', path: 'group', type: 'group' },
];
const markdown: Record<string, string> = { p1: 'Hello [x](gone.md)', p2: '', p3: 'Fine' };

function fakeClient() {
  const requests: string[] = [];
  const client = withCall({
    changeRequests: {
      get: () => {
        requests.push('get');
        return Promise.resolve({ number: 4, outdated: false });
      },
    },
    changeRequestContent: {
      listPages: () => {
        requests.push('pages');
        return Promise.resolve({ pages });
      },
      getPage: (params: { pageId: string }) => {
        requests.push(`body ${params.pageId}`);
        return Promise.resolve({ markdown: markdown[params.pageId] });
      },
    },
    async *paginate(op: Operation, params: { pageId?: string }) {
      requests.push(params.pageId ? `links ${params.pageId}` : op.id);
      if (params.pageId === 'p1') yield { status: 'broken', targetReference: { kind: 'url', url: 'gone.md' } };
      if (params.pageId === 'p3') yield { status: 'ok', targetReference: { kind: 'url', url: 'https://example.com' } };
      await Promise.resolve();
    },
  });
  return { client: client as unknown as DocsClient, requests };
}

const params = { spaceId: 'sp', changeRequestId: 'cr' };

describe('checkChangeRequest', () => {
  it('reads each document body and link report once, and reports progress over both', async () => {
    const { client, requests } = fakeClient();
    const ticks: [number, number][] = [];
    const report = await checkChangeRequest(client, params, { onProgress: (done, total) => ticks.push([done, total]) });
    expect(report).toEqual({
      ok: false,
      findings: [
        { kind: 'broken-link', page: 'one', message: 'broken link to gone.md' },
        { kind: 'empty-page', page: 'two', message: '"Two" has no content' },
      ],
    });
    expect(requests.filter((r) => r.startsWith('body')).sort()).toEqual(['body p1', 'body p2', 'body p3']);
    expect(requests.filter((r) => r.startsWith('links')).sort()).toEqual(['links p1', 'links p2', 'links p3']);
    expect(requests).toContain('listCommentsInChangeRequest');
    expect(ticks[0]).toEqual([0, 6]);
    expect(ticks.at(-1)).toEqual([6, 6]);
    expect(ticks).toHaveLength(7);
  });

  it('asks nothing for the kinds it ignores', async () => {
    const { client, requests } = fakeClient();
    const report = await checkChangeRequest(client, params, { ignore: ['broken-link', 'open-comment', 'empty-page'] });
    expect(report).toEqual({ ok: true, findings: [] });
    expect(requests.sort()).toEqual(['get', 'pages']);
  });
});
