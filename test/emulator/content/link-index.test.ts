import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spreadRepository } from '../../../bench/link-report-shape.js';
import {
  linkReport,
  linkWork,
  storedLinkPage,
  type LinkReport,
  type LinkStatus,
  type Locator,
} from '../../../src/emulator/domain/links.js';
import { encodeOrderedCursor, pageOrdered } from '../../../src/emulator/domain/ordered-list.js';
import { peekRevision } from '../../../src/emulator/domain/revision-cache.js';
import { buildFile, buildPages, createRevision, getRevision, type RevisionDoc } from '../../../src/emulator/domain/revisions.js';
import type { SpaceDoc } from '../../../src/emulator/domain/spaces.js';
import { Store } from '../../../src/emulator/store/store.js';
import { availableDrivers } from '../../../src/emulator/store/sqlite.js';
import { repoWith } from '../../helpers/setup.js';
import { call } from '../helpers.js';
import { editPage, startWorld, T, type World } from './helpers.js';

/*
 * The link index kept in the store (issue 36 §3): the first report after a restart reads the grouping and
 * the pages' location texts from the store instead of resolving every link and presenting every page. The
 * port changes at each start, so nothing stored may depend on the base URL, and the answer must be the
 * bytes a report computed from the pages gives.
 */

const OLD = 'http://127.0.0.1:4001';
const NEW = 'http://127.0.0.1:4002';

/** Every item's bytes, and the stats: what the API sends. */
const bytesOf = (report: LinkReport) => ({ text: Buffer.concat(report.items.map(report.json)).toString('utf8'), stats: report.stats });

const locator = (baseUrl: string, space: string): Locator => ({
  organization: { id: 'org_1', title: 'Org "one"' },
  space: { id: space, title: 'Space ✓' } as Locator['space'],
  ctx: { baseUrl, organization: 'org_1', space },
});

/** The report computed from a copy of the pages (not frozen: nothing kept, nothing read from a store). */
const computed = (rev: RevisionDoc, baseUrl: string) => bytesOf(linkReport(structuredClone(rev), locator(baseUrl, rev._space), {}));

describe.each(availableDrivers())('the link index in the store (%s)', (driver) => {
  it('gives after a restart, on another port, the bytes the pages give: statuses by the new host, texts with the new URLs', () => {
    const store = new Store(undefined, { driver });
    const at = '2026-03-01T10:00:00.000Z';
    const pages = buildPages(
      store,
      [
        {
          title: 'Home "quoted" ✓',
          emoji: '📘',
          description: 'A <description> \\ with "quotes"',
          markdown: `[old host](${OLD}/app/x) [new host](${NEW}/app/y) [app](https://app.example.com/o/1) [out](https://example.com/a) [bad](http://[::1) [mail](mailto:a@example.com) [logo](.gitbook/assets/logo.png) [root](/) [gone](gone.md) [odd](%E0%A4%A.md)\n`,
          git: { oid: 'abc', path: 'README.md' },
          pages: [
            { title: 'Child', markdown: '[home](../README.md), [out](https://example.com/a), [self](child.md), [anchor](#here)\n' },
            { title: 'No links', markdown: 'Nothing to see.\n' },
          ],
        },
        { title: 'Other', markdown: `[child](home-quoted/child.md) [new host](${NEW}/app/y) [gone](/gone.md) [logo](logo.png)\n` },
      ],
      at,
    );
    const files = [buildFile(store, { name: 'logo.png', contentType: 'image/png', content: 'png' })];
    const rev = createRevision(store, { space: 'sp_1', parents: [], pages, files, createdAt: at, type: 'edits' });

    // The first report on the old port keeps the index in the store.
    const first = bytesOf(linkReport(rev, locator(OLD, 'sp_1'), { store }));
    expect(first).toEqual(computed(rev, OLD));
    expect(store.derivedVersion('links', 'sp_1')).toBe(`2 ${rev.id}`);

    // A restart: the same database, another process's objects, another port.
    const again = new Store(store.snapshot(), { driver });
    const reread = getRevision(again, rev.id);
    expect(reread).not.toBe(rev);
    const scanned = linkWork.pagesScanned;
    const report = linkReport(reread, locator(NEW, 'sp_1'), { store: again });
    const after = bytesOf(report);
    expect(linkWork.pagesScanned, 'the index was read, not computed').toBe(scanned);
    expect(after).toEqual(computed(reread, NEW));
    // The host-dependent statuses moved with the port.
    const status = (url: string) => report.items.find((i) => i.id === `url:${url}`)?.link.status;
    expect([status(`${OLD}/app/x`), status(`${NEW}/app/y`), status('https://app.example.com/o/1'), status('http://[::1')]).toEqual([
      'ok',
      'in-app',
      'in-app',
      'broken',
    ]);
    expect(after.text).toContain(`"app":"${NEW}/app/o/org_1/s/sp_1/`);
    expect(after.text).not.toContain(`${OLD}/app/o/`);
    store.close();
    again.close();
  });

  it('is not read for another revision of the space, nor in another format: the report is computed (and kept) again', () => {
    const store = new Store(undefined, { driver });
    const at = '2026-03-01T10:00:00.000Z';
    const make = (markdown: string) =>
      createRevision(store, {
        space: 'sp_2',
        parents: [],
        pages: buildPages(store, [{ title: 'One', markdown }], at),
        files: [],
        createdAt: at,
        type: 'edits',
      });
    const a = make('[a](https://example.com/a)\n');
    linkReport(a, locator(OLD, 'sp_2'), { store });
    const b = make('[b](https://example.com/b)\n');
    const again = new Store(store.snapshot(), { driver });
    const scanned = linkWork.pagesScanned;
    const report = linkReport(getRevision(again, b.id), locator(OLD, 'sp_2'), { store: again });
    expect(linkWork.pagesScanned).toBe(scanned + 1);
    expect(report.items.map((i) => i.id)).toEqual(['url:https://example.com/b']);
    expect(again.derivedVersion('links', 'sp_2')).toBe(`2 ${b.id}`);
    const stored = again.getDerived('links', 'sp_2', `2 ${b.id}`)!;
    expect(JSON.parse(stored.data)).toMatchObject({ format: 2, revision: b.id });

    // An entry of another format (an older emulator's) is ignored, and replaced.
    again.putDerived('links', 'sp_2', { version: `1 ${b.id}`, data: stored.data, bytes: stored.bytes });
    const third = new Store(again.snapshot(), { driver });
    const scannedBefore = linkWork.pagesScanned;
    expect(linkReport(getRevision(third, b.id), locator(OLD, 'sp_2'), { store: third }).items.map((i) => i.id)).toEqual([
      'url:https://example.com/b',
    ]);
    expect(linkWork.pagesScanned).toBe(scannedBefore + 1);
    expect(third.derivedVersion('links', 'sp_2')).toBe(`2 ${b.id}`);
    for (const s of [store, again, third]) s.close();
  });

  it('answers one page at a time from the store, without the revision: the bytes, counts and cursors the pages give', () => {
    const store = new Store(undefined, { driver });
    const at = '2026-03-01T10:00:00.000Z';
    const n = 60;
    const pages = buildPages(
      store,
      Array.from({ length: n }, (_, k) => ({
        title: k === 7 ? 'Seven "quoted" \\ ✓' : `P${k}`,
        slug: k === 7 ? 'seven-✓' : `p${k}`,
        markdown: [
          `[next](p${(k + 1) % n}.md) [new host](${NEW}/app/x${k % 3}) [old host](${OLD}/app/y) [app](https://app.example.com/${k % 4})`,
          `[out](https://example.com/${k % 5}) [gone](gone-${k}.md) [logo](logo.png) [mail](mailto:x${k % 2}@example.com) [bad](http://[::${k % 2})`,
          k % 9 === 0 ? '[seven](seven-✓.md) [child](p0/child.md)' : '',
        ].join('\n'),
        ...(k === 0 ? { pages: [{ title: 'Child', slug: 'child', markdown: `[up](../p1.md) [out](https://example.com/0)\n` }] } : {}),
      })),
      at,
    );
    const files = [buildFile(store, { name: 'logo.png', contentType: 'image/png', content: 'png' })];
    const rev = createRevision(store, { space: 'sp_3', parents: [], pages, files, createdAt: at, type: 'edits' });
    linkReport(rev, locator(OLD, 'sp_3'), { store });

    // A restart on another port: nothing in memory, the index in the store.
    const again = new Store(store.snapshot(), { driver });
    const loc = locator(NEW, 'sp_3');
    const stored = (status: LinkStatus | undefined, page: string | undefined, limit: number) => {
      const answer = storedLinkPage(again, rev.id, loc, { ...(status ? { status } : {}), ...(page ? { page } : {}), limit });
      expect(answer, 'answered from the store').toBeDefined();
      const { items, ...rest } = answer!;
      return { text: Buffer.concat(items).toString('utf8'), ...rest };
    };
    const inMemory = (status: LinkStatus | undefined, page: string | undefined, limit: number) => {
      const report = linkReport(structuredClone(rev), loc, status ? { status } : {});
      const { items, ...rest } = pageOrdered(report.items, page, limit);
      return { text: Buffer.concat(items.map(report.json)).toString('utf8'), ...rest, stats: report.stats };
    };
    const storedBefore = linkWork.storedPages;
    let pagesRead = 0;
    for (const status of [undefined, 'ok', 'broken', 'in-app'] as const) {
      for (const limit of [1, 7, 1000]) {
        let page: string | undefined;
        let seen = 0;
        do {
          const want = inMemory(status, page, limit);
          expect(stored(status, page, limit), `${status ?? 'all'}, ${limit} a page, after ${seen}`).toEqual(want);
          pagesRead++;
          seen += limit;
          page = want.next?.page;
        } while (page);
      }
      // Cursors the report did not give: the last item gone (the next one there), both gone (the index), past the end.
      const all = linkReport(structuredClone(rev), loc, status ? { status } : {}).items;
      expect(all.length).toBeGreaterThan(6);
      for (const cursor of [
        encodeOrderedCursor(2, 'url:gone', all[5]!.id),
        encodeOrderedCursor(4, 'url:gone', 'url:also-gone'),
        encodeOrderedCursor(100_000, 'url:gone', 'url:also-gone'),
      ]) {
        expect(stored(status, cursor, 5)).toEqual(inMemory(status, cursor, 5));
        pagesRead++;
      }
    }
    expect(linkWork.storedPages - storedBefore).toBe(pagesRead);
    // Statuses by the new host, the texts with the new URLs.
    const text = stored(undefined, undefined, 1000).text;
    expect(text).toContain(`"app":"${NEW}/app/o/org_1/s/sp_3/p0/child"`);
    expect(text).toContain('"title":"Seven \\"quoted\\" \\\\ ✓"');
    expect(text).not.toContain(`${OLD}/app/o/`);
    expect(JSON.parse(`[${text.replaceAll('}{"status"', '},{"status"')}]`)).toHaveLength(inMemory(undefined, undefined, 1000).count);
    // Not a page cursor: the error a report in memory gives.
    expect(() => storedLinkPage(again, rev.id, loc, { page: 'bm9wZQ' })).toThrow(/not a valid page cursor/);
    expect(peekRevision(again, rev.id), 'the revision was not read').toBeUndefined();
    // Another revision's index is not this one's.
    expect(storedLinkPage(again, 'rev_other', loc, {})).toBeUndefined();
    // An index missing a part answers nothing (the report is computed instead), never wrong bytes or a 500.
    for (const part of ['links:texts', 'links:items', 'links:order']) {
      const damaged = new Store(again.snapshot(), { driver });
      damaged.db.prepare('DELETE FROM derived_parts WHERE name = ? AND ord = 0').run(part);
      expect(storedLinkPage(damaged, rev.id, loc, { status: 'broken' }), part).toBeUndefined();
      damaged.close();
    }
    store.close();
    again.close();
  });
});

/* ---------- a data directory, over HTTP ---------- */

let root: string;
let dataDir: string;
let repo: string;
let w: World | undefined;
let space: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'link-index-'));
  dataDir = join(root, 'data');
  repo = repoWith(root, 'spread', Object.fromEntries(spreadRepository(200)));
});
afterAll(async () => {
  await w?.emu.close();
  rmSync(root, { recursive: true, force: true });
});

const start = async () => {
  await w?.emu.close();
  w = await startWorld(undefined, { filesRoot: root, dataDir });
  return w;
};

/** Every item of the report, and the stats, over HTTP; the emulator's own URL written as HOST. */
const everything = async () => {
  const items: unknown[] = [];
  let page: string | undefined;
  let stats: unknown;
  do {
    const res = await w!.call(T.reader, 'GET', `/v1/spaces/${space}/links?limit=1000${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    stats = res.body.stats;
    page = res.body.next?.page;
  } while (page);
  return JSON.parse(JSON.stringify({ items, stats }).replaceAll(w!.emu.url, 'HOST')) as unknown;
};

/** The same, from the pages' objects as the store holds them now. */
const fromPages = async () => {
  const store = w!.emu.store;
  const rev = getRevision(store, store.get<SpaceDoc>('space', space)!.revision);
  const any = (await w!.call(T.reader, 'GET', `/v1/spaces/${space}/links?limit=1`)).body.items[0].locationReferences[0];
  const loc: Locator = { organization: any.organization, space: any.space, ctx: { baseUrl: w!.emu.url, organization: 'org_main', space } };
  const r = linkReport(structuredClone(rev), loc, {});
  return JSON.parse(JSON.stringify({ items: r.items.map(r.present), stats: r.stats }).replaceAll(w!.emu.url, 'HOST')) as unknown;
};

describe('a data directory keeps the link index across restarts', () => {
  it('after a Git import: the first report after a restart reads it, and says what it said before the restart', async () => {
    await start();
    space = (await w!.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate')).body.id as string;
    expect((await w!.call(T.editor, 'POST', `/v1/spaces/${space}/git/import`, { url: repo, ref: 'refs/heads/main' })).status).toBe(204);
    const before = await everything();
    const oldUrl = w!.emu.url;
    await start();
    expect(w!.emu.url).not.toBe(oldUrl);
    const scanned = linkWork.pagesScanned;
    expect(await everything()).toEqual(before);
    expect(linkWork.pagesScanned, 'the index was read, not computed').toBe(scanned);
    expect(before).toEqual(await fromPages());
  });

  it('after a content change that is not an import: computed at the first report, kept for the next start', async () => {
    const rev = getRevision(w!.emu.store, w!.emu.store.get<SpaceDoc>('space', space)!.revision);
    const first = rev.pages[0]!.pages[0]!;
    editPage(w!, space, first.id, `${first.markdown}\n\nNow also [a brand new target](brand-new.md).\n`);
    const changed = await everything();
    expect(JSON.stringify(changed)).toContain('brand-new.md');
    expect(changed).toEqual(await fromPages());
    await start();
    const scanned = linkWork.pagesScanned;
    expect(await everything()).toEqual(changed);
    expect(linkWork.pagesScanned).toBe(scanned);
  });

  it('a data directory from before the index (no derived table) is migrated on open, and its index built at the first report', async () => {
    const before = await everything();
    await w!.emu.close();
    w = undefined;
    const old = new Store(dataDir);
    old.db.exec('DROP TABLE derived');
    old.close();
    await start();
    expect(w!.emu.store.derivedVersion('links', space)).toBeUndefined();
    const scanned = linkWork.pagesScanned;
    expect(await everything()).toEqual(before);
    expect(linkWork.pagesScanned).toBeGreaterThan(scanned);
    expect(w!.emu.store.derivedVersion('links', space)).toBeDefined();
    await start();
    const again = linkWork.pagesScanned;
    expect(await everything()).toEqual(before);
    expect(linkWork.pagesScanned).toBe(again);
  });

  it('a data directory written with the index in one entry (format 1, no derived_parts table) gets it again as rows at its first report', async () => {
    const before = await everything();
    await w!.emu.close();
    w = undefined;
    const old = new Store(dataDir);
    const revision = old.get<SpaceDoc>('space', space)!.revision;
    old.db.exec('DROP TABLE derived_parts');
    old.putDerived('links', space, { version: `1 ${revision}`, data: '{"format":1}', bytes: Buffer.from('old') });
    old.close();
    await start();
    const scanned = linkWork.pagesScanned;
    const stored = linkWork.storedPages;
    expect(await everything()).toEqual(before);
    expect(linkWork.pagesScanned, 'computed again').toBeGreaterThan(scanned);
    expect(linkWork.storedPages).toBe(stored);
    expect(w!.emu.store.derivedVersion('links', space)).toBe(`2 ${revision}`);
    expect(w!.emu.store.getDerived('links', space, `2 ${revision}`)!.bytes.length, 'the old entry is replaced').toBe(0);
    await start();
    const again = linkWork.pagesScanned;
    expect(await everything()).toEqual(before);
    expect(linkWork.pagesScanned).toBe(again);
    expect(linkWork.storedPages).toBeGreaterThan(stored);
  });

  it('a space deleted for good takes its index with it', async () => {
    expect(w!.emu.store.derivedVersion('links', space)).toBeDefined();
    expect((await w!.call(T.admin, 'DELETE', `/v1/spaces/${space}`)).status).toBe(204);
    w!.clock.now = new Date(w!.clock.now.getTime() + 8 * 24 * 3600 * 1000);
    expect((await w!.call(T.admin, 'POST', `/v1/spaces/${space}/restore`)).status).toBe(404);
    expect(w!.emu.store.get('space', space)).toBeUndefined();
    expect(w!.emu.store.derivedVersion('links', space)).toBeUndefined();
    expect(w!.emu.store.db.prepare('SELECT COUNT(*) AS n FROM derived_parts WHERE key = ?').get(space)).toEqual({ n: 0 });
  });
});

describe.each(availableDrivers())('pages of the report across a restart, over HTTP (%s)', (driver) => {
  let dir: string;
  let world: World | undefined;
  beforeAll(() => {
    dir = join(root, `pages-${driver}`);
  });
  afterAll(async () => {
    await world?.emu.close();
  });
  const restart = async () => {
    await world?.emu.close();
    world = await startWorld(undefined, { filesRoot: root, dataDir: dir, store: new Store(dir, { driver }) });
    return world;
  };
  /** One page of the report as sent, the emulator's own URL written as HOST. */
  const pageOf = async (id: string, query: string) => {
    const res = await call(world!.emu.url, 'GET', `/v1/spaces/${id}/links?${query}`, { token: T.reader });
    return {
      status: res.status,
      text: res.text.replaceAll(world!.emu.url, 'HOST'),
      next: (res.body?.next?.page as string | undefined) ?? undefined,
    };
  };
  /** Every page, 30 items at a time, with the filter given, following the cursors. */
  const walk = async (id: string, status: string) => {
    const texts: string[] = [];
    let page: string | undefined;
    do {
      const res = await pageOf(id, `limit=30${status ? `&status=${status}` : ''}${page ? `&page=${encodeURIComponent(page)}` : ''}`);
      expect(res.status).toBe(200);
      texts.push(res.text);
      page = res.next;
    } while (page);
    return texts;
  };

  it('sends after a restart on another port, page by page, the bytes it sent before, from the store, without the revision', async () => {
    await restart();
    const id = (await world!.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate')).body.id as string;
    expect((await world!.call(T.editor, 'POST', `/v1/spaces/${id}/git/import`, { url: repo, ref: 'refs/heads/main' })).status).toBe(204);
    const statuses = ['', 'ok', 'broken', 'in-app'];
    const before: string[][] = [];
    for (const status of statuses) before.push(await walk(id, status));
    expect(before[0]!.length, 'several pages').toBeGreaterThan(5);
    // Cursors of the report in memory, used again after the restart; one whose items are gone; not a cursor.
    const cursors = [JSON.parse(before[0]![2]!).next.page as string, encodeOrderedCursor(41, 'url:gone', 'url:also-gone'), 'not-a-cursor'];
    const answers = [];
    for (const cursor of cursors) answers.push(await pageOf(id, `limit=13&page=${encodeURIComponent(cursor)}`));
    expect(answers[2]!.status).toBe(400);

    const oldUrl = world!.emu.url;
    await restart();
    expect(world!.emu.url).not.toBe(oldUrl);
    expect(world!.emu.store.driver).toBe(driver);
    const revision = world!.emu.store.get<SpaceDoc>('space', id)!.revision;
    const stored = linkWork.storedPages;
    const scanned = linkWork.pagesScanned;
    for (const [i, status] of statuses.entries()) expect(await walk(id, status), status || 'every status').toEqual(before[i]);
    for (const [i, cursor] of cursors.entries())
      expect(await pageOf(id, `limit=13&page=${encodeURIComponent(cursor)}`)).toEqual(answers[i]);
    // Every page but the 400 was answered from the store, nothing was resolved, and the revision was not parsed.
    expect(linkWork.storedPages - stored).toBe(before.flat().length + 2);
    expect(linkWork.pagesScanned).toBe(scanned);
    expect(peekRevision(world!.emu.store, revision)).toBeUndefined();
  });
});
