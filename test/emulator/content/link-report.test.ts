import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkReport, type Locator } from '../../../src/emulator/domain/links.js';
import { getRevision } from '../../../src/emulator/domain/revisions.js';
import type { SpaceDoc } from '../../../src/emulator/domain/spaces.js';
import { editPage, expectSpec, startWorld, T, type World } from './helpers.js';

/*
 * The space link report when many pages share targets: the JSON text of an item linked from many
 * pages is built from parts and kept between requests. It must be the bytes the presented item
 * serializes to, and follow every change of the content.
 */

/** Pages added to sp_docs, each linking to the guide, to its own missing page, out and to the same missing page. */
const MANY = 40;
const manyPages = Array.from({ length: MANY }, (_, i) => ({
  id: `pg_many_${i}`,
  title: `Many "${i}" ✓`,
  ...(i % 2 ? { emoji: '📗', description: `Page <${i}> \\ "quoted"` } : {}),
  markdown: `See [the guide](/guide/README.md), [gone](gone-${i}.md), [out](https://example.com/many) and [shared gone](/nowhere.md).\n`,
}));

let w: World;
beforeAll(async () => {
  w = await startWorld((s) => {
    const spaces = s.organizations[0]!.spaces as { id?: string; pages: unknown[] }[];
    const docs = spaces.find((sp) => sp.id === 'sp_docs')!;
    docs.pages.push({ id: 'pg_many', title: 'Many', markdown: 'The pages that share links.\n', pages: manyPages });
  });
});
afterAll(() => w.emu.close());

type Item = { status: string; targetReference: any; locationReferences: any[] };
const links = async (token: string = T.reader, query = 'limit=1000') => {
  const res = await w.call(token, 'GET', `/v1/spaces/sp_docs/links?${query}`);
  expect(res.status).toBe(200);
  return res as { body: { items: Item[]; count: number; next?: { page: string }; stats: any }; text: string };
};
const target = (item: Item) => item.targetReference.url ?? item.targetReference.page?.id ?? item.targetReference.file?.id;
const byTarget = (items: Item[], t: string) => items.find((i) => target(i) === t);

describe('the space link report, pages sharing targets', () => {
  it('reports page, external and broken targets with every page that links to them, the same on every read', async () => {
    const first = await links();
    expectSpec('listSpaceLinks', first.body);
    const { items } = first.body;
    const guide = byTarget(items, 'pg_guide')!;
    expect(guide.status).toBe('ok');
    expect(guide.targetReference.kind).toBe('page');
    expect(guide.locationReferences.map((l) => l.page.id)).toEqual(['pg_intro', ...manyPages.map((p) => p.id)]);
    expect(byTarget(items, 'https://example.com/many')).toMatchObject({ status: 'ok', targetReference: { kind: 'url' } });
    expect(byTarget(items, 'https://example.com/many')!.locationReferences).toHaveLength(MANY);
    expect(byTarget(items, '/nowhere.md')!.status).toBe('broken');
    expect(byTarget(items, '/nowhere.md')!.locationReferences).toHaveLength(MANY);
    expect(byTarget(items, 'gone-7.md')!.locationReferences.map((l) => l.page.id)).toEqual(['pg_many_7']);
    // 7 targets of the demo pages, then the guide is shared; per page: its own gone, the shared gone and the URL once.
    expect(first.body.stats).toEqual({ total: 7 + MANY + 2, broken: { total: 1 + MANY + 1, changeRequest: 0 } });
    // Every location carries the organization, the space and the page (with its markdown).
    const loc = guide.locationReferences[2];
    expect(loc).toMatchObject({ kind: 'page', organization: { id: 'org_main' }, space: { id: 'sp_docs' } });
    expect(loc.page).toMatchObject({ id: 'pg_many_1', title: 'Many "1" ✓', emoji: '📗', markdown: manyPages[1]!.markdown, pages: [] });

    const again = await links();
    expect(again.text).toBe(first.text);
    // Paged, the items are the same ones in the same order.
    const paged = await links(T.reader, 'limit=5');
    const rest = await links(T.reader, `limit=1000&page=${encodeURIComponent(paged.body.next!.page)}`);
    expect([...paged.body.items, ...rest.body.items]).toEqual(items);
  });

  it('serializes each item to the bytes of its presentation, kept or not', async () => {
    await links();
    const space = w.emu.store.get<SpaceDoc>('space', 'sp_docs')!;
    const loc: Locator = {
      organization: { id: 'org_main', title: 'Main Org "quoted"' },
      space: { id: 'sp_docs', title: 'Docs ✓' } as Locator['space'],
      ctx: { baseUrl: w.emu.url, organization: 'org_main', space: 'sp_docs' },
    };
    // The revision as requests read it (frozen, so the texts are kept with it): twice, built then kept.
    for (let round = 0; round < 2; round++) {
      const report = linkReport(getRevision(w.emu.store, space.revision), loc, {});
      expect(report.items.some((i) => i.from.length >= MANY)).toBe(true);
      for (const item of report.items) expect(report.json(item).toString('utf8')).toBe(JSON.stringify(report.present(item)));
    }
  });

  it('follows a changed page: its new links are reported and those it dropped are gone', async () => {
    const before = await links();
    expect(byTarget(before.body.items, 'pg_guide')!.locationReferences).toHaveLength(MANY + 1);
    editPage(w, 'sp_docs', 'pg_many_3', 'Now only [setup](/setup.md) and [a new gone](brand-new.md).\n');
    const rewritten =
      'Rewritten: [the guide](../guide/README.md), [gone](gone-4.md), [out](https://example.com/many), [shared gone](/nowhere.md).\n';
    editPage(w, 'sp_docs', 'pg_many_4', rewritten);
    const after = await links();
    const guide = byTarget(after.body.items, 'pg_guide')!;
    expect(guide.locationReferences.map((l) => l.page.id)).not.toContain('pg_many_3');
    expect(guide.locationReferences).toHaveLength(MANY);
    expect(byTarget(after.body.items, 'pg_setup')!.locationReferences.map((l) => l.page.id)).toEqual(['pg_intro', 'pg_many_3']);
    expect(byTarget(after.body.items, 'brand-new.md')).toMatchObject({ status: 'broken' });
    expect(byTarget(after.body.items, 'gone-3.md')).toBeUndefined();
    expect(after.body.stats).toEqual({ total: 7 + MANY + 2, broken: { total: 1 + MANY + 1, changeRequest: 0 } });
    // The page that still links to the guide shows its new markdown there: the text kept for the old content is not served.
    expect(guide.locationReferences.find((l) => l.page.id === 'pg_many_4').page.markdown).toBe(rewritten);
    expect(byTarget(after.body.items, '/nowhere.md')!.locationReferences.find((l) => l.page.id === 'pg_many_4').page.markdown).toBe(
      rewritten,
    );
  });

  it('shows each caller the organization and space as that caller sees them', async () => {
    const reader = await links(T.reader);
    const admin = await links(T.admin);
    const perms = (res: typeof reader) => byTarget(res.body.items, 'pg_guide')!.locationReferences[5].space.permissions;
    expect(perms(reader)).not.toEqual(perms(admin));
    expect(perms(admin)).toMatchObject({ admin: true });
    // And again for the first caller, after the second: each sees their own.
    expect((await links(T.reader)).text).toBe(reader.text);
  });
});
