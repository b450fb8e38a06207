import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spreadRepository } from '../../../bench/link-report-shape.js';
import { linkReport, type Locator } from '../../../src/emulator/domain/links.js';
import { flattenPages, getRevision, type PageNode } from '../../../src/emulator/domain/revisions.js';
import type { SpaceDoc } from '../../../src/emulator/domain/spaces.js';
import { git, repoWith } from '../../helpers/setup.js';
import { expectSpec, startWorld, T, type World } from './helpers.js';

/*
 * The link report of a space imported from Git, in the shape of bench/link-report.ts at 300 pages: the
 * import indexes the links and keeps the pages it did not change, and the report must still be exactly
 * what the pages say, after the import and after each change imported again.
 */

let w: World;
let root: string;
let repo: string;
let space: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'link-report-git-'));
  w = await startWorld(undefined, { filesRoot: root });
  repo = repoWith(root, 'spread', Object.fromEntries(spreadRepository(300)));
  space = (await w.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate')).body.id as string;
});
afterAll(async () => {
  await w.emu.close();
  rmSync(root, { recursive: true, force: true });
});

type Item = { status: string; targetReference: any; locationReferences: any[] };
const gitImport = async () =>
  expect((await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/import`, { url: repo, ref: 'refs/heads/main' })).status).toBe(204);
const report = async (query = 'limit=1000') => {
  const res = await w.call(T.reader, 'GET', `/v1/spaces/${space}/links?${query}`);
  expect(res.status).toBe(200);
  return res as { body: { items: Item[]; next?: { page: string }; stats: any }; text: string };
};
const all = async () => {
  const items: Item[] = [];
  let page: string | undefined;
  let stats: unknown;
  do {
    const res = await report(`limit=1000${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    items.push(...res.body.items);
    stats = res.body.stats;
    page = res.body.next?.page;
  } while (page);
  return { items, stats };
};
const revision = () => getRevision(w.emu.store, w.emu.store.get<SpaceDoc>('space', space)!.revision);
const byPath = (path: string) => flattenPages(revision().pages).find((e) => e.page.git?.path === path)!.page;
const commit = (path: string, text: string) => {
  writeFileSync(join(repo, path), text);
  git(repo, 'commit', '-q', '-am', `Edit ${path}`);
};
/** The report presented from the pages' objects, without the kept texts: what the bytes must say. */
const presented = (): Item[] => {
  const body = revision();
  const first = JSON.parse(lastText) as { items: Item[] };
  const any = first.items[0]!.locationReferences[0];
  const loc: Locator = {
    organization: any.organization,
    space: any.space,
    ctx: { baseUrl: w.emu.url, organization: 'org_main', space },
  };
  const r = linkReport(structuredClone(body), loc, {});
  return r.items.map((i) => r.present(i) as unknown as Item);
};
let lastText = '';

describe('the link report of a space imported from Git', () => {
  it('after the import: every page’s four links, grouped by target, the same bytes as its presentation', async () => {
    await gitImport();
    const first = await report();
    lastText = first.text;
    expectSpec('listSpaceLinks', first.body);
    const { items, stats } = await all();
    // 300 pages linking to another page and to the next (each page is the target of two), 20 URLs, 300 missing pages.
    expect(stats).toEqual({ total: 300 + 20 + 300, broken: { total: 300, changeRequest: 0 } });
    const url = items.find((i) => i.targetReference.url === 'https://docs.example.com/ref/3')!;
    expect(url.status).toBe('ok');
    expect(url.locationReferences).toHaveLength(15);
    expect(items.find((i) => i.targetReference.url === 'missing-42.md')).toMatchObject({ status: 'broken' });
    // Each page is linked from the page before it and from one other (once when both are the same page).
    const pageItems = items.filter((i) => i.targetReference.kind === 'page');
    expect(pageItems).toHaveLength(300);
    for (const item of pageItems) expect(item.locationReferences.length).toBeGreaterThanOrEqual(1);
    expect(pageItems.reduce((n, i) => n + i.locationReferences.length, 0)).toBeGreaterThan(590);
    expect(items).toEqual(presented());
  });

  it('after a one-page change imported again: the unchanged pages are the same objects, the changed one shows everywhere', async () => {
    const before = revision();
    const unchanged = byPath('f1/p5.md');
    const text = '# Page 7\n\nNow [only the first](../f0/p0.md) and [a new missing page](brand-new.md).\n';
    commit('f0/p7.md', text);
    await gitImport();
    const after = revision();
    expect(after.id).not.toBe(before.id);
    // Kept: a page the import did not change, and a folder none of whose pages changed.
    expect(byPath('f1/p5.md')).toBe(unchanged);
    const folder = (rev: typeof before, slug: string) => rev.pages.find((p: PageNode) => p.slug === slug)!;
    expect(folder(after, 'f1')).toBe(folder(before, 'f1'));
    // Not kept: the changed page and its folder.
    expect(folder(after, 'f0')).not.toBe(folder(before, 'f0'));
    expect(byPath('f0/p7.md').markdown).toContain('brand-new.md');

    const { items, stats } = await all();
    expect(stats).toEqual({ total: 300 + 20 + 300 - 1 + 1, broken: { total: 300, changeRequest: 0 } });
    const home = items.find((i) => i.targetReference.page?.git?.path === 'f0/p0.md')!;
    const from7 = home.locationReferences.find((l) => l.page.git.path === 'f0/p7.md');
    expect(from7.page.markdown).toBe(byPath('f0/p7.md').markdown);
    expect(items.find((i) => i.targetReference.url === 'missing-7.md')).toBeUndefined();
    expect(items.find((i) => i.targetReference.url === 'brand-new.md')).toMatchObject({ status: 'broken' });
    // The page's own item (the targets of p6's next link and of another page) shows its new text.
    const seven = items.find((i) => i.targetReference.page?.git?.path === 'f0/p7.md')!;
    expect(seven.targetReference.page.markdown).toBe(byPath('f0/p7.md').markdown);
    lastText = (await report()).text;
    expect(items).toEqual(presented());
  });

  it('a title changed in Git changes the page’s text in every location, though its markdown did not', async () => {
    commit('f2/p3.md', readFileSync(join(repo, 'f2/p3.md'), 'utf8').replace('# Page 203', '# Page two hundred and three'));
    await gitImport();
    const { items } = await all();
    const locations = items.flatMap((i) => i.locationReferences).filter((l) => l.page.git.path === 'f2/p3.md');
    expect(locations.length).toBeGreaterThanOrEqual(3);
    for (const l of locations) expect(l.page.title).toBe('Page two hundred and three');
    lastText = (await report()).text;
    expect(items).toEqual(presented());
  });
});
