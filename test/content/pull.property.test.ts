import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/schemas/content.js';
import { pageFile, planLayout } from '../../src/content/pull.js';
import { titleSlug } from '../../src/api/slug.js';
import { pagesFromMarkdownFiles } from '../../src/emulator/domain/markdown-tree.js';
import type { PageInput } from '../../src/emulator/domain/revisions.js';

/**
 * Any page tree written as `docs spaces pull` lays it out and read back as Git Sync reads a
 * repository keeps its titles, slugs (the first page's too, whether or not it is its title's),
 * descriptions, order, nesting and markdown.
 */

const title = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 #&()'.,:?!-]{0,20}$/).map((s) => s.trim() || 'Untitled');
const slug = fc
  .stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}$/)
  .filter((s) => !/^(readme|index|summary|con|prn|aux|nul|com\d|lpt\d)$/.test(s));
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
        const layout = planLayout(pages);
        const files = new Map(
          layout.files.map((f) => [
            f.path,
            { content: pageFile(f.page.title, (f.page as { markdown?: string }).markdown, f.page.description) },
          ]),
        );
        files.set('SUMMARY.md', { content: layout.summary });
        expect(fromImport(pagesFromMarkdownFiles(files))).toEqual(fromApi(pages));
      }),
      { numRuns: 300 },
    );
  });
});
