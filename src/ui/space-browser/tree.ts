import type { Page } from '../../api/schemas/content.js';

/** A page of the tree as drawn: its depth, whether it has sub-pages and whether they are shown. */
export interface TreeRow {
  page: Page;
  depth: number;
  parentId?: string;
  hasChildren: boolean;
  expanded: boolean;
}

/** The nested pages of a page (link and computed pages have none). */
export const childrenOf = (page: Page): Page[] => (Array.isArray(page.pages) ? page.pages : []);

/** The rows shown: every top-level page, and the sub-pages of the expanded ones, in reading order. */
export function visibleRows(
  pages: readonly Page[],
  expanded: ReadonlySet<string>,
  depth = 0,
  parentId?: string,
  out: TreeRow[] = [],
): TreeRow[] {
  for (const page of pages) {
    const children = childrenOf(page);
    const open = children.length > 0 && expanded.has(page.id);
    out.push({ page, depth, ...(parentId !== undefined ? { parentId } : {}), hasChildren: children.length > 0, expanded: open });
    if (open) visibleRows(children, expanded, depth + 1, page.id, out);
  }
  return out;
}

/** The title as listed: emoji first, the type when it is not a plain document. */
export function pageLabel(page: Page): string {
  const kind = page.type !== 'document' ? ` [${page.type}]` : '';
  return `${page.emoji ? `${page.emoji} ` : ''}${page.title}${kind}${page.hidden ? ' (hidden)' : ''}`;
}
