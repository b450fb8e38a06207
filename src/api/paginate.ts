import { ResponseError } from './errors.js';
import { MAX_PAGE_SIZE } from './schemas/common.js';

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

/**
 * Walks a `{items, next: {page}}` list: yields items as each page arrives and holds one page at
 * a time. Stops when `next` is absent or `max` items were yielded, without fetching a page it
 * will not use.
 */
export async function* paginate<T>(
  fetchPage: (page: string | undefined, limit: number) => Promise<Page<T>>,
  options: PaginateOptions = {},
): AsyncGenerator<T> {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const pageSize = effectivePageSize(options.pageSize);
  if (!(max > 0)) return;
  let cursor: string | undefined;
  let yielded = 0;
  let pages = 0;
  const seen = new Set<string>();
  for (;;) {
    const limit = Math.min(pageSize, max - yielded);
    const page = await fetchPage(cursor, limit);
    if (!page || !Array.isArray(page.items)) {
      throw new ResponseError(`page ${pages + 1} of the list has no "items" array`);
    }
    pages += 1;
    const next = page.next?.page;
    options.onPage?.({
      page: pages,
      items: page.items.length,
      count: typeof page.count === 'number' ? page.count : undefined,
      more: typeof next === 'string' && next !== '',
    });
    for (const item of page.items) {
      yield item;
      if (++yielded >= max) return;
    }
    if (typeof next !== 'string' || next === '') return;
    // Silently stopping would truncate the output; following the cursor again would loop forever.
    if (seen.has(next)) throw new ResponseError(`the server returned the page cursor "${next}" twice; stopping after ${yielded} items`);
    seen.add(next);
    cursor = next;
  }
}
