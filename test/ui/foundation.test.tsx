import { KeyList } from '../../src/ui/components/KeyList.js';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { requireTerminal } from '../../src/cli/interactive.js';
import { KeyHelp } from '../../src/ui/components/KeyHelp.js';
import { moveSelection, ScrollList, windowStart } from '../../src/ui/components/ScrollList.js';
import { StatusLine } from '../../src/ui/components/StatusLine.js';
import { displayWidth, fit, relativeTime, truncate, wrapLines } from '../../src/ui/format.js';
import { useRequest } from '../../src/ui/hooks.js';
import { TextDialog } from '../../src/ui/cr-review/Dialog.js';
import { renderView, waitForFrame } from './helpers.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('relativeTime', () => {
  it.each([
    ['2026-11-25T11:59:50Z', 'just now'],
    ['2026-11-25T11:58:00Z', '2 minutes ago'],
    ['2026-11-25T09:00:00Z', '3 hours ago'],
    ['2026-11-22T12:00:00Z', '3 days ago'],
    ['2026-11-24T12:00:00Z', '1 day ago'],
    ['2026-09-25T12:00:00Z', '2 months ago'],
    ['2024-11-25T12:00:00Z', '2 years ago'],
    ['2026-11-25T14:00:00Z', 'in 2 hours'],
  ])('%s is %s', (iso, text) => expect(relativeTime(iso, NOW)).toBe(text));
  it('leaves text that is not a date, and nothing for nothing', () => {
    expect(relativeTime('yesterday', NOW)).toBe('yesterday');
    expect(relativeTime(undefined, NOW)).toBe('');
  });
});

describe('text helpers', () => {
  it('truncate cuts with an ellipsis only when needed', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('hello world', 6)).toBe('hello…');
    expect(truncate('hello', 0)).toBe('');
  });
  it('fit pads to the width', () => {
    expect(fit('ab', 4)).toBe('ab  ');
    expect(fit('abcdef', 4)).toBe('abc…');
  });

  it('measure by display width: wide characters count two columns and are never split', () => {
    const subject = '📚 Ünïcödé 日本語のタイトル 👩‍💻 ｆｕｌｌ';
    expect(displayWidth('日本語')).toBe(6);
    // Joined emoji are counted as the terminals that draw each one separately do.
    expect(displayWidth('👩‍💻')).toBe(4);
    expect(displayWidth('Ünïcödé')).toBe(7);
    const cut = truncate(subject, 12);
    expect(displayWidth(cut)).toBeLessThanOrEqual(12);
    expect(cut.endsWith('…')).toBe(true);
    expect(displayWidth(fit(subject, 20))).toBe(20);
    expect(displayWidth(fit('日本', 5))).toBe(5);
    // An odd width cannot hold half of a wide character: the cut leaves a column instead.
    expect(displayWidth(fit('日本語', 4))).toBe(4);
  });

  it('wrapLines breaks at spaces, keeps given line breaks and cuts only words longer than a line', () => {
    expect(wrapLines('should wrap across two lines', 12)).toEqual(['should wrap ', 'across two ', 'lines']);
    expect(wrapLines('a\nb', 10)).toEqual(['a', 'b']);
    expect(wrapLines('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    for (const line of wrapLines('日本語のタイトルはとても長いです', 7)) expect(displayWidth(line)).toBeLessThanOrEqual(7);
  });
});

describe('list movement', () => {
  it('moves with arrows and j/k, clamped to the list', () => {
    expect(moveSelection(0, 3, 'j', {})).toBe(1);
    expect(moveSelection(0, 3, '', { upArrow: true })).toBe(0);
    expect(moveSelection(2, 3, '', { downArrow: true })).toBe(2);
    expect(moveSelection(1, 3, 'G', {})).toBe(2);
    expect(moveSelection(2, 3, 'g', {})).toBe(0);
    expect(moveSelection(0, 0, 'j', {})).toBe(0);
  });
  it('keeps the selection inside the window', () => {
    expect(windowStart(5, 4, 10)).toBe(0);
    expect(windowStart(100, 0, 10)).toBe(0);
    expect(windowStart(100, 50, 10)).toBe(45);
    expect(windowStart(100, 99, 10)).toBe(90);
  });
});

describe('components', () => {
  it('ScrollList draws the rows around the selection and marks it', () => {
    const items = Array.from({ length: 30 }, (_, i) => `item ${i}`);
    const { lastFrame } = render(
      <ScrollList
        items={items}
        selected={20}
        height={5}
        keyOf={(s) => s}
        renderItem={(s, sel) => <Text>{`${sel ? '>' : ' '} ${s}`}</Text>}
      />,
    );
    expect(lastFrame()).toBe(['  item 18', '  item 19', '> item 20', '  item 21', '  item 22'].join('\n'));
  });
  it('ScrollList says so when empty', () => {
    const { lastFrame } = render(
      <ScrollList
        items={[]}
        selected={0}
        height={5}
        keyOf={(s: string) => s}
        renderItem={(s) => <Text>{s}</Text>}
        empty="No change requests."
      />,
    );
    expect(lastFrame()).toBe('No change requests.');
  });
  it('KeyHelp joins the keys and fits the width', () => {
    const keys = [
      ['↑↓', 'move'],
      ['enter', 'open'],
      ['q', 'quit'],
    ] as const;
    expect(render(<KeyHelp keys={keys} width={80} />).lastFrame()).toBe('↑↓ move · enter open · q quit');
    // Too narrow for all: whole bindings go from the end, but q (and ?) stay; cut only when even those do not fit.
    expect(render(<KeyHelp keys={keys} width={20} />).lastFrame()).toBe('↑↓ move · q quit');
    expect(render(<KeyHelp keys={keys} width={6} />).lastFrame()).toBe('q quit');
    expect(render(<KeyHelp keys={keys} width={4} />).lastFrame()).toBe('q q…');
    const browse = [
      ['↑↓/jk', 'scroll'],
      ['space/b', 'page down/up'],
      ['/', 'search'],
      ['?', 'help'],
      ['q', 'back'],
    ] as const;
    expect(render(<KeyHelp keys={browse} width={60} />).lastFrame()).toBe('↑↓/jk scroll · space/b page down/up · ? help · q back');
  });
  it('TextDialog wraps its title and hints between words instead of cutting them', async () => {
    const view = renderView(
      <TextDialog
        title="Comment on installation/windows"
        multiline
        onEditor={async () => undefined}
        onSubmit={() => undefined}
        onCancel={() => undefined}
        width={50}
      />,
      { columns: 50 },
    );
    const frame = await waitForFrame(view.lastFrame, 'esc cancels)');
    const head = frame.split('\n').slice(0, 2);
    expect(head.join(' ')).toBe('Comment on installation/windows (enter sends, alt-enter new line, ^G editor, esc cancels)');
    for (const line of head) expect(displayWidth(line)).toBeLessThanOrEqual(50);
    expect(frame).not.toContain('…');
    view.unmount();
  });
  it('StatusLine shows an error in one line', () => {
    expect(render(<StatusLine error={new ApiError(409, 'conflict')} width={80} />).lastFrame()).toBe('✗ conflict (409).');
    expect(render(<StatusLine notice="Merged" width={80} />).lastFrame()).toBe('Merged');
  });
});

describe('requireTerminal', () => {
  it('passes on a terminal and names the alternatives otherwise (exit 2)', () => {
    expect(() => requireTerminal('docs cr review', ['docs cr diff'], { stdin: { isTTY: true }, stdout: { isTTY: true } })).not.toThrow();
    try {
      requireTerminal('docs cr review', ['docs cr list', 'docs cr diff'], { stdin: {}, stdout: { isTTY: true } });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toBe(
        '`docs cr review` is interactive and needs a terminal; without one, use `docs cr list` or `docs cr diff`',
      );
      expect((err as { exitCode: number }).exitCode).toBe(2);
    }
  });
});

describe('KeyList, the key help of both views', () => {
  const keys = Array.from({ length: 22 }, (_, i) => [`k${i}`, `does thing number ${i}`] as const);

  it('shows one key a row when they are more than the rows, says which rows show, and reaches the last from top', () => {
    const first = render(<KeyList title="Keys" keys={keys} height={9} width={80} scrolls />).lastFrame() ?? '';
    expect(first.split('\n')).toHaveLength(9);
    expect(first).toContain('lines 1–8 of 22, ↑↓ scroll');
    for (const [key, label] of keys.slice(0, 8)) expect(first).toMatch(new RegExp(`${key} +${label}$`, 'm'));
    expect(first).not.toMatch(/k8 /);
    for (const line of first.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    const last = render(<KeyList title="Keys" keys={keys} height={9} width={80} top={14} scrolls />).lastFrame() ?? '';
    expect(last).toContain('lines 15–22 of 22');
    for (const [key, label] of keys.slice(14)) expect(last).toMatch(new RegExp(`${key} +${label}$`, 'm'));
  });

  it('wraps a description between words under its key instead of cutting it', () => {
    const frame = render(<KeyList title="Keys" keys={keys.slice(0, 2)} height={10} width={14} />).lastFrame() ?? '';
    const lines = frame.split('\n').slice(1);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(14);
    // Every word of each description is there whole, in order.
    expect(lines.map((line) => line.slice(4).trim()).join(' ')).toBe('does thing number 0 does thing number 1');
  });
});

describe('useRequest', () => {
  it('with data at hand it starts ready and does not load it again until reload', async () => {
    let loads = 0;
    let reload: () => void = () => undefined;
    function Probe() {
      const request = useRequest(async () => `loaded ${++loads}`, [], 'given');
      reload = request.reload;
      return <Text>{`${request.state} ${request.data ?? ''}`}</Text>;
    }
    const { lastFrame } = render(<Probe />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lastFrame()).toBe('ready given');
    expect(loads).toBe(0);
    reload();
    await waitForFrame(lastFrame, 'ready loaded 1');
  });
});
