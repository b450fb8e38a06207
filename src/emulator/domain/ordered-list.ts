import { DEFAULT_PAGE_SIZE } from '../store/store.js';
import { badRequest } from '../types.js';

/*
 * Lists the store cannot order itself (a user-chosen order, a sort key mixing fields) are built in
 * memory and paged here with the same envelope:
 * - `pageByKey`, for arrays sorted by a key: the cursor holds the last item's key, so the next page
 *   starts right after it even when that item was removed or others were added meanwhile;
 * - `pageOrdered`, for orders with no key (site structure, a revision's files and links): the
 *   cursor names the last item returned (and its index as a fallback when it was removed since).
 */

export interface Page<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

export function pageOrdered<T extends { id: string }>(all: T[], page: string | undefined, limit: number | undefined): Page<T> {
  const size = limit ?? DEFAULT_PAGE_SIZE;
  let start = 0;
  if (page !== undefined) {
    const cursor = decode(page);
    const found = all.findIndex((item) => item.id === cursor.id);
    start = found >= 0 ? found + 1 : Math.min(cursor.index + 1, all.length);
  }
  const items = all.slice(start, start + size);
  const last = items[items.length - 1];
  const more = start + size < all.length;
  return { items, count: all.length, ...(more && last ? { next: { page: encode(start + items.length - 1, last.id) } } : {}) };
}

/** A sort key: compared element by element, numbers as numbers, strings by code units. */
export type SortKey = readonly (string | number)[];

export function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (typeof x !== typeof y) return typeof x === 'number' ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** Page `sorted` (ascending by `key`, which must be unique per item). */
export function pageByKey<T>(sorted: readonly T[], key: (item: T) => SortKey, page: string | undefined, limit: number | undefined): Page<T> {
  const size = limit ?? DEFAULT_PAGE_SIZE;
  let start = 0;
  if (page !== undefined) {
    const after = decodeKey(page);
    start = sorted.findIndex((item) => compareKeys(key(item), after) > 0);
    if (start < 0) start = sorted.length;
  }
  const items = sorted.slice(start, start + size);
  const last = items[items.length - 1];
  const more = start + size < sorted.length;
  return { items, count: sorted.length, ...(more && last !== undefined ? { next: { page: Buffer.from(`v:${JSON.stringify(key(last))}`).toString('base64url') } } : {}) };
}

function decodeKey(page: string): SortKey {
  const text = Buffer.from(page, 'base64url').toString();
  const invalid = () => badRequest(`page: "${page}" is not a valid page cursor`);
  if (!text.startsWith('v:')) throw invalid();
  let key: unknown;
  try {
    key = JSON.parse(text.slice(2));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(key) || !key.every((k) => typeof k === 'string' || typeof k === 'number')) throw invalid();
  return key as SortKey;
}

function encode(index: number, id: string): string {
  return Buffer.from(`o:${index}:${id}`).toString('base64url');
}

function decode(page: string): { index: number; id: string } {
  const match = /^o:(\d+):(.+)$/.exec(Buffer.from(page, 'base64url').toString());
  if (!match) throw badRequest(`page: "${page}" is not a valid page cursor`);
  return { index: Number(match[1]), id: match[2] as string };
}

export interface Ordered {
  id: string;
  _order: number;
}

export const byOrder = (a: Ordered, b: Ordered) => a._order - b._order;

export const nextOrder = (items: Ordered[]) => items.reduce((max, item) => Math.max(max, item._order), -1) + 1;

export interface MovePosition {
  before?: string;
  after?: string;
}

/**
 * The ids of `siblings` (in order) once `moving` is placed before `before` and/or after `after`;
 * without either it goes to the end. `undefined` when the position is invalid: a neighbour that is
 * not a sibling, the item itself, or `before` and `after` that are not adjacent.
 */
export function reorder(siblings: string[], moving: string, position: MovePosition | undefined): string[] | undefined {
  const rest = siblings.filter((id) => id !== moving);
  const { before, after } = position ?? {};
  if (before === moving || after === moving) return undefined;
  const beforeAt = before === undefined ? -1 : rest.indexOf(before);
  const afterAt = after === undefined ? -1 : rest.indexOf(after);
  if ((before !== undefined && beforeAt < 0) || (after !== undefined && afterAt < 0)) return undefined;
  let at: number;
  if (before !== undefined && after !== undefined) {
    if (afterAt + 1 !== beforeAt) return undefined;
    at = beforeAt;
  } else if (before !== undefined) at = beforeAt;
  else if (after !== undefined) at = afterAt + 1;
  else at = rest.length;
  return [...rest.slice(0, at), moving, ...rest.slice(at)];
}
