import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { ApiError, DocsError } from '../api/errors.js';

/**
 * Small text helpers for the Ink views. They are pure so that the views stay easy to test.
 */

const UNITS: Array<[number, string]> = [
  [60, 'second'],
  [60, 'minute'],
  [24, 'hour'],
  [7, 'day'],
  [4.35, 'week'],
  [12, 'month'],
  [Number.POSITIVE_INFINITY, 'year'],
];

/** "3 days ago", "just now", "in 2 hours"; the text as given when it is not a date. */
export function relativeTime(iso: string | undefined, now: number = Date.now()): string {
  if (!iso) return '';
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  let amount = (now - then) / 1000;
  const future = amount < 0;
  amount = Math.abs(amount);
  if (amount < 45) return 'just now';
  for (const [size, unit] of UNITS) {
    if (amount < size) {
      const n = Math.round(amount);
      const text = `${n} ${unit}${n === 1 ? '' : 's'}`;
      return future ? `in ${text}` : `${text} ago`;
    }
    amount /= size;
  }
  return iso;
}

/**
 * Emoji joined into one by zero-width joiners (👩‍💻) take two columns in some terminals and one per
 * emoji in others (tmux, xterm.js): they are counted the wider way, so a row never runs past the width.
 */
const ZWJ = /\u200D/g;

/** How many terminal columns `text` takes: wide (CJK, emoji) characters count two, combining marks none. */
export const displayWidth = (text: string): number => stringWidth(text.replace(ZWJ, ''));

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

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
  for (const { segment } of graphemes.segment(text)) {
    const w = displayWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

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
  for (const { segment } of graphemes.segment(line)) {
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
 * One line for a failed request, shown inside a view (the view keeps running): the API's own
 * message with its status, or the transport's message. Never a stack trace.
 */
export function errorLine(error: unknown): string {
  if (error instanceof ApiError) return `${error.message.split('\n')[0]} (HTTP ${error.status})`;
  if (error instanceof DocsError) return error.message.split('\n')[0] ?? 'request failed';
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.name;
  return String(error);
}
