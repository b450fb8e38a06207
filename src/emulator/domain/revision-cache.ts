import type { Store } from '../store/store.js';
import type { RevisionDoc } from './revisions.js';

/**
 * Parsed revisions, a few per store, most recently used last. A revision never changes once
 * written, so one parse serves every request that reads it, and what is derived from it (page
 * index, link index, search hits; see `derived`) is computed once too. Cached revisions are frozen:
 * code that edits one in place fails loudly instead of changing what later requests read.
 *
 * Sized for a merge (base, ours, theirs) plus the revision being presented; a 10,000-page revision
 * takes tens of MB once parsed and indexed.
 */
const LIMIT = 4;

const caches = new WeakMap<Store, Map<string, RevisionDoc>>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function cacheOf(store: Store): Map<string, RevisionDoc> {
  let cache = caches.get(store);
  if (!cache) {
    cache = new Map();
    caches.set(store, cache);
  }
  return cache;
}

function keep(cache: Map<string, RevisionDoc>, doc: RevisionDoc): RevisionDoc {
  cache.set(doc.id, deepFreeze(doc));
  for (const oldest of cache.keys()) {
    if (cache.size <= LIMIT) break;
    cache.delete(oldest);
  }
  return doc;
}

/**
 * A revision just written, kept as it is (frozen) instead of parsed again at its first read: the request
 * after an import of 10,000 pages does not parse them again, as a server keeps what it just wrote.
 */
export function rememberRevision(store: Store, doc: RevisionDoc): RevisionDoc {
  return keep(cacheOf(store), doc);
}

export function cachedRevision(store: Store, id: string): RevisionDoc | undefined {
  const cache = cacheOf(store);
  const hit = cache.get(id);
  // The row may be gone (space deleted for good, transaction rolled back): ask the index, not the cache.
  if (hit && store.seqOf('revision', id) !== undefined) {
    cache.delete(id);
    cache.set(id, hit);
    return hit;
  }
  cache.delete(id);
  const doc = store.get<RevisionDoc>('revision', id);
  return doc ? keep(cache, doc) : undefined;
}

/** The revision if it is parsed and cached already (never parses it). */
export function peekRevision(store: Store, id: string): RevisionDoc | undefined {
  const hit = cacheOf(store).get(id);
  return hit && store.seqOf('revision', id) !== undefined ? hit : undefined;
}

const derivedData = new WeakMap<object, Map<string, unknown>>();

/** Whether `derived(of, key, …)` has been computed already. */
export function isDerived(of: object, key: string): boolean {
  return derivedData.get(of)?.has(key) ?? false;
}

/**
 * Something computed from a revision (or from a part of one), kept as long as the revision is:
 * computed once per frozen (cached) revision, every time for any other object, which may still change.
 */
export function derived<T>(of: object, key: string, compute: () => T): T {
  if (!Object.isFrozen(of)) return compute();
  let entries = derivedData.get(of);
  if (!entries) {
    entries = new Map();
    derivedData.set(of, entries);
  }
  if (entries.has(key)) return entries.get(key) as T;
  const value = compute();
  entries.set(key, value);
  return value;
}
