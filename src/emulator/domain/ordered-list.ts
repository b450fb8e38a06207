import { DEFAULT_PAGE_SIZE } from '../store/store.js';
import { badRequest } from '../types.js';

/*
 * Lists the store cannot order itself (a user-chosen order, a sort key mixing fields) are built in
 * memory and paged here with the same envelope:
 * - `pageByKey`, for arrays sorted by a key: the cursor holds the last item's key, so the next page
 *   starts right after it even when that item was removed or others were added meanwhile;
 * - `pageOrdered`, for orders with no key (site structure, a revision's files and links): the
 *   cursor names the last item returned and the one after it, so the next page starts in the
 *   right place when either is still there (deleting what one has just listed, say).
 */

// A type, not an interface, so that it fits the loose list envelope of the response schemas.
export type Page<T> = {
  items: T[];
  count: number;
  next?: { page: string };
};

export function pageOrdered<T extends { id: string }>(all: T[], page: string | undefined, limit: number | undefined): Page<T> {
  const size = limit ?? DEFAULT_PAGE_SIZE;
  let start = 0;
  if (page !== undefined) {
    const cursor = decode(page);
    const last = all.findIndex((item) => item.id === cursor.last);
    const next = all.findIndex((item) => item.id === cursor.next);
    // After the last item returned; if it was removed, at the item that followed it then.
    start = last >= 0 ? last + 1 : next >= 0 ? next : Math.min(cursor.index + 1, all.length);
  }
  const items = all.slice(start, start + size);
  const last = items[items.length - 1];
  const following = all[start + size];
  return {
    items,
    count: all.length,
    ...(following && last ? { next: { page: encode(start + items.length - 1, last.id, following.id) } } : {}),
  };
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
export function pageByKey<T>(
  sorted: readonly T[],
  key: (item: T) => SortKey,
  page: string | undefined,
  limit: number | undefined,
): Page<T> {
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
  return {
    items,
    count: sorted.length,
    ...(more && last !== undefined ? { next: { page: Buffer.from(`v:${JSON.stringify(key(last))}`).toString('base64url') } } : {}),
  };
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
  return key;
}

/** `pageOrdered`'s cursors, for lists paged elsewhere with the same cursors (a link report read from the store). */
export { encode as encodeOrderedCursor, decode as decodeOrderedCursor };

/** The last item returned (its index then, as a last resort) and the one that followed it. */
function encode(index: number, last: string, next: string): string {
  return Buffer.from(`o:${JSON.stringify([index, last, next])}`).toString('base64url');
}

function decode(page: string): { index: number; last: string; next: string } {
  const text = Buffer.from(page, 'base64url').toString();
  const invalid = () => badRequest(`page: "${page}" is not a valid page cursor`);
  if (!text.startsWith('o:')) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(text.slice(2));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(value) ||
    !Number.isInteger(value[0]) ||
    (value[0] as number) < 0 ||
    typeof value[1] !== 'string' ||
    typeof value[2] !== 'string'
  )
    throw invalid();
  return { index: value[0] as number, last: value[1], next: value[2] };
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
