import { describe, expect, it } from 'vitest';
import type { DocsClient } from '../../src/api/client.js';
import type { Operation } from '../../src/api/operation.js';
import { checkChangeRequest } from '../../src/content/check.js';
import { withCall } from '../helpers/area-call.js';

/**
 * What checkChangeRequest asks a server whose page lists carry no markdown (only document ids): a
 * client double answering from memory and recording each request, so the check is seen to read
 * only what the change request changes, and to settle which broken links it brings from the
 * reports' stats, or from the primary content's report where the stats do not.
 */

interface Side {
  /** Flat: id → [path, document id, markdown]. */
  pages: Record<string, [string, string, string]>;
  /** Broken targets by page id. */
  broken: Record<string, string[]>;
  /** `stats.broken.changeRequest` by page id (change request only; absent: not given). */
  brought?: Record<string, number>;
}

const tree = (side: Side) =>
  Object.entries(side.pages).map(([id, [path, documentId]]) => ({ id, title: path, slug: path, path, type: 'document', documentId }));
const brokenItem = (target: string, on: string) => ({
  status: 'broken',
  targetReference: { kind: 'url', url: target },
  locationReferences: [{ kind: 'page', page: { id: on } }],
});

function fakeClient(primary: Side, cr: Side, okLinks: { target: string; on: string }[] = []) {
  const requests: string[] = [];
  const links = (side: Side, label: string) => (params: { pageId: string }) => {
    requests.push(`${label} links ${params.pageId}`);
    const items = (side.broken[params.pageId] ?? []).map((t) => brokenItem(t, params.pageId));
    const brought = side.brought?.[params.pageId];
    return Promise.resolve({
      items,
      stats: { total: items.length, broken: { total: items.length, ...(brought === undefined ? {} : { changeRequest: brought }) } },
    });
  };
  const body = (side: Side, label: string) => (params: { pageId: string }) => {
    requests.push(`${label} body ${params.pageId}`);
    return Promise.resolve({ markdown: side.pages[params.pageId]?.[2] });
  };
  const client = withCall({
    changeRequests: { get: () => Promise.resolve({ number: 4, outdated: false }) },
    changeRequestContent: {
      listPages: () => Promise.resolve({ pages: tree(cr) }),
      getPage: body(cr, 'cr'),
      listPageLinks: links(cr, 'cr'),
    },
    content: {
      listPages: () => Promise.resolve({ pages: tree(primary) }),
      getPage: body(primary, 'primary'),
      listPageLinks: links(primary, 'primary'),
    },
    async *paginate(op: Operation, params: { query?: { status?: string } }) {
      requests.push(`${op.id}${params.query?.status ? ` ${params.query.status}` : ''}`);
      await Promise.resolve();
      if (op.id !== 'listSpaceLinks') return;
      if (params.query?.status === 'ok')
        for (const { target, on } of okLinks)
          yield {
            status: 'ok',
            targetReference: { kind: 'page', page: { id: target } },
            locationReferences: [{ kind: 'page', page: { id: on } }],
          };
      if (params.query?.status === 'broken')
        for (const [on, targets] of Object.entries(primary.broken)) for (const t of targets) yield brokenItem(t, on);
    },
  });
  return { client: client as unknown as DocsClient, requests };
}

const params = { spaceId: 'sp', changeRequestId: 'cr' };
const primary: Side = {
  pages: { p1: ['one', 'd1', 'See [x](gone.md)'], p2: ['two', 'd2', 'Text'], p3: ['three', 'd3', 'Fine'], p5: ['five', 'd5', ''] },
  broken: { p1: ['gone.md'] },
};

describe('checkChangeRequest', () => {
  it('reads only the bodies and link reports of the pages the change request changes', async () => {
    const cr: Side = {
      pages: { ...primary.pages, p2: ['two', 'd2x', ' '], p4: ['four', 'd4', '[y](nope.md)'] },
      broken: { p1: ['gone.md'], p4: ['nope.md'] },
      brought: { p1: 0, p4: 1 },
    };
    const { client, requests } = fakeClient(primary, cr);
    // The anchor check reads every body (a link on any page may name a heading of a changed one): left out here.
    const report = await checkChangeRequest(client, params, { ignore: ['broken-anchor'] });
    expect(report).toEqual({
      ok: false,
      findings: [
        { kind: 'empty-page', page: 'two', message: '"two" has no content', introduced: true },
        { kind: 'broken-link', page: 'four', message: 'broken link to nope.md', introduced: true, line: 3 },
      ],
    });
    expect(requests.filter((r) => !r.startsWith('list')).sort()).toEqual([
      'cr body p2',
      'cr body p4',
      'cr links p2',
      'cr links p4',
      'primary body p2',
    ]);
    expect(requests).not.toContain('listSpaceLinks broken');

    // --all: the primary content's broken link and empty page too, from its report; nothing more is read per page.
    const everything = fakeClient(primary, cr);
    const full = await checkChangeRequest(everything.client, params, { all: true });
    expect(full.findings.filter((f) => !f.introduced)).toEqual([
      { kind: 'broken-link', page: 'one', message: 'broken link to gone.md', introduced: false, line: 3 },
      { kind: 'empty-page', page: 'five', message: '"five" has no content', introduced: false },
    ]);
    // The added page could be the one p1 links to: p1's link is read in the change request.
    expect(everything.requests.filter((r) => r.includes('links p')).sort()).toEqual(['cr links p1', 'cr links p2', 'cr links p4']);

    // A change request that adds or moves no page leaves the primary content's links as they are: its report is enough.
    const edit = fakeClient(primary, { ...cr, pages: { ...primary.pages, p2: ['two', 'd2x', ' '] } });
    const edited = await checkChangeRequest(edit.client, params, { all: true });
    expect(edited.findings.map((f) => [f.kind, f.page, f.introduced])).toEqual([
      ['broken-link', 'one', false],
      ['empty-page', 'two', true],
      ['empty-page', 'five', false],
    ]);
    expect(edit.requests.filter((r) => r.includes('links p'))).toEqual(['cr links p2']);
  });

  it("compares with the primary content's page report when the stats do not settle it, or are not given", async () => {
    const cr: Side = {
      pages: { ...primary.pages, p1: ['one', 'd1x', 'See [x](gone.md) and [z](lost.md)'] },
      broken: { p1: ['gone.md', 'lost.md'] },
      brought: { p1: 1 },
    };
    for (const side of [cr, { ...cr, brought: {} }]) {
      const { client, requests } = fakeClient(primary, side);
      const report = await checkChangeRequest(client, params, { all: true, ignore: ['empty-page'] });
      expect(report.findings).toEqual([
        { kind: 'broken-link', page: 'one', message: 'broken link to gone.md', introduced: false, line: 3 },
        { kind: 'broken-link', page: 'one', message: 'broken link to lost.md', introduced: true, line: 3 },
      ]);
      expect(requests).toContain('primary links p1');
    }
  });

  it('a change request that fixes a broken link in a page it edits has nothing to report, even with all', async () => {
    const cr: Side = { pages: { ...primary.pages, p1: ['one', 'd1x', 'See [x](two.md)'] }, broken: {}, brought: {} };
    const { client } = fakeClient(primary, cr);
    expect((await checkChangeRequest(client, params, { all: true, ignore: ['empty-page'] })).findings).toEqual([]);
  });

  it('checks the pages linking to a page it removes, read from the primary content’s report', async () => {
    const { p3: _removed, ...rest } = primary.pages;
    const cr: Side = { pages: rest, broken: { p1: ['gone.md'], p2: ['three.md'] }, brought: { p1: 0, p2: 1 } };
    const { client, requests } = fakeClient(primary, cr, [
      { target: 'p3', on: 'p2' },
      { target: 'p2', on: 'p1' },
    ]);
    const report = await checkChangeRequest(client, params, { ignore: ['empty-page'] });
    expect(report.findings).toEqual([{ kind: 'broken-link', page: 'two', message: 'broken link to three.md', introduced: true }]);
    expect(requests.filter((r) => r.includes('links p'))).toEqual(['cr links p2']);
  });

  it('asks nothing for the kinds it ignores', async () => {
    const { client, requests } = fakeClient(primary, { ...primary, pages: { ...primary.pages, p2: ['two', 'd2x', ''] } });
    const report = await checkChangeRequest(client, params, { ignore: ['broken-link', 'broken-anchor', 'open-comment', 'empty-page'] });
    expect(report).toEqual({ ok: true, findings: [] });
    expect(requests).toEqual([]);
  });
});
