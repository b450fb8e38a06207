import type { Backlink, ContentLocation, LinkItem, Page, Revision, RevisionFile } from '../../api/schemas/content.js';
import type { Columns } from '../output.js';
import { displayWidth } from './text.js';

/**
 * How space content is shown (`docs spaces revision | pages | page | files | ...`). Every content
 * command reads the space's primary content, or with `--cr` the change request's: the API gives
 * both the same shapes.
 */

/* ---------- revision ---------- */

const countOf = (list: readonly unknown[] | undefined): number | undefined => list?.length;

/** The nested pages of a page (link and computed pages have none). */
export const childrenOf = (page: Page): Page[] => {
  const pages = (page as { pages?: unknown }).pages;
  return Array.isArray(pages) ? (pages as Page[]) : [];
};

function countPages(pages: readonly Page[]): number {
  return pages.reduce((n, p) => n + 1 + countPages(childrenOf(p)), 0);
}

/** `docs spaces revision`. */
export const revisionFields: Columns<Revision> = {
  ID: 'id',
  Type: 'type',
  Created: 'createdAt',
  Parents: (r) => r.parents?.join(', '),
  Pages: (r) => (r.pages ? countPages(r.pages) : undefined),
  Files: (r) => countOf(r.files),
  'Merged from': (r) =>
    'mergedFrom' in r && r.mergedFrom && typeof r.mergedFrom === 'object'
      ? `change request #${(r.mergedFrom as { number?: number }).number}`
      : undefined,
  'Git commit': (r) => (r.git ? [r.git.oid.slice(0, 12), r.git.message?.split('\n')[0]].filter(Boolean).join(' ') : undefined),
  URL: (r) => r.urls?.app,
};

/* ---------- page tree ---------- */

export interface PageRow {
  depth: number;
  page: Page;
}

/** The tree in reading order, each page with its depth. */
export function flattenPages(pages: readonly Page[], depth = 0, out: PageRow[] = []): PageRow[] {
  for (const page of pages) {
    out.push({ depth, page });
    flattenPages(childrenOf(page), depth + 1, out);
  }
  return out;
}

/** Piped `docs spaces pages`: one row per page, in reading order (the path shows the nesting). */
export const pageRowColumns: Columns<PageRow> = {
  ID: (r) => r.page.id,
  PATH: (r) => r.page.path,
  TITLE: (r) => r.page.title,
  TYPE: (r) => r.page.type,
};

/**
 * The tree on a terminal: titles indented by depth (type and hidden noted), then the path and id
 * in aligned columns. Hand-made rather than a table, which would collapse the indentation.
 */
export function pageTreeLines(rows: readonly PageRow[], style: { bold: (t: string) => string; dim: (t: string) => string }): string[] {
  const titles = rows.map(({ depth, page }) => {
    const kind = page.type !== 'document' ? ` [${page.type}]` : '';
    return `${'  '.repeat(depth)}${page.emoji ? `${page.emoji} ` : ''}${page.title}${kind}${page.hidden ? ' (hidden)' : ''}`;
  });
  const paths = rows.map(({ page }) => page.path ?? '');
  const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - displayWidth(text)));
  const titleWidth = Math.max(5, ...titles.map(displayWidth));
  const pathWidth = Math.max(4, ...paths.map(displayWidth));
  const header = style.bold(`${pad('TITLE', titleWidth)}  ${pad('PATH', pathWidth)}  ID`);
  return [
    header,
    ...rows.map((row, i) => `${pad(titles[i] ?? '', titleWidth)}  ${pad(paths[i] ?? '', pathWidth)}  ${style.dim(row.page.id)}`),
  ];
}

/** `docs spaces page --json` is the API object; on a terminal without content, these fields. */
export const pageFields: Columns<Page> = {
  ID: 'id',
  Title: 'title',
  Type: 'type',
  Path: 'path',
  Description: 'description',
  Subpages: (p) => childrenOf(p).length,
  Updated: 'updatedAt',
  URL: (p) => p.urls?.app,
};

/* ---------- files ---------- */

const sizeText = (size: number | undefined): string | undefined => {
  if (size === undefined) return undefined;
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
};

/** `docs spaces files`. Piped, the size is in bytes so it can be summed. */
export const fileColumns = (pretty: boolean): Columns<RevisionFile> => ({
  ID: 'id',
  NAME: 'name',
  TYPE: 'contentType',
  SIZE: (f) => (pretty ? sizeText(f.size) : f.size),
  'GIT PATH': (f) => f.git?.path,
});

/** `docs spaces file`. */
export const fileFields: Columns<RevisionFile> = {
  ID: 'id',
  Name: 'name',
  'Content type': 'contentType',
  Size: (f) => (f.size === undefined ? undefined : `${f.size} bytes`),
  Dimensions: (f) => (f.dimensions ? `${f.dimensions.width}×${f.dimensions.height}` : undefined),
  'Git path': (f) => f.git?.path,
  'Download URL': 'downloadURL',
};

/* ---------- locations: links and backlinks ---------- */

type Loose = Record<string, unknown>;
const titleOf = (value: unknown): string | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Loose;
  const text = v.title ?? v.name ?? v.displayName ?? v.slug ?? v.id;
  return typeof text === 'string' ? text : undefined;
};

/** `page quickstart`, `file logo.svg`, `url https://…`: a location in a few words. */
export function describeLocation(location: ContentLocation | undefined): string | undefined {
  if (!location) return undefined;
  const loc = location as Loose & { kind: string };
  switch (loc.kind) {
    case 'page': {
      const page = loc.page as Loose | undefined;
      return `page ${(page?.path as string | undefined) ?? titleOf(page) ?? '?'}`;
    }
    case 'file':
      return `file ${titleOf(loc.file) ?? '?'}`;
    case 'url':
      return `url ${String(loc.url)}`;
    case 'reusable-content':
      return `reusable content ${titleOf(loc.reusableContent) ?? '?'}`;
    case 'openapi':
      return `openapi ${titleOf(loc.openAPISpec) ?? '?'}`;
    default:
      return `${loc.kind} ${titleOf(loc[loc.kind]) ?? ''}`.trim();
  }
}

const spaceIdOf = (location: ContentLocation | undefined): string | undefined => {
  const space = (location as Loose | undefined)?.space as Loose | undefined;
  return typeof space?.id === 'string' ? space.id : undefined;
};

/** `docs spaces links` and `page-links`: what is linked, from where. */
export const linkColumns: Columns<LinkItem> = {
  STATUS: 'status',
  TARGET: (l) => describeLocation(l.targetReference),
  FROM: (l) => (l.locationReferences ?? []).map(describeLocation).filter(Boolean).join(', '),
  RELATION: 'relation',
};

/** `docs spaces file-backlinks`: where the file is used. */
export const backlinkColumns: Columns<Backlink> = {
  WHERE: (b) => describeLocation(b),
  SPACE: (b) => spaceIdOf(b),
  CONTEXT: (b) => {
    const ctx = (b as Loose).versionContext as Loose | undefined;
    if (!ctx) return undefined;
    const cr = ctx.changeRequest as Loose | undefined;
    return ctx.type === 'changeRequest' && cr ? `change request #${String(cr.number)}` : String(ctx.type);
  },
};

/** Link totals (the `stats` of a link list). */
export interface LinkStats {
  total: number;
  broken: { total: number; changeRequest?: number };
}

export const linkStatsFields: Columns<LinkStats> = {
  total: 'total',
  broken: (s) => s.broken.total,
  'broken by the change request': (s) => s.broken.changeRequest,
};

export const linkStatsLine = (s: LinkStats): string =>
  `${s.total} link${s.total === 1 ? '' : 's'}, ${s.broken.total} broken${s.broken.changeRequest ? ` (${s.broken.changeRequest} by the change request)` : ''}.`;
