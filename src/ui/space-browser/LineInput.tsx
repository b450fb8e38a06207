import { Text } from 'ink';
import { displayWidth, truncate } from '../format.js';

/** A one-line text being typed, with the cursor's place in it (a string index between graphemes). */
export interface Line {
  value: string;
  cursor: number;
}

export const EMPTY_LINE: Line = { value: '', cursor: 0 };

/** The keys an edit looks at, as Ink reports them. */
export interface EditKey {
  ctrl?: boolean;
  meta?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  upArrow?: boolean;
  downArrow?: boolean;
  home?: boolean;
  end?: boolean;
  backspace?: boolean;
  delete?: boolean;
  return?: boolean;
  escape?: boolean;
  tab?: boolean;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The string indexes between graphemes, from 0 to the length. */
function boundaries(value: string): number[] {
  const out = [...segmenter.segment(value)].map((s) => s.index);
  out.push(value.length);
  return out;
}

const before = (value: string, cursor: number): number => boundaries(value).findLast((i) => i < cursor) ?? 0;
const after = (value: string, cursor: number): number => boundaries(value).find((i) => i > cursor) ?? value.length;

/** Ctrl-W: back over spaces, then over the word before them (readline's unix-word-rubout). */
function wordStart(value: string, cursor: number): number {
  let i = cursor;
  while (i > 0 && /\s/.test(value[i - 1] ?? '')) i -= 1;
  while (i > 0 && !/\s/.test(value[i - 1] ?? '')) i -= 1;
  return i;
}

const cut = (line: Line, from: number, to: number): Line => ({
  value: line.value.slice(0, from) + line.value.slice(to),
  cursor: from,
});

/**
 * The line after one key, edited as readline does: letters (or a paste) go in at the cursor,
 * ←/→ and Ctrl-B/Ctrl-F move, Home/End and Ctrl-A/Ctrl-E go to either end, Backspace deletes the
 * character before the cursor and Ctrl-D the one under it, Ctrl-U deletes to the start, Ctrl-K to
 * the end, Ctrl-W the word before the cursor. `undefined` for a key that is not an edit (Enter,
 * Esc, ↑↓, Tab…), which the screen handles.
 */
export function editLine(line: Line, input: string, key: EditKey): Line | undefined {
  const { value, cursor } = line;
  if (key.return || key.escape || key.upArrow || key.downArrow || key.tab) return undefined;
  if (key.leftArrow || (key.ctrl && input === 'b')) return { value, cursor: before(value, cursor) };
  if (key.rightArrow || (key.ctrl && input === 'f')) return { value, cursor: after(value, cursor) };
  if (key.home || (key.ctrl && input === 'a')) return { value, cursor: 0 };
  if (key.end || (key.ctrl && input === 'e')) return { value, cursor: value.length };
  // Ink reports the Backspace key (DEL) as `delete`.
  if (key.backspace || key.delete) return cut(line, before(value, cursor), cursor);
  if (key.ctrl) {
    if (input === 'u') return cut(line, 0, cursor);
    if (input === 'k') return cut(line, cursor, value.length);
    if (input === 'w') return cut(line, wordStart(value, cursor), cursor);
    if (input === 'd') return cut(line, cursor, after(value, cursor));
    return undefined;
  }
  // A paste can hold line breaks and tabs: they become spaces, other control characters go.
  // eslint-disable-next-line no-control-regex
  const text = input.replace(/[\r\n\t]+/g, ' ').replace(/[\u0000-\u001F\u007F]/g, '');
  if (text === '' || key.meta) return undefined;
  return { value: value.slice(0, cursor) + text + value.slice(cursor), cursor: cursor + text.length };
}

/** Keep the last `width` columns of `text`, starting with `…` when something was dropped. */
function tail(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  const graphemes = [...segmenter.segment(text)].map((s) => s.segment);
  let out = '';
  for (let i = graphemes.length - 1; i >= 0; i -= 1) {
    const next = (graphemes[i] ?? '') + out;
    if (displayWidth(next) > width - 1) break;
    out = next;
  }
  return `…${out}`;
}

/**
 * The line drawn in `width` columns, with the cursor as an inverse cell. When the text is wider,
 * the part around the cursor is shown.
 */
export function LineInput({ line, width, placeholder }: { line: Line; width: number; placeholder?: string }) {
  const { value, cursor } = line;
  const at = after(value, cursor);
  const under = cursor < value.length ? value.slice(cursor, at) : ' ';
  if (value === '' && placeholder)
    return (
      <Text>
        <Text inverse> </Text>
        <Text dimColor>{truncate(placeholder, Math.max(0, width - 1))}</Text>
      </Text>
    );
  const left = tail(value.slice(0, cursor), Math.max(0, width - displayWidth(under)));
  const right = truncate(value.slice(at), Math.max(0, width - displayWidth(left) - displayWidth(under)));
  return (
    <Text wrap="truncate">
      {left}
      <Text inverse>{under}</Text>
      {right}
    </Text>
  );
}
