import { ResponseError } from './errors.js';
import { MAX_PAGE_SIZE } from './schemas/common.js';
import type { JsonLinesChunk } from './json-lines.js';

export const DEFAULT_PAGE_SIZE = 100;

export interface PaginateOptions {
  /** Items per page, 1…1000 (larger values are lowered to 1000). Default 100. */
  pageSize?: number;
  /** Stop after this many items; the last request asks only for what is still missing. */
  max?: number;
  /** Called once per page as it arrives (progress display; `count` is the server's total when it sends one). */
  onPage?: (info: { page: number; items: number; count?: number; more: boolean }) => void;
}

export interface Page<T> {
  items: T[];
  next?: { page: string } | null;
  count?: number;
}

/** Clamp a requested page size to what the API accepts (`limit` ≤ 1000). */
export function effectivePageSize(pageSize: number | undefined): number {
  if (pageSize === undefined || !Number.isFinite(pageSize)) return DEFAULT_PAGE_SIZE;
  return Math.min(Math.max(1, Math.floor(pageSize)), MAX_PAGE_SIZE);
}

/** A page of a list as JSON lines (`--all --json`): the envelope, the item count, and the first `n` items' lines. */
export interface LinesPage {
  next?: { page: string } | null;
  count?: number;
  /** Items on the page; undefined when the page has no items array. */
  size: number | undefined;
  /** The first `n` items, one JSON object per line, each line ending in a line feed. */
  lines(n: number): string | Uint8Array;
  /** Gives the bytes `lines` cut from back to the client (JsonLinesChunk's `release`). */
  release?: () => void;
}

/**
 * Walks a `{items, next: {page}}` list: yields items as each page arrives. While the items of page
 * N are consumed (written out), page N+1 is already being fetched, so at most two pages are held.
 * Stops when `next` is absent or `max` items were yielded, without fetching a page it will not use.
 */
export async function* paginate<T>(
  fetchPage: (page: string | undefined, limit: number) => Promise<Page<T>>,
  options: PaginateOptions = {},
): AsyncGenerator<T> {
  const size = (page: Page<T>) => (page && Array.isArray(page.items) ? page.items.length : undefined);
  for await (const { page, take } of pages(fetchPage, size, options)) {
    for (let i = 0; i < take; i++) yield page.items[i] as T;
  }
}

/** `paginate` a page at a time, each page's items as JSON lines. */
export async function* paginateLines(
  fetchPage: (page: string | undefined, limit: number) => Promise<LinesPage>,
  options: PaginateOptions = {},
): AsyncGenerator<JsonLinesChunk> {
  for await (const { page, take } of pages(fetchPage, (p) => p?.size, options)) {
    if (take > 0) yield { lines: page.lines(take), items: take, ...(page.release ? { release: page.release } : {}) };
    else page.release?.();
  }
}

/** The pages of a list and how many of each one's items to take (`paginate`); `size` counts a page's items. */
async function* pages<P extends { next?: { page: string } | null; count?: number }>(
  fetchPage: (page: string | undefined, limit: number) => Promise<P>,
  size: (page: P) => number | undefined,
  options: PaginateOptions,
): AsyncGenerator<{ page: P; take: number }> {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const pageSize = effectivePageSize(options.pageSize);
  if (!(max > 0)) return;
  let requested = 0;
  const request = (cursor: string | undefined) => {
    const limit = Math.min(pageSize, max - requested);
    requested += limit;
    const pending = fetchPage(cursor, limit);
    // A failure surfaces when the page is awaited; until then (or if the loop ends first) it is not unhandled.
    pending.catch(() => undefined);
    return pending;
  };
  let yielded = 0;
  let pages = 0;
  const seen = new Set<string>();
  let pending: Promise<P> | undefined = request(undefined);
  while (pending) {
    const page: P = await pending;
    pending = undefined;
    const items = size(page);
    if (items === undefined) throw new ResponseError(`page ${pages + 1} of the list has no "items" array`);
    pages += 1;
    const next = page.next?.page;
    options.onPage?.({
      page: pages,
      items,
      count: typeof page.count === 'number' ? page.count : undefined,
      more: typeof next === 'string' && next !== '',
    });
    // A short page may still have a next one (a server may cap pages); only `max` stops early.
    const wanted = Math.min(items, max - yielded);
    let repeated = false;
    if (typeof next === 'string' && next !== '' && yielded + wanted < max) {
      // Silently stopping would truncate the output; following the cursor again would loop forever.
      repeated = seen.has(next);
      seen.add(next);
      requested = yielded + wanted;
      if (!repeated) pending = request(next);
    }
    yielded += wanted;
    yield { page, take: wanted };
    if (repeated) throw new ResponseError(`the server returned the page cursor "${next}" twice; stopping after ${yielded} items`);
  }
}
