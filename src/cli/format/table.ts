import { displayWidth, truncate } from './text.js';

/**
 * Fitting a table to the terminal: rows never wrap. When the natural widths (plus the two-space gaps)
 * exceed the terminal, the widest text column loses a character at a time (so two long columns end
 * up sharing what is left) and its cells end in `…`. Long columns are cut down to SHORT first;
 * only then, if needed, every column down to MIN_WIDTH. Id columns are never cut, so an id can be
 * copied from the screen, and no column gets narrower than its header. Widths are terminal columns
 * (./text.ts: a CJK character or an emoji takes two).
 */

export const GAP = 2;
/** Columns up to this wide (times, roles, counts) are only cut when cutting the long ones is not enough. */
const SHORT = 16;
const MIN_WIDTH = 8;

/** Headers of columns that hold ids (`ID`, `USER ID`, `SLUG`, `#`): copied from the screen, never cut. */
export const isIdColumn = (header: string): boolean => /(^|\s)ID$|^SLUG$|^#$|^NUMBER$/.test(header);

/** The width of each column so that a row fits `maxWidth`; the natural widths when it already does. */
export function fitColumns(head: readonly string[], rows: readonly (readonly string[])[], maxWidth: number): number[] {
  const widths = head.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))));
  let excess = widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, head.length - 1) - maxWidth;
  for (const least of [SHORT, MIN_WIDTH]) {
    const floor = head.map((h, i) => Math.max(displayWidth(h), Math.min(widths[i] ?? 0, least)));
    while (excess > 0) {
      let widest = -1;
      for (let i = 0; i < widths.length; i++) {
        if (isIdColumn(head[i] ?? '') || (widths[i] ?? 0) <= (floor[i] ?? 0)) continue;
        if (widest < 0 || (widths[i] ?? 0) > (widths[widest] ?? 0)) widest = i;
      }
      if (widest < 0) break;
      widths[widest] = (widths[widest] ?? 0) - 1;
      excess--;
    }
  }
  // Still too wide (ids and headers alone fill the terminal): the terminal wraps the row.
  return widths;
}

/** The cells of a table, each cut to its column's width. */
export function fitTable(head: readonly string[], rows: readonly (readonly string[])[], maxWidth: number): string[][] {
  const widths = fitColumns(head, rows, maxWidth);
  return rows.map((row) => row.map((cell, i) => truncate(cell, widths[i] ?? displayWidth(cell))));
}
