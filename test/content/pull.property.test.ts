import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/schemas/content.js';
import { pageFile, planLayout, RESERVED } from '../../src/content/pull.js';
import { titleSlug } from '../../src/api/slug.js';
import { pagesFromMarkdownFiles } from '../../src/emulator/domain/markdown-tree.js';
import type { PageInput } from '../../src/emulator/domain/revisions.js';

/**
 * Any page tree written as `docs spaces pull` lays it out and read back as Git Sync reads a
 * repository keeps its titles, slugs (the first page's too, whether or not it is its title's),
 * descriptions, order, nesting and markdown. Slugs that are reserved file names (`con`, `lpt1`, `readme`…) are
 * left out of the trees, whether a page's own or its title's: they are written `<slug>-page` and come back so
 * (the last test).
 */

const title = fc
  .stringMatching(/^[A-Za-z0-9][A-Za-z0-9 #&()'.,:?!-]{0,20}$/)
  .map((s) => s.trim() || 'Untitled')
  .filter((s) => !RESERVED.test(titleSlug(s)));
const slug = fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}$/).filter((s) => !RESERVED.test(s));
const description = fc.option(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.constantFrom('a: b', '"q"', "it's", '---')), {
  nil: undefined,
});
const markdown = fc.constantFrom('', 'Text.\n', '# Own heading\n\nBody.\n', 'Line one\n\n## Part\n\n- item');

interface Gen {
  title: string;
  slug: string;
  titleSlug: boolean;
  description: string | undefined;
  markdown: string;
  pages: Gen[];
}
const treeOf = (depth: number): fc.Arbitrary<Gen[]> =>
  fc.array(
    fc.record({
      title,
      slug,
      titleSlug: fc.boolean(),
      description,
      markdown,
      pages: depth > 1 ? treeOf(depth - 1) : fc.constant<Gen[]>([]),
    }),
    { minLength: depth === 3 ? 1 : 0, maxLength: 3 },
  );

let ids = 0;
/** API pages: slugs unique among siblings, sometimes the title's own slug. */
function pagesOf(list: Gen[]): (Page & { markdown: string })[] {
  const taken = new Set<string>();
  return list.map((g) => {
    let own = g.titleSlug ? titleSlug(g.title) : g.slug;
    for (let n = 2; taken.has(own); n++) own = `${g.slug}-${n}`;
    taken.add(own);
    const page = { id: `pg_${++ids}`, type: 'document', title: g.title, slug: own, markdown: g.markdown, pages: pagesOf(g.pages) };
    return g.description ? { ...page, description: g.description } : page;
  });
}

interface Shape {
  title: string;
  slug: string;
  description: string | undefined;
  markdown: string;
  pages: Shape[];
}
const fromApi = (list: readonly Page[]): Shape[] =>
  list.map((p) => ({
    title: p.title,
    slug: p.slug ?? '',
    description: p.description || undefined,
    markdown: (p as { markdown?: string }).markdown ?? '',
    pages: fromApi((p as { pages?: Page[] }).pages ?? []),
  }));
/** An import gives README.md (no slug of its own) its title's slug. */
const fromImport = (list: readonly PageInput[]): Shape[] =>
  list.map((p) => ({
    title: p.title,
    slug: p.slug ?? titleSlug(p.title),
    description: p.description,
    markdown: p.markdown,
    pages: fromImport(p.pages ?? []),
  }));

describe('spaces pull → Git Sync import', () => {
  it('gives back the same titles, slugs, descriptions, order, nesting and markdown', () => {
    fc.assert(
      fc.property(treeOf(3), (tree) => {
        const pages = pagesOf(tree);
        expect(roundTrip(pages)).toEqual(fromApi(pages));
      }),
      { numRuns: 300 },
    );
  });

  it("gives a page whose slug is a reserved file name, its own or its title's, the slug `<slug>-page`", () => {
    const page = (title: string, slug: string, pages: Page[] = []) =>
      ({ id: `pg_${++ids}`, type: 'document', title, slug, markdown: 'Text.\n', pages }) as Page & { markdown: string };
    const pages = [page('Intro', 'intro'), page('Ports', 'ports', [page('lPT0', titleSlug('lPT0')), page('Console', 'con')])];
    const expected = fromApi(pages);
    expected[1]!.pages[0]!.slug = 'lpt0-page';
    expected[1]!.pages[1]!.slug = 'con-page';
    expect(roundTrip(pages)).toEqual(expected);
  });
});

/** The pages written as `docs spaces pull` lays them out, read back as Git Sync reads the folder. */
function roundTrip(pages: readonly Page[]): Shape[] {
  const layout = planLayout(pages);
  const files = new Map(
    layout.files.map((f) => [f.path, { content: pageFile(f.page.title, (f.page as { markdown?: string }).markdown, f.page.description) }]),
  );
  files.set('SUMMARY.md', { content: layout.summary });
  return fromImport(pagesFromMarkdownFiles(files));
}
