import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/schemas/content.js';
import { pageFile, planLayout, safeSegment } from '../../src/content/pull.js';
import { pagesFromMarkdownFiles } from '../../src/emulator/domain/markdown-tree.js';
import type { PageInput } from '../../src/emulator/domain/revisions.js';

/** The layout of `docs spaces pull`, and that the Git Sync reader of the emulator reads it back. */

let ids = 0;
function doc(title: string, slug: string | undefined, pages: Page[] = []): Page {
  return { id: `pg_${++ids}`, title, type: 'document', ...(slug !== undefined ? { slug } : {}), pages };
}
const group = (title: string, slug: string, pages: Page[]): Page => ({ id: `pg_${++ids}`, title, type: 'group', slug, pages });
const link = (title: string, href: string): Page => ({ id: `pg_${++ids}`, title, type: 'link', target: { kind: 'url', url: href }, href });

const paths = (pages: Page[]) => planLayout(pages).files.map((f) => f.path);

/** Read a layout back as the emulator's Git import does (page markdown = the page's title). */
function readBack(pages: Page[]): { title: string; markdown: string; pages: unknown[] }[] {
  const layout = planLayout(pages);
  const files = new Map(layout.files.map((f) => [f.path, { content: pageFile(f.page.title, `Body of ${f.page.title}.\n`) }]));
  files.set('SUMMARY.md', { content: layout.summary });
  const strip = (list: PageInput[]): { title: string; markdown: string; pages: unknown[] }[] =>
    list.map((p) => ({ title: p.title, markdown: p.markdown ?? '', pages: strip(p.pages ?? []) }));
  return strip(pagesFromMarkdownFiles(files));
}
const expected = (pages: Page[]): unknown[] =>
  pages.map((p) => ({ title: p.title, markdown: `Body of ${p.title}.\n`, pages: expected((p as { pages?: Page[] }).pages ?? []) }));

describe('planLayout', () => {
  const tree = [
    doc('Welcome', 'welcome', [doc('Welcome child', 'child')]),
    doc('Quickstart', 'quickstart'),
    doc('Installation', 'installation', [doc('macOS', 'macos'), doc('Linux', 'linux', [doc('Debian', 'debian')])]),
    doc('FAQ', 'faq'),
  ];

  it('puts the first page in README.md, parents in folders with README.md, the rest in <slug>.md', () => {
    expect(paths(tree)).toEqual([
      'README.md',
      'welcome/child.md',
      'quickstart.md',
      'installation/README.md',
      'installation/macos.md',
      'installation/linux/README.md',
      'installation/linux/debian.md',
      'faq.md',
    ]);
  });

  it('lists every page in SUMMARY.md in reading order, nested by indentation', () => {
    expect(planLayout(tree).summary).toBe(
      [
        '# Table of contents',
        '',
        '* [Welcome](README.md)',
        '  * [Welcome child](welcome/child.md)',
        '* [Quickstart](quickstart.md)',
        '* [Installation](installation/README.md)',
        '  * [macOS](installation/macos.md)',
        '  * [Linux](installation/linux/README.md)',
        '    * [Debian](installation/linux/debian.md)',
        '* [FAQ](faq.md)',
        '',
      ].join('\n'),
    );
  });

  it('is read back by the Git Sync reader as the same titles, nesting, order and markdown', () => {
    expect(readBack(tree)).toEqual(expected(tree));
  });

  it('keeps hostile slugs inside the folder as single safe segments', () => {
    const hostile = [
      doc('First', 'first'),
      doc('Up', '../x'),
      doc('Up twice', '../../etc/passwd'),
      doc('Absolute', '/abs'),
      doc('Nested', 'a/b'),
      doc('Dots', '..'),
      doc('NUL', 'nul\0byte'),
      doc('Backslash', '..\\..\\win'),
      doc('Windows device', 'con'),
      doc('Readme', 'README'),
      doc('Summary', 'summary'),
      doc('Empty', ''),
      doc('Spaces and (parens)', 'a (b) [c] #d %e'),
      doc('Hidden', '.git'),
    ];
    expect(paths(hostile)).toEqual([
      'README.md',
      'x.md',
      'etc-passwd.md',
      'abs.md',
      'a-b.md',
      // A slug with nothing left falls back to the title.
      'dots.md',
      'nul-byte.md',
      'win.md',
      'con-page.md',
      'README-page.md',
      'summary-page.md',
      'empty.md',
      'a-b-c-d-e.md',
      'git.md',
    ]);
    for (const path of paths(hostile)) {
      expect(path).not.toMatch(/^\/|\\|\0|(^|\/)\.\.?(\/|$)/);
      expect(path.split('/')).toHaveLength(1);
    }
    expect(readBack(hostile)).toEqual(expected(hostile));
  });

  it('gives colliding slugs distinct names with a numbered suffix, case-insensitively, in tree order', () => {
    const clash = [
      doc('Home', 'home'),
      doc('Setup', 'setup'),
      doc('Setup again', 'setup'),
      doc('SETUP', 'SETUP', [doc('Inner', 'setup')]),
      doc('Dash', 'setup-2'),
    ];
    expect(paths(clash)).toEqual(['README.md', 'setup.md', 'setup-2.md', 'SETUP-3/README.md', 'SETUP-3/setup.md', 'setup-2-2.md']);
    expect(readBack(clash)).toEqual(expected(clash));
  });

  it('writes top-level groups as SUMMARY.md sections and links as entries without a file', () => {
    const layout = planLayout([
      doc('Intro', 'intro'),
      group('Guides', 'guides', [doc('One', 'one'), doc('Two', 'two', [doc('Deep', 'deep')])]),
      link('Status', 'https://status.example.com/a b'),
    ]);
    expect(layout.files.map((f) => f.path)).toEqual(['README.md', 'guides/one.md', 'guides/two/README.md', 'guides/two/deep.md']);
    expect(layout.summary).toBe(
      [
        '# Table of contents',
        '',
        '* [Intro](README.md)',
        '',
        '## Guides',
        '',
        '* [One](guides/one.md)',
        '* [Two](guides/two/README.md)',
        '  * [Deep](guides/two/deep.md)',
        '* [Status](<https://status.example.com/a%20b>)',
        '',
      ].join('\n'),
    );
  });

  it('writes nothing but SUMMARY.md for an empty space', () => {
    expect(planLayout([])).toEqual({ files: [], summary: '# Table of contents\n\n' });
  });
});

describe('safeSegment', () => {
  it('keeps letters of any script, digits, dot, dash and underscore, and bounds the length', () => {
    expect(safeSegment('déjà-vu_2.0')).toBe('déjà-vu_2.0');
    expect(safeSegment('日本語')).toBe('日本語');
    expect(safeSegment('x'.repeat(300))).toHaveLength(80);
    expect(safeSegment('...')).toBe('page');
    expect(safeSegment('/', '', 'Third')).toBe('Third');
    expect(safeSegment('lpt1')).toBe('lpt1-page');
  });
});

describe('pageFile', () => {
  it('starts with the title as a heading, then the markdown unchanged', () => {
    expect(pageFile('Install', 'Run it.\n')).toBe('# Install\n\nRun it.\n');
    expect(pageFile('Empty', '')).toBe('# Empty\n');
    expect(pageFile('Line\nbreak', undefined)).toBe('# Line break\n');
  });

  it('keeps a title ending in # when read back', () => {
    const files = new Map([['README.md', { content: pageFile('C#', 'About C#.\n') }]]);
    expect(pagesFromMarkdownFiles(files)[0]).toMatchObject({ title: 'C#', markdown: 'About C#.\n' });
  });
});
