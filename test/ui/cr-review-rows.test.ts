import { describe, expect, it } from 'vitest';
import type { Comment } from '../../src/api/schemas/comment.js';
import type { ContentDiff, PageDiff } from '../../src/content/diff.js';
import { buildEntries, matchesText, type Thread } from '../../src/ui/cr-review/data.js';
import { conflictPages } from '../../src/ui/cr-review/parts.js';
import { codeLines, detailRows, sameLine, wrap } from '../../src/ui/cr-review/rows.js';
import { inputLines } from '../../src/ui/cr-review/Dialog.js';
import { shellWord, wayOutRows } from '../../src/ui/cr-review/way-out.js';
import type { ChangeRequest } from '../../src/api/schemas/change-request.js';
import { displayWidth, splitToWidth } from '../../src/ui/format.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const user = { id: 'u1', displayName: 'Ada' };

function thread(id: string, markdown: string, page?: { id: string; title?: string }, replies: string[] = []): Thread {
  const comment = {
    id,
    postedBy: user,
    postedAt: '2026-11-25T11:00:00Z',
    body: { markdown },
    status: 'open',
    ...(page ? { target: { page } } : {}),
  } as Comment;
  return {
    comment,
    replies: replies.map((text, i) => ({
      id: `${id}-r${i}`,
      postedBy: { id: 'u2', displayName: 'Bob' },
      postedAt: '2026-11-25T11:30:00Z',
      body: { markdown: text },
    })),
  };
}

const page = (id: string, path: string, over: Partial<PageDiff> = {}): PageDiff => ({
  id,
  type: 'document',
  change: 'modified',
  changes: ['modified'],
  pathBefore: path,
  pathAfter: path,
  hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-old line', '+new line'] }],
  added: 1,
  removed: 1,
  ...over,
});

describe('page list entries', () => {
  it('puts the conversation first, then changed pages, then pages that only carry comments', () => {
    const diff: ContentDiff = {
      spaceId: 's',
      changeRequestId: 'c',
      pages: [page('p1', 'intro'), page('p2', 'guide/setup')],
      added: 2,
      removed: 2,
    };
    const threads = [thread('t1', 'general'), thread('t2', 'on setup', { id: 'p2' }), thread('t3', 'on faq', { id: 'p9', title: 'FAQ' })];
    const entries = buildEntries(diff, threads);
    expect(entries.map((e) => [e.label, e.threads.map((t) => t.comment.id)])).toEqual([
      ['Conversation', ['t1']],
      ['intro', []],
      ['guide/setup', ['t2']],
      ['FAQ', ['t3']],
    ]);
    expect(entries[3]?.page).toBeUndefined();
  });
});

describe('detail rows', () => {
  it('a page: its change, path and title changes, the hunks, then its threads with replies, tied to the thread', () => {
    const p = page('p1', 'new/path', {
      change: 'moved',
      changes: ['moved', 'renamed', 'modified'],
      pathBefore: 'old/path',
      titleBefore: 'Old',
      titleAfter: 'New',
    });
    const rows = detailRows(
      { key: 'page:p1', pageId: 'p1', label: 'new/path', page: p, threads: [thread('t1', 'Looks right', { id: 'p1' }, ['Thanks'])] },
      60,
      { now: NOW },
    );
    expect(rows.map((r) => r.text)).toEqual([
      'moved, renamed, modified · new/path · "New" · +1 −1',
      'path: old/path → new/path',
      'title: Old → New',
      '@@ -1,1 +1,1 @@',
      '-old line',
      '+new line',
      '',
      `── 1 comment ${'─'.repeat(47)}`,
      '● Ada · 1 hour ago · open · 1 reply',
      '  Looks right',
      '  ↳ Bob · 30 minutes ago',
      '    Thanks',
    ]);
    expect(rows.find((r) => r.text === '-old line')?.color).toBe('red');
    expect(rows.find((r) => r.text === '+new line')?.color).toBe('green');
    expect(rows.slice(-4).every((r) => r.thread === 't1')).toBe(true);
    expect(rows.slice(0, -4).some((r) => r.thread)).toBe(false);
  });

  it('a page with comments only says so, or why the diff is missing', () => {
    const entry = { key: 'page:p9', pageId: 'p9', label: 'FAQ', threads: [] };
    expect(detailRows(entry, 40, { now: NOW })[1]?.text).toBe('This page has comments but no change.');
    expect(detailRows(entry, 40, { diffNote: 'Loading the diff… 2/5', now: NOW })[1]?.text).toBe('Loading the diff… 2/5');
  });
});

describe('text helpers', () => {
  it('wrap keeps words whole and cuts a word longer than the width', () => {
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrap('first\nsecond', 20)).toEqual(['first', 'second']);
  });

  it('conflictPages reads the pages when the answer names them, nothing otherwise', () => {
    expect(conflictPages({ revision: 'r', result: 'conflicts', conflicts: [{ id: 'p1', title: 'Install' }, { id: 'p2' }] })).toEqual([
      'Install',
      'p2',
    ]);
    expect(
      conflictPages({ revision: 'r', result: 'conflicts', conflicts: [{ id: 'p3', title: 'Windows', path: 'installation/windows' }] }),
    ).toEqual(['Windows (installation/windows)']);
    expect(conflictPages({ revision: 'r', result: 'conflicts' })).toEqual([]);
  });

  it('matchesText looks at the number, subject, author and status', () => {
    const cr = { id: 'c', number: 12, subject: 'Fix typos', status: 'open', createdBy: { id: 'u', displayName: 'Grace' } } as Parameters<
      typeof matchesText
    >[0];
    expect(matchesText(cr, '#12')).toBe(true);
    expect(matchesText(cr, 'TYPO')).toBe(true);
    expect(matchesText(cr, 'grace')).toBe(true);
    expect(matchesText(cr, 'merged')).toBe(false);
    expect(matchesText(cr, '  ')).toBe(true);
  });
});

describe('second pass: widths, anchors, replies, the way out', () => {
  it('wraps by display width: wide characters count two columns and are never split', () => {
    const lines = wrap('日本語のタイトル 👩‍💻 ｆｕｌｌ width text', 10);
    expect(lines.every((l) => displayWidth(l) <= 10)).toBe(true);
    expect(lines.join('').replace(/ /g, '')).toBe('日本語のタイトル👩‍💻ｆｕｌｌwidthtext');
    expect(splitToWidth('ab日本cd', 4)).toEqual(['ab日', '本cd']);
    // Continuation lines start where the paragraph's first line does, not one column to the right.
    expect(wrap('  indented code line that is long enough to wrap', 20)).toEqual([
      '  indented code line',
      'that is long enough',
      'to wrap',
    ]);
  });

  it('an input box breaks after a space, so every line starts at the same column', () => {
    const chars = [...'one two three four'];
    expect(inputLines(chars, 9).map(([a, b]) => chars.slice(a, b).join(''))).toEqual(['one two', 'three', 'four']);
    const long = [...'abcdefghij'];
    expect(inputLines(long, 4).map(([a, b]) => long.slice(a, b).join(''))).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('a comment anchored to a block shows the block and its preview; reply rows carry the reply id; an edited one says so', () => {
    const t = thread('t1', 'Say which version', { id: 'p1' }, ['Done']);
    t.comment.target = { ...t.comment.target, node: { id: 'n1', preview: 'Install with winget' } };
    t.comment.editedAt = '2026-11-25T11:10:00Z';
    const rows = detailRows({ key: 'page:p1', pageId: 'p1', label: 'FAQ', threads: [t] }, 60, { now: NOW });
    const texts = rows.map((r) => r.text);
    expect(texts).toContain('  ▏ on block n1');
    expect(texts).toContain('  ▏ Install with winget');
    expect(texts.indexOf('  ▏ on block n1')).toBe(texts.indexOf('  ▏ Install with winget') - 1);
    expect(texts).toContain('● Ada · 1 hour ago (edited) · open · 1 reply');
    expect(rows.filter((r) => r.reply === 't1-r0').map((r) => r.text)).toEqual(['  ↳ Bob · 30 minutes ago', '    Done']);
    expect(rows.find((r) => r.text.startsWith('●'))?.stop).toBe('comment');
  });

  it('long diff lines wrap under their text, or are cut when wrapping is off', () => {
    const p = page('p1', 'a', { hunks: [{ oldStart: 1, oldLines: 0, newStart: 1, newLines: 1, lines: [`+${'word '.repeat(10)}end`] }] });
    const entry = { key: 'page:p1', pageId: 'p1', label: 'a', page: p, threads: [] };
    const wrapped = detailRows(entry, 20, { now: NOW }).filter((r) => r.color === 'green');
    expect(wrapped.length).toBe(3);
    expect(wrapped.map((r) => r.text.slice(1).trim()).join(' ')).toBe(`${'word '.repeat(10)}end`);
    expect(wrapped.slice(1).every((r) => r.text.startsWith(' '))).toBe(true);
    const cut = detailRows(entry, 20, { now: NOW, wrapDiff: false }).filter((r) => r.color === 'green');
    expect(cut.map((r) => r.text)).toEqual([`+${'word '.repeat(3)}wor…`]);
  });

  it('w keeps the cursor on its line: sameLine finds the line in the other layout', () => {
    const lines = Array.from({ length: 9 }, (_, i) => `+Line ${i + 1} ${i % 2 ? 'word '.repeat(8) : ''}`.trimEnd());
    const p = page('p1', 'a', { hunks: [{ oldStart: 1, oldLines: 0, newStart: 1, newLines: 9, lines }] });
    const entry = { key: 'page:p1', pageId: 'p1', label: 'a', page: p, threads: [] };
    const wrapped = detailRows(entry, 20, { now: NOW });
    const cut = detailRows(entry, 20, { now: NOW, wrapDiff: false });
    expect(wrapped.length).toBeGreaterThan(cut.length);
    for (const n of [1, 5, 8, 9]) {
      const atWrapped = wrapped.findIndex((r) => r.text.startsWith(`+Line ${n}`));
      const atCut = cut.findIndex((r) => r.text.startsWith(`+Line ${n}`));
      expect(sameLine(wrapped, atWrapped, cut)).toBe(atCut);
      expect(sameLine(cut, atCut, wrapped)).toBe(atWrapped);
    }
    // On a continuation row: the line it belongs to.
    const second = wrapped.findIndex((r) => r.text.startsWith('+Line 2')) + 1;
    expect(wrapped[second]?.cont).toBe(true);
    expect(cut[sameLine(wrapped, second, cut)]?.text).toMatch(/^\+Line 2/);
  });

  it('a way-out command wraps between its words, never inside a flag or a value, continuations indented', () => {
    const command = '  docs spaces import space_guides --cr 2 --source markdown --url file:///tmp/out/installation/windows.md --yes';
    for (const width of [44, 57, 78]) {
      const lines = codeLines(command, width);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
      lines.slice(1).forEach((line) => expect(line.startsWith('    ')).toBe(true));
      // Every word of the command is whole on one row.
      expect(lines.flatMap((l) => l.trim().split(' '))).toEqual(command.trim().split(' '));
    }
    expect(codeLines(command, 44)).toEqual([
      '  docs spaces import space_guides --cr 2',
      '    --source markdown --url',
      '    file:///tmp/out/installation/windows.md',
      '    --yes',
    ]);
    // Narrower than its longest word: that word breaks after a `/` in it, not in the middle of a name.
    expect(codeLines(command, 40)).toEqual([
      '  docs spaces import space_guides --cr 2',
      '    --source markdown --url',
      '    file:///tmp/out/installation/',
      '    windows.md --yes',
    ]);
  });

  it('the way out names the change request, its space and the pulled files and new change request once known', () => {
    const cr = { id: 'c1', number: 7, subject: "Fix Bob's page", urls: { app: 'https://app.example/cr/7' } } as unknown as ChangeRequest;
    const conflict = { what: 'Merge' as const, pages: [{ id: 'p1', name: 'Windows (installation/windows)' }] };
    const before = wayOutRows({ bin: 'docs', spaceId: 'sp', cr, conflict }).map((r) => r.text);
    expect(before).toContain('  docs cr diff 7 --name-only --space sp');
    expect(before).toContain('  docs spaces pull sp ./cr7 --cr 7');
    expect(before).toContain(`  docs cr create --subject 'Fix Bob'\\''s page' --space sp`);
    expect(before).toContain('  docs cr merge <new> --yes --space sp');
    expect(before).toContain('  docs cr edit 7 --status archived --space sp');
    expect(before).toContain('  https://app.example/cr/7');
    const after = wayOutRows({
      bin: 'docs',
      spaceId: 'sp',
      cr,
      conflict,
      pulled: { dir: 'out', root: '/tmp/out', files: ['installation/windows.md'] },
      created: { ...cr, number: 8 },
    }).map((r) => r.text);
    expect(after).toContain('  docs spaces import sp --cr 8 --source markdown --url file:///tmp/out/installation/windows.md --yes');
    expect(after).toContain('  docs cr merge 8 --yes --space sp');
    expect(shellWord('a b')).toBe("'a b'");
  });
});
