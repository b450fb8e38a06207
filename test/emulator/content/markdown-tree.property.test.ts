import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { titleSlug } from '../../../src/api/slug.js';
import { pagesFromMarkdownFiles, pagesToMarkdownFiles } from '../../../src/emulator/domain/markdown-tree.js';
import type { PageInput, PageNode } from '../../../src/emulator/domain/revisions.js';

/**
 * Export then import of any page tree gives back the same pages: titles, slugs (the first page's
 * too, whether or not it is its title's), descriptions (any text, in front matter), order, nesting
 * and markdown, even markdown opening with a `# heading` of its own. Markdown starts with a non-blank
 * line (or is empty): the blank line after the title heading is layout, so leading blank lines of a
 * page do not survive, as in Git Sync.
 */

const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 #&()'.,:?!-]{0,20}$/).map((s) => s.trim());
const title = word.filter((t) => t.length > 0);
const line = fc.oneof(
  word,
  word.map((w) => `## ${w}`),
  word.map((w) => `# ${w}`),
  word.map((w) => `- ${w}`),
  fc.constant(''),
);
const markdown = fc.oneof(
  fc.constant(''),
  fc
    .tuple(
      fc.oneof(
        title,
        title.map((w) => `# ${w}`),
      ),
      fc.array(line, { maxLength: 6 }),
      fc.boolean(),
    )
    .map(([first, rest, newline]) => [first, ...rest].join('\n') + (newline ? '\n' : '')),
);

const description = fc.option(
  fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), word, fc.constantFrom('a: b', '"q"', "it's", '---', '>-')),
  {
    nil: undefined,
  },
);

type Tree = { title: string; markdown: string; description?: string | undefined; ownSlug: boolean; pages: Tree[] };
/** Up to three levels, a few pages each; the top level is never empty. */
const treeOf = (depth: number): fc.Arbitrary<Tree[]> =>
  fc.array(
    fc.record({ title, markdown, description, ownSlug: fc.boolean(), pages: depth > 1 ? treeOf(depth - 1) : fc.constant<Tree[]>([]) }),
    { minLength: depth === 3 ? 1 : 0, maxLength: 3 },
  );
const tree = treeOf(3);

/** Page nodes as a revision holds them: slugs unique among siblings, the title's slug or another. */
function nodes(list: Tree[], parent = ''): PageNode[] {
  const taken = new Set<string>();
  return list.map((p, i) => {
    let slug = p.ownSlug || taken.has(titleSlug(p.title)) ? `p${i}` : titleSlug(p.title);
    // `p2` may be an earlier sibling's title slug (a page titled "P2"): a revision never holds the same slug twice.
    while (taken.has(slug)) slug = `${slug}-x`;
    taken.add(slug);
    const path = parent ? `${parent}/${slug}` : slug;
    const node: PageNode = { id: path, title: p.title, slug, path, markdown: p.markdown, pages: nodes(p.pages, path) };
    if (p.description) node.description = p.description;
    return node;
  });
}

type Shape = { title: string; slug: string; description: string | undefined; markdown: string; pages: Shape[] };
/** An import fills in a missing slug (README.md) from the title. */
const shape = (list: readonly (PageInput | PageNode)[]): Shape[] =>
  list.map((p) => ({
    title: p.title,
    slug: p.slug ?? titleSlug(p.title),
    description: p.description || undefined,
    markdown: p.markdown,
    pages: shape(p.pages ?? []),
  }));

describe('markdown tree export → import', () => {
  it('gives back the same titles, slugs, descriptions, order, nesting and markdown', () => {
    fc.assert(
      fc.property(tree, (pages) => {
        const written = nodes(pages);
        const { files, summary } = pagesToMarkdownFiles(written);
        files.set('SUMMARY.md', summary);
        const back = pagesFromMarkdownFiles(new Map([...files].map(([path, content]) => [path, { content }])));
        expect(shape(back)).toEqual(shape(written));
      }),
      { numRuns: 300 },
    );
  });
});
