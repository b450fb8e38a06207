/**
 * Times as a person reads them at a terminal ("3 days ago"). Only tables and `field  value` views on
 * a TTY use this; piped output and --json keep the API's full ISO time, so scripts see no change.
 */

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** An API timestamp (`2024-01-08T09:00:00.000Z`); dates without a time and other text are left alone. */
export const isTimestamp = (text: string): boolean => ISO_TIME.test(text) && !Number.isNaN(Date.parse(text));

const UNITS: readonly [name: string, seconds: number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * "just now" (under a minute), "5 minutes ago", "3 days ago", "in 2 hours": the largest whole unit, rounded down,
 * so a time is never said to be older than it is (10 days is "10 days ago" up to 29, then "1 month ago"). The one
 * rule of the tables and the views (src/ui/format.ts re-exports it). Text that is not a date is given back as it
 * is, and nothing for nothing.
 */
export function relativeTime(iso: string | undefined, now: number = Date.now()): string {
  if (!iso) return '';
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const seconds = Math.trunc((now - then) / 1000);
  const abs = Math.abs(seconds);
  for (const [unit, size] of UNITS) {
    if (abs < size) continue;
    const n = Math.floor(abs / size);
    const phrase = `${n} ${unit}${n === 1 ? '' : 's'}`;
    return seconds >= 0 ? `${phrase} ago` : `in ${phrase}`;
  }
  return 'just now';
}
