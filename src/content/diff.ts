import { structuredPatch } from 'diff';
import { scopeMarkdown, scopePages, type ScopeCaller } from '../api/scope.js';
import { flattenTree, pairPages, type FlatPage, type PagePair } from './page-tree.js';
import { inFlight, pool } from './pool.js';

export { pageFile, unifiedPatch } from './patch.js';

/**
 * What a change request changes: its content against the space's primary content (the revision
 * it would merge into), page by page. Pages are matched by id, never by path, so:
 *
 * - added:    the id is only in the change request (children of an added page are added too);
 * - removed:  the id is only in the primary content;
 * - moved:    the page's path differs: another parent, a new slug, or a parent whose path changed
 *             (reordering siblings keeps every path, so it is not a change);
 * - renamed:  the title differs;
 * - modified: the markdown differs (groups and links have none, so they are never modified).
 *
 * A page can be moved, renamed and modified at once: `changes` lists every kind, `change` the
 * main one (added | removed, else modified, else renamed, else moved). Unchanged pages are left
 * out. Hunks are a line diff of the markdown (jsdiff, 3 lines of context); a line is prefixed with
 * ' ', '+' or '-', or is jsdiff's "\ No newline at end of file" marker after the line it is about.
 *
 * unifiedPatch (patch.ts) writes a page as Git Sync lays it out, `# title` first, so its line
 * numbers are those of the file, two more than the hunks here.
 *
 * Markdown is read from the page trees when they carry it; otherwise each page body is fetched
 * (`format: markdown`, at most CONCURRENCY at once), except when both sides name the same
 * document id, which means the bodies are the same.
 */

export type PageChange = 'added' | 'removed' | 'modified' | 'moved' | 'renamed';

/** Each line prefixed ' ', '+' or '-' (or '\' for jsdiff's no-newline marker). */
export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

export interface PageDiff {
  id: string;
  /** Page type (document, group, link, ...). */
  type: string;
  /** The main kind: added | removed, else modified, else renamed, else moved. */
  change: PageChange;
  /** Every kind that applies. */
  changes: PageChange[];
  pathBefore?: string;
  pathAfter?: string;
  titleBefore?: string;
  titleAfter?: string;
  /** Markdown line diff; empty when the markdown is the same. */
  hunks: DiffHunk[];
  added: number;
  removed: number;
}

export interface ContentDiff {
  spaceId: string;
  changeRequestId: string;
  /** In the reading order of the change request's tree, removed pages where they were. */
  pages: PageDiff[];
  added: number;
  removed: number;
}

export interface DiffOptions {
  signal?: AbortSignal;
  /** Called with the number of page bodies fetched so far and how many will be. */
  onProgress?: (done: number, total: number) => void;
}

export { CONCURRENCY } from './pool.js';

/** The diff of one matched pair, or undefined when nothing changed. Texts default to ''. */
export function comparePair(pair: PagePair, textBefore = '', textAfter = ''): PageDiff | undefined {
  const { before, after } = pair;
  const page = (after ?? before) as FlatPage;
  const changes: PageChange[] = [];
  if (!before) changes.push('added');
  else if (!after) changes.push('removed');
  else {
    if (textBefore !== textAfter) changes.push('modified');
    if (before.title !== after.title) changes.push('renamed');
    if (before.path !== after.path) changes.push('moved');
  }
  if (changes.length === 0) return undefined;
  const hunks = textBefore === textAfter ? [] : lineHunks(textBefore, textAfter);
  const count = (sign: string) => hunks.reduce((n, h) => n + h.lines.filter((l) => l[0] === sign).length, 0);
  // Key order is the order --json shows.
  return {
    id: page.id,
    type: page.type,
    change: changes[0] as PageChange,
    changes,
    ...(before ? { pathBefore: before.path } : {}),
    ...(after ? { pathAfter: after.path } : {}),
    ...(before ? { titleBefore: before.title } : {}),
    ...(after ? { titleAfter: after.title } : {}),
    hunks,
    added: count('+'),
    removed: count('-'),
  };
}

export function lineHunks(before: string, after: string): DiffHunk[] {
  return structuredPatch('a', 'b', before, after, undefined, undefined, { context: 3 }).hunks.map((h) => ({
    oldStart: h.oldStart,
    oldLines: h.oldLines,
    newStart: h.newStart,
    newLines: h.newLines,
    lines: h.lines,
  }));
}

/** Compare two flattened trees whose markdown is known (from the trees, or looked up by `text`). */
export function compareTrees(
  before: readonly FlatPage[],
  after: readonly FlatPage[],
  text: (side: 'before' | 'after', page: FlatPage) => string | undefined = (_side, page) => page.markdown,
): PageDiff[] {
  const out: PageDiff[] = [];
  for (const pair of pairPages(before, after)) {
    const diff = comparePair(
      pair,
      pair.before ? text('before', pair.before) : undefined,
      pair.after ? text('after', pair.after) : undefined,
    );
    if (diff) out.push(diff);
  }
  return out;
}

const hasBody = (page: FlatPage) => page.type === 'document';

export async function diffChangeRequest(
  client: ScopeCaller,
  params: { spaceId: string; changeRequestId: string },
  options: DiffOptions = {},
): Promise<ContentDiff> {
  const { spaceId, changeRequestId } = params;
  const call = inFlight(options.signal);
  const [primary, proposed] = await Promise.all([
    scopePages(client, { spaceId }, call),
    scopePages(client, { spaceId, changeRequestId }, call),
  ]);
  const { pages } = await comparePages(client, params, flattenTree(primary), flattenTree(proposed), {
    ...call,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  return {
    spaceId,
    changeRequestId,
    pages,
    added: pages.reduce((n, p) => n + p.added, 0),
    removed: pages.reduce((n, p) => n + p.removed, 0),
  };
}

/** The changed pages of two trees already read, and the markdown read to find them (by page id, per side). */
export interface PageComparison {
  pages: PageDiff[];
  texts: { before: Map<string, string>; after: Map<string, string> };
}

/**
 * Compare the primary content's tree (`before`) with the change request's (`after`), fetching
 * the bodies the trees do not carry, except where both sides name the same document.
 */
export async function comparePages(
  client: ScopeCaller,
  params: { spaceId: string; changeRequestId: string },
  before: readonly FlatPage[],
  after: readonly FlatPage[],
  options: DiffOptions = {},
): Promise<PageComparison> {
  const call = inFlight(options.signal);
  const pairs = pairPages(before, after);

  // Bodies to fetch: pages whose markdown the trees did not carry, unless the document is the same.
  const texts = { before: new Map<string, string>(), after: new Map<string, string>() };
  const fetches: (() => Promise<void>)[] = [];
  const need = (side: 'before' | 'after', page: FlatPage | undefined, other: FlatPage | undefined) => {
    if (!page || !hasBody(page)) return;
    if (page.markdown !== undefined) texts[side].set(page.id, page.markdown);
    else if (page.documentId !== undefined && other?.documentId === page.documentId && other.markdown === undefined) return;
    else
      fetches.push(async () => {
        texts[side].set(page.id, await scopeMarkdown(client, side === 'before' ? { spaceId: params.spaceId } : params, page.id, call));
      });
  };
  for (const pair of pairs) {
    need('before', pair.before, pair.after);
    need('after', pair.after, pair.before);
  }
  options.onProgress?.(0, fetches.length);
  await pool(fetches, (done) => options.onProgress?.(done, fetches.length));

  const pages: PageDiff[] = [];
  for (const pair of pairs) {
    const diff = comparePair(pair, pair.before && texts.before.get(pair.id), pair.after && texts.after.get(pair.id));
    if (diff) pages.push(diff);
  }
  return { pages, texts };
}
