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
