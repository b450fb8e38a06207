import { describe, expect, it } from 'vitest';
import type { ContentDiff, PageDiff } from '../../src/content/diff.js';
import { renderNames, renderPatch, renderStat, type Paint } from '../../src/cli/format/diff.js';

const page = (over: Partial<PageDiff>): PageDiff => ({
  id: 'p',
  type: 'document',
  change: 'modified',
  changes: ['modified'],
  hunks: [],
  added: 0,
  removed: 0,
  ...over,
});
const diffOf = (pages: PageDiff[]): ContentDiff => ({
  spaceId: 's',
  changeRequestId: '1',
  pages,
  added: pages.reduce((n, p) => n + p.added, 0),
  removed: pages.reduce((n, p) => n + p.removed, 0),
});
const tags: Paint = (style, text) => `<${style}>${text}</${style}>`;

describe('renderStat', () => {
  it('scales bars to the width, keeping at least one mark for any change', () => {
    const big = page({ id: 'a', pathBefore: 'a', pathAfter: 'a', added: 300, removed: 100 });
    const small = page({ id: 'b', pathBefore: 'b', pathAfter: 'b', added: 1 });
    const lines = renderStat(diffOf([big, small]), 40).split('\n');
    // 40 columns - name (1) - count (3) - 5 = 31 marks for the largest page.
    expect(lines[0]).toBe(` a | 400 ${'+'.repeat(23)}${'-'.repeat(8)}`);
    expect(lines[1]).toBe(' b |   1 +');
    expect(lines[2]).toBe(' 2 pages changed, 301 insertions(+), 100 deletions(-)');
  });

  it('says "1 page changed" and leaves out deletions when there are none', () => {
    expect(renderStat(diffOf([page({ pathAfter: 'new', change: 'added', changes: ['added'], added: 1 })]))).toBe(
      ' new | 1 +\n 1 page changed, 1 insertion(+)\n',
    );
    expect(renderStat(diffOf([page({ pathBefore: 'a', pathAfter: 'b', change: 'moved', changes: ['moved'] })]))).toBe(
      ' a => b | 0\n 1 page changed, 0 insertions(+)\n',
    );
  });
});

describe('renderPatch', () => {
  const edited = page({
    pathBefore: 'x',
    pathAfter: 'x',
    hunks: [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: ['---old rule', '+++new rule', ' same'] }],
    added: 1,
    removed: 1,
  });

  it('colours headers bold, hunk lines cyan, additions green, removals red — even lines that look like headers', () => {
    expect(renderPatch(diffOf([edited]), tags)).toBe(
      [
        '<bold>diff --git a/x.md b/x.md</bold>',
        '<bold>--- a/x.md</bold>',
        '<bold>+++ b/x.md</bold>',
        '<cyan>@@ -3,2 +3,2 @@</cyan>',
        '<red>---old rule</red>',
        '<green>+++new rule</green>',
        ' same',
        '',
      ].join('\n'),
    );
  });

  it('without colour is the plain patch; --name-only lists where pages are now, or were', () => {
    expect(renderPatch(diffOf([edited]))).not.toContain('<');
    const removed = page({ pathBefore: 'gone', change: 'removed', changes: ['removed'] });
    expect(renderNames(diffOf([edited, removed]))).toBe('x\ngone\n');
  });
});
