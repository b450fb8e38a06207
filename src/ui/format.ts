import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { displayWidth, graphemes, truncate, useStringWidth } from '../cli/format/text.js';

// The copy Ink loads anyway, not a second one (src/cli/format/text.ts).
useStringWidth(stringWidth);

/**
 * Small text helpers for the Ink views. They are pure so that the views stay easy to test.
 */

export { relativeTime } from '../cli/format/time.js';

export { displayWidth, truncate } from '../cli/format/text.js';

/** Pad or cut to exactly `width` columns. */
export function fit(text: string, width: number): string {
  const cut = truncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - displayWidth(cut)));
}

/** Pad or cut to exactly `width` columns, cut between words (clipWords). */
export function fitWords(text: string, width: number): string {
  const cut = clipWords(text, width);
  return cut + ' '.repeat(Math.max(0, width - displayWidth(cut)));
}

/**
 * `text` broken into lines of at most `width` columns, at spaces where it can (a word longer than a
 * line is cut), keeping line breaks it already has. Colour codes are kept and not counted.
 */
export function wrapLines(text: string, width: number): string[] {
  if (width <= 0) return [];
  // wrap-ansi counts joined emoji as one; a line that is wider by displayWidth is cut again between graphemes.
  return wrapAnsi(text, width, { hard: true, trim: false })
    .split('\n')
    .flatMap((line) => (displayWidth(line) <= width ? [line] : splitToWidth(line, width)));
}

/** `line` in pieces of at most `width` columns, cut between graphemes, spaces and all. */
export function splitToWidth(line: string, width: number): string[] {
  const out: string[] = [];
  let piece = '';
  let used = 0;
  for (const segment of graphemes(line)) {
    const w = displayWidth(segment);
    if (used + w > width && piece) {
      out.push(piece);
      piece = '';
      used = 0;
    }
    piece += segment;
    used += w;
  }
  return [...out, piece];
}

/**
 * `text` in at most `width` columns, cut between words: what is left ends with a whole word and `…`. Only a first
 * word wider than the whole width (or text without spaces, as CJK runs are) is cut inside, still marked `…`.
 */
export function clipWords(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  const cut = truncate(text, width);
  const kept = cut.slice(0, -1);
  const space = kept.lastIndexOf(' ');
  // The part after the last space is a word cut in its middle unless the text went on with a space there.
  if (text.charAt(kept.length) === ' ') return `${kept.trimEnd()}…`;
  if (space > 0) return `${kept.slice(0, space).trimEnd()}…`;
  return cut;
}

/**
 * Whole items joined by ` · ` in at most `width` columns. `rank` says which go first when they do not all fit (the
 * highest rank first); the items keep their order. One item alone wider than the width is cut between words.
 */
export function fitItems(items: readonly { text: string; rank: number }[], width: number, separator = ' · '): string {
  const kept = items.filter((item) => item.text !== '');
  const join = (list: readonly { text: string }[]) => list.map((item) => item.text).join(separator);
  while (kept.length > 1 && displayWidth(join(kept)) > width) {
    const drop = kept.reduce((worst, item, i) => (item.rank > (kept[worst]?.rank ?? -1) ? i : worst), 0);
    kept.splice(drop, 1);
  }
  return clipWords(join(kept), width);
}

/**
 * Whole items in at most `lines` lines of `width`, in their order, joined by ` · ` on a line: an item that no
 * longer fits in the lines left is left out (the first items are the ones that matter most). One item wider than
 * a line is cut between words.
 */
export function packItems(items: readonly string[], width: number, lines: number, separator = ' · '): string[] {
  const out: string[] = [];
  for (const raw of items) {
    const item = clipWords(raw, width);
    const last = out.at(-1);
    if (last !== undefined && displayWidth(last + separator + item) <= width) out[out.length - 1] = last + separator + item;
    else if (out.length < lines) out.push(item);
  }
  return out;
}

/**
 * A page's path in at most `width` columns: its leading folders fold into `…/`, so that the page's own name stays
 * whole (`…/macos` for `installation/macos`); a name wider than that is cut between words. Not a path: clipWords.
 */
export function foldPath(path: string, width: number): string {
  if (displayWidth(path) <= width) return path;
  const parts = path.split('/');
  for (let skip = 1; skip < parts.length; skip += 1) {
    const text = `…/${parts.slice(skip).join('/')}`;
    if (displayWidth(text) <= width) return text;
  }
  return clipWords(parts.length > 1 ? `…/${parts.at(-1) ?? ''}` : path, width);
}
