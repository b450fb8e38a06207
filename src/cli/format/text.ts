import { createRequire } from 'node:module';

/**
 * Terminal width of plain text, the one measure of the tables, the page tree and the Ink views (src/ui/format.ts
 * re-exports it): string-width's, so wide characters (CJK, emoji) count two columns and combining marks none.
 */

/**
 * Emoji joined into one by zero-width joiners (👩‍💻) take two columns in some terminals and one per
 * emoji in others (tmux, xterm.js): they are counted the wider way, so a row never runs past the width.
 */
const ZWJ = /\u200D/g;

/** Printable ASCII: one column a character, string-width's own first answer. */
const NARROW = /^[\u0020-\u007E]*$/;

/**
 * string-width, loaded on the first text that is not printable ASCII: its module makes an Intl.Segmenter and compiles
 * Unicode property expressions as it loads (tens of milliseconds), which a run that writes JSON, or a table of plain
 * ASCII, never needs. require() of an ES module: supported without a flag or a warning on every line in `engines`.
 */
let stringWidth: ((text: string) => number) | undefined;

/** The views hand over the copy of string-width they bundle (Ink measures with it), so that one copy serves both. */
export function useStringWidth(measure: (text: string) => number): void {
  stringWidth = measure;
}

const loadStringWidth = (): ((text: string) => number) =>
  (createRequire(import.meta.url)('string-width') as { default: (text: string) => number }).default;

/** How many terminal columns `text` takes: wide (CJK, emoji) characters count two, combining marks none. */
export function displayWidth(text: string): number {
  if (NARROW.test(text)) return text.length;
  stringWidth ??= loadStringWidth();
  return stringWidth(text.replace(ZWJ, ''));
}

// Made on first use: a table of plain ASCII never needs it.
let segmenter: Intl.Segmenter | undefined;

/** The graphemes of `text` (a character with its marks, an emoji sequence): where a text may be cut. */
export function graphemes(text: string): Iterable<string> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/**
 * Cut `text` to `width` columns, ending with `…` when something was cut. Counted by display width and
 * cut between graphemes, so a wide character or an emoji sequence is never split (the cut may then
 * leave one column free). For plain text: colour codes would be counted.
 */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const segment of graphemes(text)) {
    const w = displayWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}
