import type { Page } from '../api/schemas/content.js';

/**
 * Page trees flattened for comparison: each page with the path it is read at, its parent and its
 * place in reading order (depth first, as the table of contents shows it).
 */

export interface FlatPage {
  id: string;
  type: string;
  title: string;
  /** `path` as the API gives it; built from the slugs of the page and its parents when absent. */
  path: string;
  parentId: string | null;
  /** Markdown carried by the tree itself (some servers include it in page lists). */
  markdown?: string;
  /** When two revisions share a document id the page bodies are the same. */
  documentId?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function flattenTree(pages: readonly Page[], parentId: string | null = null, parentPath = ''): FlatPage[] {
  return pages.flatMap((page) => {
    const own = text(page.path) ?? (parentPath ? `${parentPath}/${page.slug ?? page.id}` : (page.slug ?? page.id));
    const flat: FlatPage = { id: page.id, type: page.type, title: page.title, path: own.replace(/^\/+|\/+$/g, ''), parentId };
    const record = page as Record<string, unknown>;
    const markdown = text(record.markdown);
    const documentId = text(record.documentId);
    if (markdown !== undefined) flat.markdown = markdown;
    if (documentId !== undefined) flat.documentId = documentId;
    return [flat, ...flattenTree(page.pages ?? [], page.id, flat.path)];
  });
}

/** One page id on either side: `before` only (removed), `after` only (added), or both. */
export interface PagePair {
  id: string;
  before?: FlatPage;
  after?: FlatPage;
}

/**
 * Every page id of both trees, in the reading order of `after`; a page only in `before` is placed
 * where it was: right after the nearest page preceding it in `before` that is still there when it
 * was inside that page, else after the subtree of its previous sibling; first when none precedes it.
 */
export function pairPages(before: readonly FlatPage[], after: readonly FlatPage[]): PagePair[] {
  const afterIndex = new Map(after.map((p, i) => [p.id, i]));
  const beforeById = new Map(before.map((p) => [p.id, p]));
  const afterById = new Map(after.map((p) => [p.id, p]));
  const isInside = (page: FlatPage, ancestor: string, tree: Map<string, FlatPage>): boolean => {
    for (let parent = page.parentId; parent !== null; parent = tree.get(parent)?.parentId ?? null) if (parent === ancestor) return true;
    return false;
  };
  // Where the subtree of the page at index i ends in `after`.
  const subtreeEnd = (i: number): number => {
    const id = (after[i] as FlatPage).id;
    let j = i + 1;
    while (j < after.length && isInside(after[j] as FlatPage, id, afterById)) j++;
    return j;
  };
  // Removed pages by the index in `after` they are placed before; kept in their old order.
  const placed = new Map<number, PagePair[]>();
  let anchor: FlatPage | undefined;
  for (const page of before) {
    const at = afterIndex.get(page.id);
    if (at !== undefined) {
      anchor = page;
      continue;
    }
    let slot = 0;
    if (anchor && isInside(page, anchor.id, beforeById)) slot = (afterIndex.get(anchor.id) as number) + 1;
    else if (anchor) {
      // After the subtree of the page's previous sibling (the anchor or the anchor's ancestor).
      let sibling = anchor;
      while (sibling.parentId !== page.parentId && sibling.parentId !== null && beforeById.has(sibling.parentId))
        sibling = beforeById.get(sibling.parentId) as FlatPage;
      slot = subtreeEnd(
        afterIndex.get(sibling.parentId === page.parentId && afterIndex.has(sibling.id) ? sibling.id : anchor.id) as number,
      );
    }
    placed.set(slot, [...(placed.get(slot) ?? []), { id: page.id, before: page }]);
  }
  const out: PagePair[] = [];
  after.forEach((page, i) => {
    out.push(...(placed.get(i) ?? []));
    const old = beforeById.get(page.id);
    out.push(old ? { id: page.id, before: old, after: page } : { id: page.id, after: page });
  });
  out.push(...(placed.get(after.length) ?? []));
  return out;
}
