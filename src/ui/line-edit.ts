/**
 * Editing a line of text as readline does, for every text box of the views (the browser's search box,
 * cr review's comment, reply and subject boxes): the text and the cursor, and what one key does to them.
 */

/** A text being typed, with the cursor's place in it (a string index between graphemes). */
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
export const after = (value: string, cursor: number): number => boundaries(value).find((i) => i > cursor) ?? value.length;

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
 * The text after one key, edited as readline does: letters (or a paste) go in at the cursor,
 * ←/→ and Ctrl-B/Ctrl-F move, Home/End and Ctrl-A/Ctrl-E go to either end, Backspace deletes the
 * character before the cursor and Ctrl-D the one under it, Ctrl-U deletes to the start, Ctrl-K to
 * the end, Ctrl-W the word before the cursor. `undefined` for a key that is not an edit (Enter,
 * Esc, ↑↓, Tab…), which the screen handles.
 */
export function editLine(line: Line, input: string, key: EditKey, options: { lineBreaks?: boolean } = {}): Line | undefined {
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
  // A paste can hold line breaks and tabs: line breaks stay where the text may have them (a comment), else
  // they become spaces as tabs do; other control characters go.
  const spaced = options.lineBreaks ? input.replace(/\r\n?/g, '\n').replace(/\t+/g, ' ') : input.replace(/[\r\n\t]+/g, ' ');
  // eslint-disable-next-line no-control-regex
  const text = spaced.replace(options.lineBreaks ? /[\u0000-\u0009\u000B-\u001F\u007F]/g : /[\u0000-\u001F\u007F]/g, '');
  if (text === '' || key.meta) return undefined;
  return { value: value.slice(0, cursor) + text + value.slice(cursor), cursor: cursor + text.length };
}

/** The graphemes of `text`, in order: what the cursor moves over. */
export const graphemesOf = (text: string): string[] => Array.from(segmenter.segment(text), (s) => s.segment);
