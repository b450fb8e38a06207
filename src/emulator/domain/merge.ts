import { flattenPages, repath, type FileEntry, type PageNode } from './revisions.js';

/**
 * Three-way merge of revision content, page by page (pages and files are identified by id).
 *
 * For each page: if only one side changed it (content, title, slug or parent) that side wins; if
 * both sides made the same change there is nothing to decide; if both changed it differently —
 * including an edit on one side and a deletion on the other — the page is a conflict and the merge
 * produces nothing. Sibling order comes from the side that reordered (ours when both did).
 */

export interface Content {
  pages: readonly PageNode[];
  files: readonly FileEntry[];
}

export type MergeOutcome = { ok: true; pages: PageNode[]; files: FileEntry[]; changed: boolean } | { ok: false; conflicts: Conflict[] };

/** A page (or file) changed on both sides; path is the page's path (the file's name), as the side that kept it has it. */
export interface Conflict {
  id: string;
  title: string;
  path: string;
}

interface Entry {
  page: PageNode;
  parent: string | null;
  index: number;
}

const signature = (e: Entry | undefined): string | null =>
  e ? JSON.stringify([e.page.title, e.page.slug, e.page.markdown, e.page.emoji ?? null, e.page.description ?? null, e.parent]) : null;

const fileSignature = (f: FileEntry | undefined): string | null =>
  f ? JSON.stringify([f.name, f.contentType, f._blob ?? f._content ?? null, f.size]) : null;

const byId = (pages: readonly PageNode[]) => new Map(flattenPages(pages).map((e) => [e.page.id, e] as const));

/** Pick per id: which side's value (or absence) survives, or a conflict. */
function decide<T>(
  sb: string | null,
  so: string | null,
  st: string | null,
  ours: T | undefined,
  theirs: T | undefined,
): { value: T | undefined } | 'conflict' {
  if (so === st || st === sb) return { value: ours };
  if (so === sb) return { value: theirs };
  return 'conflict';
}

/** Sibling lists the merge read while building the tree (tests check it grows with the pages, not faster). */
export const mergeWork = { siblingsRead: 0 };

/** Each parent's children in sibling order, for every parent at once (one pass, not one per parent). */
function childOrders(entries: Map<string, Entry>): Map<string | null, string[]> {
  const byParent = new Map<string | null, Entry[]>();
  for (const e of entries.values()) {
    const list = byParent.get(e.parent);
    if (list) list.push(e);
    else byParent.set(e.parent, [e]);
  }
  return new Map([...byParent].map(([parent, list]) => [parent, list.sort((a, b) => a.index - b.index).map((e) => e.page.id)]));
}

export function mergeContent(base: Content, ours: Content, theirs: Content): MergeOutcome {
  const [b, o, t] = [byId(base.pages), byId(ours.pages), byId(theirs.pages)];
  const result = new Map<string, Entry>();
  const conflicts: Conflict[] = [];
  for (const id of new Set([...b.keys(), ...o.keys(), ...t.keys()])) {
    const choice = decide(signature(b.get(id)), signature(o.get(id)), signature(t.get(id)), o.get(id), t.get(id));
    if (choice === 'conflict') {
      const page = (o.get(id) ?? t.get(id) ?? b.get(id))?.page;
      conflicts.push({ id, title: page?.title ?? id, path: page?.path ?? id });
    } else if (choice.value) {
      result.set(id, choice.value);
    }
  }
  // A page kept under a parent that the other side deleted has nowhere to go.
  for (const [id, entry] of result) {
    if (entry.parent !== null && !result.has(entry.parent)) conflicts.push({ id, title: entry.page.title, path: entry.page.path });
  }

  const files: FileEntry[] = [];
  const fb = new Map(base.files.map((f) => [f.id, f]));
  const fo = new Map(ours.files.map((f) => [f.id, f]));
  const ft = new Map(theirs.files.map((f) => [f.id, f]));
  for (const id of new Set([...fo.keys(), ...ft.keys(), ...fb.keys()])) {
    const choice = decide(fileSignature(fb.get(id)), fileSignature(fo.get(id)), fileSignature(ft.get(id)), fo.get(id), ft.get(id));
    if (choice === 'conflict') {
      const name = (fo.get(id) ?? ft.get(id))?.name ?? id;
      conflicts.push({ id, title: name, path: name });
    } else if (choice.value) files.push(choice.value);
  }
  if (conflicts.length > 0) return { ok: false, conflicts };

  const [cb, co, ct] = [childOrders(b), childOrders(o), childOrders(t)];
  const kept = new Map<string | null, string[]>();
  for (const [id, entry] of result) {
    const list = kept.get(entry.parent);
    if (list) list.push(id);
    else kept.set(entry.parent, [id]);
  }
  const build = (parent: string | null): PageNode[] => {
    const [inBase, inOurs, inTheirs] = [cb.get(parent) ?? [], co.get(parent) ?? [], ct.get(parent) ?? []];
    mergeWork.siblingsRead += inBase.length + inOurs.length + inTheirs.length;
    const sameAsBase = inOurs.join() === inBase.join();
    const [primary, secondary] = sameAsBase ? [inTheirs, inOurs] : [inOurs, inTheirs];
    const order = primary.filter((id) => result.get(id)?.parent === parent);
    const placed = new Set(order);
    const extra = secondary.filter((id) => result.get(id)?.parent === parent && !placed.has(id));
    for (const id of extra) {
      const before = secondary
        .slice(0, secondary.indexOf(id))
        .reverse()
        .find((s) => placed.has(s));
      order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
      placed.add(id);
    }
    // Pages reparented on one side may not appear in either side's list under this parent.
    for (const id of kept.get(parent) ?? []) {
      if (!placed.has(id)) {
        order.push(id);
        placed.add(id);
      }
    }
    const slugs = new Set<string>();
    return order.map((id) => {
      const page = (result.get(id) as Entry).page;
      let slug = page.slug;
      for (let n = 2; slugs.has(slug); n++) slug = `${page.slug}-${n}`;
      slugs.add(slug);
      return { ...page, slug, pages: build(id) };
    });
  };
  const pages = repath(build(null));
  const changed = JSON.stringify(pages) !== JSON.stringify(repath(ours.pages)) || JSON.stringify(files) !== JSON.stringify(ours.files);
  return { ok: true, pages, files, changed };
}
