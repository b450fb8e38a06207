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

/** Cut `text` to `width` columns, ending with `…` when something was cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  const chars = [...text];
  if (chars.length <= width) return text;
  return `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}

/** Pad or cut to exactly `width` columns. */
export function fit(text: string, width: number): string {
  const cut = truncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - [...cut].length));
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
