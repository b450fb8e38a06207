import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/schemas/content.js';
import { compareTrees, unifiedPatch, type PageDiff } from '../../src/content/diff.js';
import { flattenTree, pairPages } from '../../src/content/page-tree.js';

/** A document page; its path comes from the slugs, as when a server leaves `path` out. */
const doc = (id: string, title: string, markdown: string, pages: Page[] = [], slug = title.toLowerCase()): Page => ({
  id,
  type: 'document',
  title,
  slug,
  markdown,
  pages,
});
const group = (id: string, title: string, pages: Page[] = []): Page => ({ id, type: 'group', title, slug: id, pages });

const compare = (before: Page[], after: Page[]) => compareTrees(flattenTree(before), flattenTree(after));
const summary = (diffs: PageDiff[]) => diffs.map((d) => `${d.id}:${d.changes.join('+')}`);

const base = (): Page[] => [
  doc('intro', 'Intro', 'Welcome.\n'),
  doc('guide', 'Guide', 'Read me.\n', [doc('setup', 'Setup', 'one\ntwo\nthree\n'), doc('usage', 'Usage', 'Use it.\n')]),
  doc('faq', 'FAQ', 'Questions.\n'),
];

describe('flattenTree', () => {
  it('builds paths from slugs when the tree has none, and keeps given paths', () => {
    const flat = flattenTree([...base(), { ...doc('x', 'X', ''), path: '/given/path/' }]);
    expect(flat.map((p) => [p.id, p.path, p.parentId])).toEqual([
      ['intro', 'intro', null],
      ['guide', 'guide', null],
      ['setup', 'guide/setup', 'guide'],
      ['usage', 'guide/usage', 'guide'],
      ['faq', 'faq', null],
      ['x', 'given/path', null],
    ]);
  });
});

describe('compareTrees', () => {
  it('finds nothing in identical trees, whatever the sibling order', () => {
    expect(compare(base(), base())).toEqual([]);
    const reordered = base().reverse();
    expect(compare(base(), reordered)).toEqual([]);
  });

  it('reports an added page with all its lines, and each nested child of an added page', () => {
    const after = [...base(), doc('new', 'New', 'a\nb\n', [doc('child', 'Child', 'c\n', [doc('grand', 'Grand', '')])])];
    const diffs = compare(base(), after);
    expect(summary(diffs)).toEqual(['new:added', 'child:added', 'grand:added']);
    expect(diffs[0]).toMatchObject({ change: 'added', pathAfter: 'new', titleAfter: 'New', added: 2, removed: 0 });
    expect(diffs[0]?.pathBefore).toBeUndefined();
    expect(diffs[0]?.hunks).toEqual([{ oldStart: 1, oldLines: 0, newStart: 1, newLines: 2, lines: ['+a', '+b'] }]);
    expect(diffs[1]?.pathAfter).toBe('new/child');
    expect(diffs[2]).toMatchObject({ pathAfter: 'new/child/grand', hunks: [], added: 0 });
  });

  it('reports a removed page and its children where they were', () => {
    const after = base().filter((p) => p.id !== 'guide');
    const diffs = compare(base(), after);
    expect(summary(diffs)).toEqual(['guide:removed', 'setup:removed', 'usage:removed']);
    expect(diffs[1]).toMatchObject({ pathBefore: 'guide/setup', titleBefore: 'Setup', removed: 3, added: 0 });
    expect(diffs[1]?.pathAfter).toBeUndefined();
  });

  it('places a removed first child right after its parent, before the parent\u2019s new children', () => {
    const after = base();
    const guide = after[1] as Page;
    guide.pages = [doc('added', 'Added', 'x\n'), ...(guide.pages ?? []).filter((p) => p.id !== 'setup')];
    expect(summary(compare(base(), after))).toEqual(['setup:removed', 'added:added']);
    // Removed first page of all: at the start.
    expect(summary(compare(base(), base().slice(1)))).toEqual(['intro:removed']);
    // Removed sibling after a page whose children changed: after that page's children.
    const withoutFaq = base().slice(0, 2);
    (withoutFaq[1] as Page).pages?.push(doc('more', 'More', ''));
    expect(summary(compare(base(), withoutFaq))).toEqual(['more:added', 'faq:removed']);
  });

  it('matches pages by id: a page moved under another parent is moved, not removed and added', () => {
    const after = base();
    const guide = after[1] as Page;
    const usage = guide.pages?.pop() as Page;
    after.push(usage);
    const diffs = compare(base(), after);
    expect(summary(diffs)).toEqual(['usage:moved']);
    expect(diffs[0]).toMatchObject({
      change: 'moved',
      pathBefore: 'guide/usage',
      pathAfter: 'usage',
      titleBefore: 'Usage',
      titleAfter: 'Usage',
      hunks: [],
      added: 0,
      removed: 0,
    });
  });

  it('a new slug moves the page and every page under it', () => {
    const after = base();
    (after[1] as Page).slug = 'handbook';
    expect(summary(compare(base(), after))).toEqual(['guide:moved', 'setup:moved', 'usage:moved']);
  });

  it('reports a renamed page (title only) and a modified one (markdown only)', () => {
    const after = base();
    (after[0] as Page).title = 'Introduction';
    const setup = (after[1] as Page).pages?.[0] as Page & { markdown: string };
    setup.markdown = 'one\n2\nthree\n';
    const diffs = compare(base(), after);
    expect(summary(diffs)).toEqual(['intro:renamed', 'setup:modified']);
    expect(diffs[0]).toMatchObject({
      change: 'renamed',
      titleBefore: 'Intro',
      titleAfter: 'Introduction',
      pathBefore: 'intro',
      pathAfter: 'intro',
      hunks: [],
    });
    expect(diffs[1]).toMatchObject({ change: 'modified', added: 1, removed: 1 });
    expect(diffs[1]?.hunks[0]?.lines).toEqual([' one', '-two', '+2', ' three']);
  });

  it('lists every kind of a page changed in several ways; the main one by precedence', () => {
    const after = base();
    const usage = (after[1] as Page).pages?.pop() as Page & { markdown: string };
    Object.assign(usage, { title: 'Using it', markdown: 'Use it well.\n' });
    after.unshift(usage);
    const [diff] = compare(base(), after);
    expect(diff).toMatchObject({
      id: 'usage',
      change: 'modified',
      changes: ['modified', 'renamed', 'moved'],
      pathBefore: 'guide/usage',
      pathAfter: 'usage',
    });
    const renamedAndMoved = compare(base(), [...base().slice(0, 2), { ...doc('faq', 'Questions', 'Questions.\n'), slug: 'q' }]);
    expect(renamedAndMoved[0]).toMatchObject({ change: 'renamed', changes: ['renamed', 'moved'] });
  });

  it('groups and links have no body: only their place and title count', () => {
    const before = [group('g', 'Group', [doc('a', 'A', 'a\n')])];
    const after = [group('g', 'Renamed', [doc('a', 'A', 'a\n')])];
    expect(summary(compare(before, after))).toEqual(['g:renamed']);
    expect(compare(before, after)[0]?.type).toBe('group');
  });
});

describe('pairPages', () => {
  it('keeps every id once, in the new reading order', () => {
    const before = flattenTree(base());
    const after = flattenTree([doc('faq', 'FAQ', ''), doc('intro', 'Intro', '')]);
    expect(pairPages(before, after).map((p) => p.id)).toEqual(['faq', 'intro', 'guide', 'setup', 'usage']);
  });
});

describe('unifiedPatch', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-diff-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes git-style headers for each kind, with the title as the first line of the file', () => {
    const after = base();
    after.push(doc('new', 'New', 'hello\n'));
    (after[0] as Page).title = 'Introduction';
    const usage = (after[1] as Page).pages?.pop() as Page & { markdown: string };
    usage.markdown = 'Use it.\nMore.\n';
    after.push(usage);
    const diffs = compare(
      base().filter((p) => p.id !== 'faq'),
      after.filter((p) => p.id !== 'faq'),
    );
    const patch = Object.fromEntries(diffs.map((d) => [d.id, unifiedPatch(d)]));
    expect(patch.intro).toBe(
      'diff --git a/intro.md b/intro.md\n--- a/intro.md\n+++ b/intro.md\n@@ -1,2 +1,2 @@\n-# Intro\n+# Introduction\n \n',
    );
    expect(patch.new).toBe(
      'diff --git a/new.md b/new.md\nnew file mode 100644\n--- /dev/null\n+++ b/new.md\n@@ -0,0 +1,3 @@\n+# New\n+\n+hello\n',
    );
    expect(patch.usage).toBe(
      'diff --git a/guide/usage.md b/usage.md\nrename from guide/usage.md\nrename to usage.md\n--- a/guide/usage.md\n+++ b/usage.md\n@@ -3,1 +3,2 @@\n Use it.\n+More.\n',
    );
    const removed = compare(base(), base().slice(0, 2));
    expect(unifiedPatch(removed[0] as PageDiff)).toBe(
      'diff --git a/faq.md b/faq.md\ndeleted file mode 100644\n--- a/faq.md\n+++ /dev/null\n@@ -1,3 +0,0 @@\n-# FAQ\n-\n-Questions.\n',
    );
    const moved = compare(base(), [...base().slice(0, 2), { ...doc('faq', 'FAQ', 'Questions.\n'), slug: 'questions' }]);
    expect(unifiedPatch(moved[0] as PageDiff)).toBe('diff --git a/faq.md b/questions.md\nrename from faq.md\nrename to questions.md\n');
  });

  it('a new title and an edit of the first line make one hunk', () => {
    const after = base();
    Object.assign(after[0] as Page, { title: 'Hello', markdown: 'Welcome!\n' });
    const [diff] = compare(base(), after);
    expect(unifiedPatch(diff as PageDiff)).toBe(
      'diff --git a/intro.md b/intro.md\n--- a/intro.md\n+++ b/intro.md\n@@ -1,3 +1,3 @@\n-# Intro\n+# Hello\n \n-Welcome.\n+Welcome!\n',
    );
  });

  it('applies with git apply to a tree laid out by path', () => {
    const before = base();
    const after = base();
    Object.assign(after[2] as Page, { title: 'Questions', markdown: 'Questions.\nAnswers.' });
    (after[1] as Page).title = 'The guide';
    after.push(doc('new', 'New', 'fresh\n'), { ...doc('empty', 'Empty', ''), slug: 'empty' });
    const usage = (after[1] as Page).pages?.pop() as Page;
    after.push(usage);
    after.splice(0, 1);
    const write = (page: { path: string; title: string; markdown?: string }) => `# ${page.title}\n\n${page.markdown ?? ''}`;
    for (const page of flattenTree(before)) {
      mkdirSync(join(dir, dirname(page.path)), { recursive: true });
      writeFileSync(join(dir, `${page.path}.md`), write(page));
    }
    const diffs = compare(before, after);
    writeFileSync(join(dir, 'change.patch'), diffs.map(unifiedPatch).join(''));
    execFileSync('git', ['apply', 'change.patch'], { cwd: dir });
    for (const page of flattenTree(after)) expect(readFileSync(join(dir, `${page.path}.md`), 'utf8')).toBe(write(page));
    expect(() => readFileSync(join(dir, 'intro.md'))).toThrow();
  });
});
