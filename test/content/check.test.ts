import { describe, expect, it } from 'vitest';
import type { ChangeRequest } from '../../src/api/schemas/change-request.js';
import type { Comment } from '../../src/api/schemas/comment.js';
import type { LinkItem } from '../../src/api/schemas/content.js';
import { Output, type OutputMode } from '../../src/cli/output.js';
import { renderCheck } from '../../src/cli/format/check.js';
import {
  brokenLinkFindings,
  changeRequestFindings,
  describeTarget,
  emptyPageFindings,
  openCommentFindings,
  sortFindings,
  type Finding,
} from '../../src/content/check.js';
import type { FlatPage } from '../../src/content/page-tree.js';

const pageLoc = (path: string) => ({ kind: 'page', space: { id: 'sp' }, page: { id: `pg_${path}`, title: path, type: 'document', path } });

describe('findings', () => {
  it('one broken-link finding per broken item and page it is on; ok and in-app links are not findings', () => {
    const items = [
      { status: 'broken', targetReference: { kind: 'url', url: 'missing.md' }, locationReferences: [pageLoc('a'), pageLoc('b/c')] },
      { status: 'ok', targetReference: { kind: 'url', url: 'https://example.com' }, locationReferences: [pageLoc('a')] },
      { status: 'in-app', targetReference: { kind: 'url', url: 'https://app.example/x' }, locationReferences: [pageLoc('a')] },
      { status: 'broken', targetReference: pageLoc('gone') },
    ] as unknown as LinkItem[];
    expect(brokenLinkFindings(items)).toEqual([
      { kind: 'broken-link', page: 'a', message: 'broken link to missing.md' },
      { kind: 'broken-link', page: 'b/c', message: 'broken link to missing.md' },
      { kind: 'broken-link', page: null, message: 'broken link to gone' },
    ]);
    // A page's own report: the page is known, the locations are not needed.
    expect(brokenLinkFindings(items.slice(0, 1), 'x/y')).toEqual([
      { kind: 'broken-link', page: 'x/y', message: 'broken link to missing.md' },
    ]);
  });

  it('names file targets by name and unknown kinds by kind', () => {
    expect(describeTarget({ kind: 'file', space: { id: 's' }, file: { id: 'f1', name: 'logo.png' } })).toBe('file logo.png');
    expect(describeTarget({ kind: 'openapi', spec: {} })).toBe('openapi');
    expect(describeTarget(undefined)).toBe('an unknown target');
  });

  it('empty pages: documents whose markdown is blank; groups are not', () => {
    const pages: FlatPage[] = [
      { id: '1', type: 'document', title: 'Full', path: 'full', parentId: null },
      { id: '2', type: 'document', title: 'Blank', path: 'blank', parentId: null },
      { id: '3', type: 'group', title: 'Group', path: 'group', parentId: null },
    ];
    const text: Record<string, string> = { '1': 'Hello', '2': ' \n\n ', '3': '' };
    expect(emptyPageFindings(pages, (p) => text[p.id])).toEqual([{ kind: 'empty-page', page: 'blank', message: '"Blank" has no content' }]);
  });

  it('an outdated change request is a finding about the whole; an up-to-date one is not', () => {
    const cr = { number: 7, outdated: true } as ChangeRequest;
    expect(changeRequestFindings(cr)).toEqual([
      expect.objectContaining({ kind: 'outdated', page: null, message: expect.stringContaining('docs cr update-branch 7') as string }),
    ]);
    expect(changeRequestFindings({ ...cr, outdated: false })).toEqual([]);
  });

  it('open comments, with the page they are on; resolved ones are left out', () => {
    const by = { id: 'usr_1', displayName: 'Ada' };
    const comments = [
      {
        id: 'c1',
        postedBy: by,
        status: 'open',
        body: { markdown: `Is this right?\nSecond line` },
        target: { page: { id: 'p', path: 'setup' } },
      },
      { id: 'c4', postedBy: by, status: 'open', body: { markdown: 'x'.repeat(80) } },
      { id: 'c2', postedBy: { id: 'usr_2' }, status: 'resolved' },
      { id: 'c3', postedBy: { id: 'usr_2' } },
    ] as unknown as Comment[];
    expect(openCommentFindings(comments)).toEqual([
      { kind: 'open-comment', page: 'setup', message: 'open comment c1 by Ada: "Is this right?"' },
      { kind: 'open-comment', page: null, message: `open comment c4 by Ada: "${'x'.repeat(59)}…"` },
      { kind: 'open-comment', page: null, message: 'open comment c3 by usr_2' },
    ]);
  });

  it('sorts the whole first, then pages in reading order, then pages not in the tree', () => {
    const f = (page: string | null, message = ''): Finding => ({ kind: 'broken-link', page, message });
    const sorted = sortFindings([f('b', '1'), f('zz'), f('a'), f(null), f('b', '2')], ['a', 'b']);
    expect(sorted.map((x) => `${x.page}${x.message}`)).toEqual(['null', 'a', 'b1', 'b2', 'zz']);
  });
});

class Sink {
  text = '';
  constructor(readonly isTTY: boolean) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

describe('renderCheck', () => {
  const findings: Finding[] = [
    { kind: 'outdated', page: null, message: 'behind' },
    { kind: 'broken-link', page: 'guide', message: 'broken link to x.md' },
    { kind: 'empty-page', page: 'guide', message: '"Guide" has\tno content' },
  ];
  const render = (mode: OutputMode, list: Finding[], json = false) => {
    const stdout = new Sink(mode === 'table');
    const stderr = new Sink(mode === 'table');
    const code = renderCheck(
      new Output({ mode, color: false, stdout, stderr }),
      { ok: list.length === 0, findings: list },
      'All clear.',
      json,
    );
    return { stdout: stdout.text, stderr: stderr.text, code };
  };

  it('on a terminal groups the findings by page, the change request first, and counts them; exit code 8', () => {
    const table = render('table', findings);
    expect(table.stdout).toBe(
      [
        'Change request',
        '  ✗ outdated      behind',
        'guide',
        '  ✗ broken-link   broken link to x.md',
        '  ✗ empty-page    "Guide" has\tno content',
        '',
        '3 findings',
        '',
      ].join('\n'),
    );
    expect(table.code).toBe(8);
  });

  it('piped: one tab-separated line per finding, no tab inside a cell', () => {
    expect(render('tsv', findings).stdout).toBe(
      'outdated\t\tbehind\nbroken-link\tguide\tbroken link to x.md\nempty-page\tguide\t"Guide" has no content\n',
    );
  });

  it("cr check's findings say where they come from: marked on a terminal, a fourth column piped, introduced in JSON", () => {
    const marked: Finding[] = [
      { kind: 'broken-link', page: 'guide', message: 'broken link to x.md', introduced: true },
      { kind: 'empty-page', page: 'guide', message: '"Guide" has no content', introduced: false },
    ];
    expect(render('table', marked).stdout).toBe(
      [
        'guide',
        '  ✗ broken-link   broken link to x.md',
        '  · empty-page    "Guide" has no content (already in primary content)',
        '',
        '2 findings (1 already in primary content)',
        '',
      ].join('\n'),
    );
    expect(render('tsv', marked).stdout).toBe(
      'broken-link\tguide\tbroken link to x.md\tchange-request\nempty-page\tguide\t"Guide" has no content\tprimary\n',
    );
    expect(JSON.parse(render('tsv', marked, true).stdout).findings.map((f: Finding) => f.introduced)).toEqual([true, false]);
    expect(render('tsv', marked).code).toBe(8);
  });

  it('clean: nothing on stdout, the message on stderr, no exit code; JSON says ok', () => {
    expect(render('tsv', [])).toEqual({ stdout: '', stderr: 'All clear.\n', code: undefined });
    expect(JSON.parse(render('table', [], true).stdout)).toEqual({ ok: true, findings: [] });
  });
});
