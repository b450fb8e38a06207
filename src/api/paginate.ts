import { MAX_PAGE_SIZE } from './schemas/common.js';

export interface PaginateOptions {
  /** Items per page (≤ 1000). */
  pageSize?: number;
  /** Stop after this many items. */
  max?: number;
}

export interface Page<T> {
  items: T[];
  next?: { page: string } | null;
}

/**
 * Walks a `{items, next: {page}}` list: yields items as each page arrives, holds one page at a time,
 * stops when `next` is absent or `max` items were yielded.
 */
export async function* paginate<T>(
  fetchPage: (page: string | undefined, limit: number) => Promise<Page<T>>,
  options: PaginateOptions = {},
): AsyncGenerator<T> {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const pageSize = Math.min(options.pageSize ?? 100, MAX_PAGE_SIZE);
  if (max <= 0) return;
  let cursor: string | undefined;
  let yielded = 0;
  const seen = new Set<string>();
  for (;;) {
    const limit = Math.max(1, Math.min(pageSize, max - yielded));
    const page = await fetchPage(cursor, limit);
    for (const item of page.items) {
      yield item;
      if (++yielded >= max) return;
    }
    const next = page.next?.page;
    if (!next || page.items.length === 0) return;
    // A server that hands back a cursor it already gave would loop forever.
    if (seen.has(next)) return;
    seen.add(next);
    cursor = next;
  }
}
