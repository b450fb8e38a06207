import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCALE_SPACE, SCALE_TOKEN, pageId, scaleSeed } from '../../../bench/scale-seed.js';
import { linkWork } from '../../../src/emulator/domain/links.js';
import { mergeWork } from '../../../src/emulator/domain/merge.js';
import { searchWork } from '../../../src/emulator/domain/search.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { call } from '../helpers.js';

/*
 * The cost shape at n and 10n pages, counted rather than timed (bench/scale.ts times it): how many
 * pages a link resolution reads, how many revisions a comment listing reads, what the next page of
 * a report or a search recomputes, how many sibling entries a merge visits.
 */

let emu: RunningEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function costs(pages: number) {
  emu = await startEmulator({ seed: scaleSeed({ pages, comments: 120 }) });
  const running = emu;
  const get = async (path: string) => {
    const res = await call(running.url, 'GET', `/v1/spaces/${SCALE_SPACE}${path}`, { token: SCALE_TOKEN });
    expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
    return res.body as {
      items: unknown[];
      next?: { page: string };
      stats?: { total: number; broken: { total: number; changeRequest: number } };
    };
  };
  const post = async (path: string) =>
    expect((await call(running.url, 'POST', `/v1/spaces/${SCALE_SPACE}${path}`, { token: SCALE_TOKEN })).status).toBe(200);
  const delta = async <T>(counter: () => number, fn: () => Promise<T>): Promise<{ n: number; value: T }> => {
    const before = counter();
    const value = await fn();
    return { n: counter() - before, value };
  };
  const scanned = () => linkWork.pagesScanned;

  const pageLinks = await delta(scanned, () => get(`/content/page/${pageId(0, 1)}/links`));
  const report = await delta(scanned, () => get('/links?limit=100'));
  const reportNext = await delta(scanned, () => get(`/links?limit=100&page=${encodeURIComponent(report.value.next?.page ?? '')}`));
  const firstInChangeRequest = await delta(scanned, () => get(`/change-requests/cr_work/content/page/${pageId(0, 1)}/links`));
  const nextInChangeRequest = await delta(scanned, () => get(`/change-requests/cr_work/content/page/${pageId(0, 2)}/links`));

  const reads = vi.spyOn(running.store, 'get');
  const comments = await get('/comments?limit=100');
  const revisionReads = reads.mock.calls.filter(([kind]) => kind === 'revision').length;
  reads.mockRestore();

  const search = await get(`/search?query=${encodeURIComponent('words about')}&limit=50`);
  const searchNext = await delta(
    () => searchWork.pagesSearched,
    () => get(`/search?query=${encodeURIComponent('words about')}&limit=50&page=${encodeURIComponent(search.next?.page ?? '')}`),
  );

  const merge = await delta(
    () => mergeWork.siblingsRead,
    async () => {
      await post('/change-requests/cr_work/update');
      await post('/change-requests/cr_work/merge');
    },
  );
  return {
    pageLinks: pageLinks.n,
    firstInChangeRequest: firstInChangeRequest.n,
    nextInChangeRequest: nextInChangeRequest.n,
    report: report.n,
    reportItems: report.value.items.length,
    reportTotal: report.value.stats?.total ?? 0,
    reportNext: reportNext.n,
    comments: comments.items.length,
    revisionReads,
    searchNext: searchNext.n,
    searchItems: searchNext.value.items.length,
    merge: merge.n,
  };
}

describe('the emulator at n and 10n pages', () => {
  it('resolves one page’s links, lists comments and pages through reports and searches at a cost that does not grow faster than the pages', async () => {
    const small = await costs(100);
    await emu?.close();
    emu = undefined;
    const large = await costs(1000);

    for (const c of [small, large]) {
      // One page's links read that page only (the change request's first request also indexes the space's revision once).
      expect(c.pageLinks).toBe(1);
      expect(c.nextInChangeRequest).toBe(1);
      // Every page is read once for the whole report, and never again for its next page.
      expect(c.reportNext).toBe(0);
      expect(c.reportItems).toBe(100);
      // A comment listing reads the current revision at most once, however many comments it shows.
      expect(c.comments).toBe(100);
      expect(c.revisionReads).toBeLessThanOrEqual(1);
      expect(c.searchItems).toBe(50);
      expect(c.searchNext).toBe(0);
    }
    // The space's link index, built by its report, serves the change request's count of what it broke.
    expect(small.firstInChangeRequest).toBe(1);
    expect(large.firstInChangeRequest).toBe(1);
    // Linear: 10x the pages, 10x the pages read (folders included), never more.
    expect(small.report).toBe(101);
    expect(large.report).toBe(1010);
    expect(large.reportTotal).toBeGreaterThan(9 * small.reportTotal);
    expect(large.merge).toBeGreaterThan(0);
    expect(large.merge).toBeLessThanOrEqual(11 * small.merge);
  }, 120_000);
});
