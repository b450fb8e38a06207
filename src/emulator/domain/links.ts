import { extractLinks } from './markdown.js';
import { flattenPages, presentFile, presentPage, type FileEntry, type PageNode, type PresentContext, type RevisionDoc } from './revisions.js';

/**
 * Link reports and backlinks, computed from the pages' markdown. A link is:
 * - `in-app` when it is an absolute URL into the app itself (the emulator's own host, or an `app.` host);
 * - `ok` when it is any other absolute URL, or a relative link to a page or file of the revision;
 * - `broken` when it is a relative link that matches no page or file of the revision.
 */

export type LinkStatus = 'ok' | 'broken' | 'in-app';

export type Target = { kind: 'page'; page: PageNode } | { kind: 'file'; file: FileEntry } | { kind: 'url'; url: string };

export interface ResolvedLink {
  status: LinkStatus;
  target: Target;
  /** Grouping key: the same target from several pages is one item. */
  key: string;
}

/** Presented `organization` and `space`, which every ContentLocation repeats. */
export interface Locator {
  organization: unknown;
  space: unknown;
  ctx: PresentContext;
}

const normalize = (parts: string[]): string => {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
};

const stripPageSuffix = (path: string): string => path.replace(/\.md$/i, '').replace(/(^|\/)(README|index)$/i, '').replace(/\/+$/, '');

/** Where a relative link from `from` may point: relative to the page's folder or to the page itself, or from the root. */
function candidates(from: PageNode, target: string): string[] {
  const raw = target.replace(/[?#].*$/, '');
  let clean = raw;
  try {
    clean = decodeURIComponent(raw);
  } catch {
    // A link with broken percent-encoding is matched as written (and reported broken), never a 500.
  }
  if (clean.startsWith('/')) return [normalize(clean.split('/'))];
  const dir = from.path.split('/').slice(0, -1);
  return [normalize([...dir, ...clean.split('/')]), normalize([...from.path.split('/'), ...clean.split('/')]), normalize(clean.split('/'))];
}

export function resolveLink(rev: RevisionDoc, from: PageNode, raw: string, baseUrl: string): ResolvedLink | undefined {
  const target = raw.trim();
  if (target === '' || target.startsWith('#')) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(target)?.[1]?.toLowerCase();
  if (scheme) {
    if (scheme === 'http' || scheme === 'https') {
      let host: string;
      try {
        host = new URL(target).host.toLowerCase();
      } catch {
        return { status: 'broken', target: { kind: 'url', url: target }, key: `url:${target}` };
      }
      const own = new URL(baseUrl).host.toLowerCase();
      const inApp = host === own || host.startsWith('app.');
      return { status: inApp ? 'in-app' : 'ok', target: { kind: 'url', url: target }, key: `url:${target}` };
    }
    return { status: 'ok', target: { kind: 'url', url: target }, key: `url:${target}` };
  }
  const pages = flattenPages(rev.pages).map((e) => e.page);
  for (const candidate of candidates(from, target)) {
    const path = stripPageSuffix(candidate);
    const page = pages.find((p) => p.path === path) ?? (path === '' ? pages[0] : undefined);
    if (page) return { status: 'ok', target: { kind: 'page', page }, key: `page:${page.id}` };
  }
  const file = fileReferenced(rev.files, target);
  if (file) return { status: 'ok', target: { kind: 'file', file }, key: `file:${file.id}` };
  return { status: 'broken', target: { kind: 'url', url: target }, key: `url:${target}` };
}

/** The file a relative link names (by its last path segment, or by id). */
export function fileReferenced(files: readonly FileEntry[], target: string): FileEntry | undefined {
  let last = target.replace(/[?#].*$/, '').split('/').pop() ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    // keep the raw segment
  }
  return files.find((f) => f.name === last || f.id === last);
}

export function pageLocation(page: PageNode, loc: Locator): Record<string, unknown> {
  // The page without its children: a location names one page.
  return { kind: 'page', organization: loc.organization, space: loc.space, page: presentPage({ ...page, pages: [] }, loc.ctx) };
}

function presentTarget(target: Target, loc: Locator): Record<string, unknown> {
  if (target.kind === 'url') return { kind: 'url', url: target.url };
  if (target.kind === 'page') return pageLocation(target.page, loc);
  return { kind: 'file', organization: loc.organization, space: loc.space, file: presentFile(target.file, loc.ctx) };
}

export interface LinkReport {
  /** Each item with a stable id (its target), for paging. */
  items: { id: string; item: Record<string, unknown> }[];
  stats: { total: number; broken: { total: number; changeRequest: number } };
}

/** Links of the given pages (every page when `only` is undefined), grouped by target. */
export function collectLinks(rev: RevisionDoc, baseUrl: string, only?: PageNode): Map<string, { link: ResolvedLink; from: PageNode[] }> {
  const grouped = new Map<string, { link: ResolvedLink; from: PageNode[] }>();
  const pages = only ? [only] : flattenPages(rev.pages).map((e) => e.page);
  for (const page of pages) {
    for (const { target } of extractLinks(page.markdown)) {
      const link = resolveLink(rev, page, target, baseUrl);
      if (!link) continue;
      const entry = grouped.get(link.key) ?? { link, from: [] };
      if (!entry.from.some((p) => p.id === page.id)) entry.from.push(page);
      grouped.set(link.key, entry);
    }
  }
  return grouped;
}

/**
 * The link report. `primary` (the space's revision, when reporting on a change request) tells
 * which broken links the change request broke: broken here, not broken there.
 */
export function linkReport(
  rev: RevisionDoc,
  loc: Locator,
  options: { only?: PageNode; status?: LinkStatus; primary?: RevisionDoc },
): LinkReport {
  const grouped = collectLinks(rev, loc.ctx.baseUrl, options.only);
  const all = [...grouped.values()];
  const broken = all.filter((e) => e.link.status === 'broken');
  let brokenByChangeRequest = 0;
  if (options.primary) {
    const before = collectLinks(options.primary, loc.ctx.baseUrl);
    brokenByChangeRequest = broken.filter((e) => before.get(e.link.key)?.link.status !== 'broken').length;
  }
  const items = all
    .filter((e) => options.status === undefined || e.link.status === options.status)
    .map((e) => ({
      id: e.link.key,
      item: {
        status: e.link.status,
        relation: 'reference',
        targetReference: presentTarget(e.link.target, loc),
        locationReferences: e.from.map((page) => pageLocation(page, loc)),
      },
    }));
  return { items, stats: { total: all.length, broken: { total: broken.length, changeRequest: brokenByChangeRequest } } };
}

/** Pages whose markdown links to (or embeds) the file, each with its page id (for paging). */
export function fileBacklinks(rev: RevisionDoc, file: FileEntry, loc: Locator): { id: string; item: Record<string, unknown> }[] {
  return flattenPages(rev.pages)
    .map((e) => e.page)
    .filter((page) => extractLinks(page.markdown).some((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l.target) && fileReferenced([file], l.target)))
    .map((page) => ({ id: page.id, item: pageLocation(page, loc) }));
}
