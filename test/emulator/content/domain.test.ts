import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from '../../../src/emulator/domain/html.js';
import { extractLinks, sections, splitTitle } from '../../../src/emulator/domain/markdown.js';
import { pagesFromMarkdownFiles, pagesToMarkdownFiles } from '../../../src/emulator/domain/markdown-tree.js';
import { mergeContent } from '../../../src/emulator/domain/merge.js';
import { renderPdf } from '../../../src/emulator/domain/assets.js';
import { isLoopbackHost } from '../../../src/api/loopback.js';
import { scrubCredentials, withoutCredentials } from '../../../src/emulator/domain/git-info.js';
import { buildPages, repath, type PageNode } from '../../../src/emulator/domain/revisions.js';
import { Store } from '../../../src/emulator/store/store.js';
import { editChangeRequest, type ChangeRequestDoc } from '../../../src/emulator/domain/change-requests.js';

const store = new Store();
const at = '2026-01-01T00:00:00.000Z';
const tree = (): PageNode[] =>
  buildPages(
    store,
    [
      { id: 'a', title: 'A', markdown: 'a' },
      { id: 'b', title: 'B', markdown: 'b', pages: [{ id: 'b1', title: 'B1', markdown: 'b1' }] },
      { id: 'c', title: 'C', markdown: 'c' },
    ],
    at,
  );
const edit = (pages: PageNode[], id: string, change: Partial<PageNode>): PageNode[] => {
  const walk = (list: PageNode[]): PageNode[] => list.map((p) => (p.id === id ? { ...p, ...change } : { ...p, pages: walk(p.pages) }));
  return repath(walk(pages));
};
const content = (pages: PageNode[]) => ({ pages, files: [] });
const summary = (pages: readonly PageNode[]): unknown => pages.map((p) => [p.id, p.markdown, summary(p.pages)]);

describe('three-way merge by page', () => {
  it('takes each side’s own changes, additions and deletions', () => {
    const base = tree();
    const ours = edit(base, 'a', { markdown: 'a-ours' }).filter((p) => p.id !== 'c');
    const theirs = edit(base, 'b1', { markdown: 'b1-theirs' });
    theirs.push(...buildPages(store, [{ id: 'd', title: 'D', markdown: 'd' }], at));
    const out = mergeContent(content(base), content(ours), content(theirs));
    expect(out.ok).toBe(true);
    if (out.ok)
      expect(summary(out.pages)).toEqual([
        ['a', 'a-ours', []],
        ['b', 'b', [['b1', 'b1-theirs', []]]],
        ['d', 'd', []],
      ]);
  });

  it('is a conflict when both sides change a page differently, or one edits what the other deleted', () => {
    const base = tree();
    const both = mergeContent(content(base), content(edit(base, 'a', { markdown: 'x' })), content(edit(base, 'a', { markdown: 'y' })));
    expect(both).toEqual({ ok: false, conflicts: [{ id: 'a', title: 'A', path: 'a' }] });
    const same = mergeContent(content(base), content(edit(base, 'a', { markdown: 'x' })), content(edit(base, 'a', { markdown: 'x' })));
    expect(same.ok).toBe(true);
    const deleted = mergeContent(content(base), content(base.filter((p) => p.id !== 'c')), content(edit(base, 'c', { title: 'C2' })));
    expect(deleted.ok).toBe(false);
    // A page added under a parent the other side deleted has nowhere to go.
    const orphan = edit(base, 'b', {});
    orphan[1]?.pages.push(...buildPages(store, [{ id: 'b2', title: 'B2', markdown: '' }], at, 'b'));
    expect(mergeContent(content(base), content(base.filter((p) => p.id !== 'b')), content(orphan)).ok).toBe(false);
  });

  it('keeps the reordering of the side that reordered', () => {
    const base = tree();
    const reordered = repath([base[2], base[0], base[1]] as PageNode[]);
    const out = mergeContent(content(base), content(base), content(reordered));
    expect(out.ok && out.pages.map((p) => p.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('markdown', () => {
  it('splits the title, sections and links', () => {
    expect(splitTitle('\n# Hello\n\nBody')).toEqual({ title: 'Hello', body: 'Body' });
    expect(splitTitle('No heading')).toEqual({ body: 'No heading' });
    expect(sections('Intro text\n\n## Part *one*\n\nFirst.\nStill first.\n\n```\n# not a heading\n```\n')).toEqual([
      { level: 0, paragraphs: ['Intro text'] },
      // Code stays searchable, but a `#` inside it is not a heading.
      { heading: 'Part one', level: 2, anchor: 'part-one', paragraphs: ['First. Still first.', '# not a heading'] },
    ]);
    expect(extractLinks('[a](x.md) ![i](img.png "t") `[no](code)`\n```\n[no](fenced)\n```')).toEqual([
      { image: false, text: 'a', target: 'x.md' },
      { image: true, text: 'i', target: 'img.png' },
    ]);
  });

  it('converts html headings, paragraphs, links, emphasis, nested lists and code', () => {
    const html =
      '<h2>Title &amp; more</h2><p>Some <strong>bold</strong> and <em>it</em> <code>x</code>.</p><ol><li>One<ul><li>Sub</li></ul></li><li>Two</li></ol><pre><code>a &lt; b\n  c</code></pre>';
    expect(htmlToMarkdown(html).markdown).toBe(
      '## Title & more\n\nSome **bold** and _it_ `x`.\n\n1. One\n  - Sub\n2. Two\n\n```\na < b\n  c\n```',
    );
  });
});

describe('markdown files <-> pages', () => {
  it('without SUMMARY: README first, folders as pages, alphabetical', () => {
    const files = new Map([
      ['README.md', { content: '# Home\n' }],
      ['b.md', { content: '# Bee\n' }],
      ['a/README.md', { content: '# Folder A\n' }],
      ['a/x.md', { content: 'no heading' }],
      ['z/y.md', { content: '# Y\n' }],
    ]);
    const pages = pagesFromMarkdownFiles(files);
    const shape = (list: typeof pages): unknown => list.map((p) => [p.title, p.slug, shape(p.pages ?? [])]);
    expect(shape(pages)).toEqual([
      ['Home', undefined, []],
      ['Folder A', 'a', [['X', 'x', []]]],
      ['Bee', 'b', []],
      ['Z', 'z', [['Y', 'y', []]]],
    ]);
  });

  it('writes a tree that reads back the same', () => {
    const pages = tree();
    const { files, summary: toc } = pagesToMarkdownFiles(pages);
    expect([...files.keys()]).toEqual(['README.md', 'b/README.md', 'b/b1.md', 'c.md']);
    const back = pagesFromMarkdownFiles(new Map([...files, ['SUMMARY.md', toc] as const].map(([k, v]) => [k, { content: v }])));
    const shape = (list: readonly { title: string; markdown: string; pages?: unknown[] }[]): unknown =>
      list.map((p) => [p.title, p.markdown, shape((p.pages ?? []) as never)]);
    expect(shape(back)).toEqual(shape(pages));
  });
});

describe('small helpers', () => {
  it('recognises loopback hosts only', () => {
    for (const host of ['localhost', '127.0.0.1', '127.9.8.7', '[::1]', 'api.localhost']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['example.com', '10.0.0.1', '128.0.0.1', '127.0.0.1.example.com', 'localhost.evil.com'])
      expect(isLoopbackHost(host)).toBe(false);
  });

  it('removes credentials from URLs and messages', () => {
    expect(withoutCredentials('https://u:p@host/x.git')).toBe('https://host/x.git');
    expect(scrubCredentials('fatal: https://u:pw@host/x.git failed for pw', 'https://u:pw@host/x.git')).toBe(
      'fatal: https://host/x.git failed for ***',
    );
  });

  it('renders a PDF with a valid structure', () => {
    const pdf = renderPdf(
      'Title (1)',
      Array.from({ length: 60 }, (_, i) => `Page ${i}`),
    ).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('/Count 2');
    expect(pdf).toContain('(Title \\(1\\)) Tj');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offset = Number(/\n0000000000 65535 f \n(\d{10})/.exec(pdf)?.[1]);
    expect(pdf.slice(offset, offset + 7)).toBe('1 0 obj');
  });
});

describe('editing a change request', () => {
  const cr = (status: ChangeRequestDoc['status']): ChangeRequestDoc =>
    store.insert<ChangeRequestDoc>(
      'changeRequest',
      {
        id: store.newId('cr'),
        object: 'change-request',
        number: 7,
        status,
        subject: 'Old',
        createdAt: at,
        updatedAt: at,
        revision: 'r1',
        revisionInitial: 'r1',
        _space: 'sp',
        _createdBy: 'u',
        _contributors: ['u'],
      },
      'sp',
    );
  const later = new Date('2026-02-01T00:00:00.000Z');

  it('stores the new subject and status, and moves updatedAt only when one changed', () => {
    const open = cr('open');
    const same = editChangeRequest(store, open, { subject: 'Old', status: 'open' }, later);
    expect(same.updatedAt).toBe(at);
    const edited = editChangeRequest(store, open, { subject: 'New', status: 'draft' }, later);
    expect(edited).toMatchObject({ subject: 'New', status: 'draft', updatedAt: later.toISOString() });
    expect(store.get<ChangeRequestDoc>('changeRequest', open.id)).toEqual(edited);
  });

  it('keeps a merged one merged, and still lets its subject change', () => {
    const merged = cr('merged');
    expect(() => editChangeRequest(store, merged, { status: 'open' }, later)).toThrow(/#7 is merged; its status cannot change/);
    expect(editChangeRequest(store, merged, { subject: 'Renamed' }, later)).toMatchObject({ status: 'merged', subject: 'Renamed' });
  });
});
