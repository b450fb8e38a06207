import { describe, expect, it } from 'vitest';
import { fitColumns, isIdColumn } from '../../src/cli/format/table.js';
import { displayWidth, truncate } from '../../src/cli/format/text.js';
import { isTimestamp, relativeTime } from '../../src/cli/format/time.js';
import { Output, type Columns } from '../../src/cli/output.js';
import { relativeTime as viewRelativeTime } from '../../src/ui/format.js';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

class Screen {
  text = '';
  constructor(
    readonly isTTY: boolean,
    readonly columns?: number,
  ) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

interface Member {
  id: string;
  name: string;
  email: string;
  role: string;
  joinedAt: string;
  lastSeenAt: string;
}
const members: Member[] = [
  {
    id: 'usr_0123456789',
    name: 'Ada Lovelace, Countess of Lovelace and author of the first published algorithm',
    email: 'ada.lovelace@analytical-engine.example.com',
    role: 'admin',
    joinedAt: '2026-03-07T09:00:00.000Z',
    lastSeenAt: '2026-03-10T11:55:00.000Z',
  },
  {
    id: 'usr_9876543210',
    name: 'Alan Turing',
    email: 'alan@example.com',
    role: 'read',
    joinedAt: '2025-01-10T12:00:00.000Z',
    lastSeenAt: '2026-03-10T11:59:40.000Z',
  },
];
const columns: Columns<Member> = {
  'USER ID': 'id',
  NAME: 'name',
  EMAIL: 'email',
  ROLE: 'role',
  JOINED: 'joinedAt',
  'LAST SEEN': 'lastSeenAt',
};

function render(mode: 'table' | 'tsv', width?: number): string {
  const stdout = new Screen(mode === 'table', width);
  new Output({ mode, color: false, stdout, stderr: new Screen(false), now: () => NOW }).list(members, columns);
  return stdout.text;
}

describe('relative times', () => {
  it('says how long ago (or until) in the largest whole unit', () => {
    expect(relativeTime('2026-03-10T11:59:40.000Z', NOW)).toBe('just now');
    expect(relativeTime('2026-03-10T11:55:00.000Z', NOW)).toBe('5 minutes ago');
    expect(relativeTime('2026-03-10T11:00:00.000Z', NOW)).toBe('1 hour ago');
    expect(relativeTime('2026-03-07T09:00:00.000Z', NOW)).toBe('3 days ago');
    expect(relativeTime('2025-01-10T12:00:00.000Z', NOW)).toBe('1 year ago');
    expect(relativeTime('2026-03-12T12:00:00.000Z', NOW)).toBe('in 2 days');
  });

  it('changes unit only at whole units, rounded down, the same way past and future', () => {
    const at = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
    const cases: [number, string][] = [
      [0, 'just now'],
      [59, 'just now'],
      [60, '1 minute ago'],
      [119, '1 minute ago'],
      [3_599, '59 minutes ago'],
      [3_600, '1 hour ago'],
      [86_399, '23 hours ago'],
      [86_400, '1 day ago'],
      [10 * 86_400, '10 days ago'],
      [30 * 86_400 - 1, '29 days ago'],
      [30 * 86_400, '1 month ago'],
      [365 * 86_400 - 1, '12 months ago'],
      [365 * 86_400, '1 year ago'],
      [-59, 'just now'],
      [-60, 'in 1 minute'],
      [-10 * 86_400, 'in 10 days'],
    ];
    for (const [seconds, text] of cases) expect(relativeTime(at(seconds), NOW), `${seconds} s`).toBe(text);
    expect(relativeTime('not a date', NOW)).toBe('not a date');
    expect(relativeTime(undefined, NOW)).toBe('');
  });

  it('is the one the views use: a change request is as old in `cr review` as in `cr list`', () => {
    expect(viewRelativeTime).toBe(relativeTime);
  });

  it('recognises API timestamps only', () => {
    expect(isTimestamp('2026-03-10T11:55:00.000Z')).toBe(true);
    expect(isTimestamp('2026-03-10T11:55:00+02:00')).toBe(true);
    expect(isTimestamp('2026-03-10')).toBe(false);
    expect(isTimestamp('released 2026-03-10T11:55:00Z')).toBe(false);
    expect(isTimestamp('2026-13-45T99:99:00Z')).toBe(false);
  });
});

describe('fitting a table to the terminal', () => {
  it('cuts the widest text column first, never an id column, never below its header', () => {
    const head = ['ID', 'TITLE', 'NOTE'];
    const rows = [['sp_0123456789', 'x'.repeat(50), 'y'.repeat(30)]];
    expect(fitColumns(head, rows, 200)).toEqual([13, 50, 30]);
    // 13 + 2 + 30 + 2 + 30 = 77: TITLE shrank to NOTE's width, then both share the cut.
    expect(fitColumns(head, rows, 77)).toEqual([13, 30, 30]);
    expect(fitColumns(head, rows, 60)).toEqual([13, 21, 22]);
    // Short columns (a time, a role) are cut only once the long ones are down to 16.
    expect(fitColumns(['ID', 'TITLE', 'UPDATED'], [['sp_1', 'x'.repeat(50), '3 minutes ago']], 40)).toEqual([4, 19, 13]);
    expect(fitColumns(['ID', 'TITLE', 'UPDATED'], [['sp_1', 'x'.repeat(50), '3 minutes ago']], 30)).toEqual([4, 11, 11]);
    expect(fitColumns(head, rows, 10)).toEqual([13, 8, 8]);
    expect(isIdColumn('USER ID')).toBe(true);
    expect(isIdColumn('IDENTITY')).toBe(false);
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
  });

  it('at 80 columns: every row fits, the long name ends in …, ids are whole, times are relative', () => {
    const lines = render('table', 80).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(/^USER ID\s+NAME\s+EMAIL\s+ROLE\s+JOINED\s+LAST SEEN$/);
    expect(lines[1]).toMatch(/^usr_0123456789 {2}Ada Lovelace.*… .*admin {2}3 days ago {2}5 minutes ago$/);
    expect(lines[2]).toMatch(/^usr_9876543210 {2}Alan Turing {2,}alan@example\.… {2}read {3}1 year ago {2}just now$/);
    expect(lines[1]).not.toContain('2026-');
  });

  it('wide text (CJK, emoji) is measured in terminal columns: no row runs past a narrow terminal', () => {
    const wide: Member[] = [
      { ...members[0]!, name: '日本語のドキュメントのタイトルはとても長いです', email: 'はじめに@例え.jp' },
      { ...members[1]!, name: '👩‍💻 开发者指南 🚀 第二版 ✨', email: 'ê̄lan@example.com' },
    ];
    // 62: the narrowest these six columns fit (ids whole, others down to 8 or their header), two spaces apart.
    for (const width of [80, 70, 62]) {
      const stdout = new Screen(true, width);
      new Output({ mode: 'table', color: false, stdout, stderr: new Screen(false), now: () => NOW }).list(wide, columns);
      const lines = stdout.text.trimEnd().split('\n');
      expect(lines).toHaveLength(3);
      for (const line of lines) expect(displayWidth(line), `${width}: ${line}`).toBeLessThanOrEqual(width);
      // Cut between characters, never inside one: no lone surrogate.
      for (const line of lines) expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      expect(lines[1]).toContain('usr_0123456789');
      expect(lines[1]).toMatch(/日本語.*…/);
    }
    // Each CJK character takes two columns, so a cell of them is cut at half as many characters.
    expect(truncate('日本語のタイトル', 7)).toBe('日本語…');
    // A joined emoji counts the wider way (two per emoji), and is never split.
    expect(truncate('👩‍💻abc', 5)).toBe('👩‍💻…');
    expect(truncate('👩‍💻abc', 4)).toBe('…');
  });

  it('at 200 columns: nothing is cut, not even past 60 characters', () => {
    const text = render('table', 200);
    expect(text).toContain(members[0]!.name);
    expect(text).toContain(members[0]!.email);
    expect(text).not.toContain('…');
    for (const line of text.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(200);
  });

  it('piped output keeps full values and ISO times', () => {
    const text = render('tsv');
    expect(text.split('\n')[0]).toBe(
      `usr_0123456789\t${members[0]!.name}\tada.lovelace@analytical-engine.example.com\tadmin\t2026-03-07T09:00:00.000Z\t2026-03-10T11:55:00.000Z`,
    );
  });

  it('a single object on a terminal shows the time and how long ago', () => {
    const stdout = new Screen(true, 80);
    new Output({ mode: 'table', color: false, stdout, stderr: new Screen(false), now: () => NOW }).object(members[0]!, {
      Joined: 'joinedAt',
    });
    expect(stdout.text).toBe('Joined  2026-03-07T09:00:00.000Z (3 days ago)\n');
  });
});
