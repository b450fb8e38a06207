import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pagesFromMarkdownFiles, pagesToMarkdownFiles } from '../../../src/emulator/domain/markdown-tree.js';
import type { PageInput, PageNode } from '../../../src/emulator/domain/revisions.js';

/**
 * Export then import of any page tree gives back the same pages: titles, order, nesting and
 * markdown, even markdown opening with a `# heading` of its own. Markdown starts with a non-blank
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

type Tree = { title: string; markdown: string; pages: Tree[] };
/** Up to three levels, a few pages each; the top level is never empty. */
const treeOf = (depth: number): fc.Arbitrary<Tree[]> =>
  fc.array(fc.record({ title, markdown, pages: depth > 1 ? treeOf(depth - 1) : fc.constant<Tree[]>([]) }), {
    minLength: depth === 3 ? 1 : 0,
    maxLength: 3,
  });
const tree = treeOf(3);

/** Page nodes as a revision holds them: slugs unique among siblings. */
function nodes(list: Tree[], parent = ''): PageNode[] {
  return list.map((p, i) => {
    const slug = `p${i}`;
    const path = parent ? `${parent}/${slug}` : slug;
    return { id: path, title: p.title, slug, path, markdown: p.markdown, pages: nodes(p.pages, path) };
  });
}

const shape = (list: readonly (PageInput | Tree)[]): Tree[] =>
  list.map((p) => ({ title: p.title, markdown: p.markdown, pages: shape(p.pages ?? []) }));

describe('markdown tree export → import', () => {
  it('gives back the same titles, order, nesting and markdown', () => {
    fc.assert(
      fc.property(tree, (pages) => {
        const { files, summary } = pagesToMarkdownFiles(nodes(pages));
        files.set('SUMMARY.md', summary);
        const back = pagesFromMarkdownFiles(new Map([...files].map(([path, content]) => [path, { content }])));
        expect(shape(back)).toEqual(shape(pages));
      }),
      { numRuns: 300 },
    );
  });
});
