import { DEFAULT_PAGE_SIZE } from '../store/store.js';
import { badRequest } from '../types.js';

/*
 * Sections, section groups and site spaces have a user-chosen order (the move operations), which
 * the store's insertion-order lists cannot express. These helpers page an already-ordered array
 * with the same envelope. The cursor names the last item returned (and its index as a fallback
 * when that item was removed since), so it stays valid while items are added or moved.
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
