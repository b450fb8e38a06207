import { stripVTControlCharacters } from 'node:util';

/**
 * Where the reader is in a page, kept by text rather than by line: a page is laid out again at
 * each width, and line 40 at 100 columns is another part of the text at 60. The position is the
 * number of letters and digits before the top line (what reflowing, indenting and drawing table
 * borders leave alone), and which of the lines without any that start there is at the top.
 */
export interface Anchor {
  offset: number;
  extra: number;
}

export const TOP: Anchor = { offset: 0, extra: 0 };

const LETTERS = /[\p{L}\p{N}]/gu;

/** For each line, the letters and digits before it; one more entry at the end for the whole text. */
export function textOffsets(lines: readonly string[]): number[] {
  const out = [0];
  let count = 0;
  for (const line of lines) {
    count += stripVTControlCharacters(line).match(LETTERS)?.length ?? 0;
    out.push(count);
  }
  return out;
}

/** The anchor of line `top`. */
export function anchorAt(offsets: readonly number[], top: number): Anchor {
  const offset = offsets[top] ?? 0;
  let first = top;
  while (first > 0 && offsets[first - 1] === offset) first -= 1;
  return { offset, extra: top - first };
}

/**
 * The top line for `anchor` in a layout: the line where the same letter starts, or the one it is
 * in when it now falls inside a line.
 */
export function lineAt(offsets: readonly number[], anchor: Anchor): number {
  const lines = offsets.length - 1;
  if (lines <= 0) return 0;
  let inside = 0;
  for (let i = 0; i < lines; i += 1) {
    const start = offsets[i] ?? 0;
    if (start === anchor.offset) {
      let last = i;
      while (last + 1 < lines && offsets[last + 1] === anchor.offset) last += 1;
      return Math.min(i + anchor.extra, last);
    }
    if (start > anchor.offset) return inside;
    inside = i;
  }
  return inside;
}
