import type { PublishedSite, Site, SiteSection, SiteSectionGroup, SiteSpace, TemplateCondition } from '../../api/schemas/site.js';
import type { Columns, OutputMode } from '../output.js';

/* `docs sites ...`: columns and fields (the site and part arguments: flags/sites.ts). */

const yes = (value: boolean | undefined): string => (value ? 'yes' : '');

/** `docs sites list`: id first, so `cut -f1` gives ids. */
export const siteColumns: Columns<Site> = {
  ID: 'id',
  TITLE: 'title',
  TYPE: 'type',
  VISIBILITY: 'visibility',
  PUBLISHED: (s) => yes(s.published),
  SPACES: 'siteSpaces',
  URL: (s) => s.urls?.published,
};

const proxyText = (s: Site): string | undefined =>
  s.proxy?.origin ? `${s.proxy.origin}${s.proxy.target ? ` → ${s.proxy.target}` : ''}` : undefined;

/** `docs sites get`. */
export const siteFields: Columns<Site> = {
  ID: 'id',
  Title: 'title',
  Type: 'type',
  Visibility: 'visibility',
  Published: (s) => (s.published ? 'yes' : 'no'),
  'Site spaces': 'siteSpaces',
  Hostname: 'hostname',
  Basename: 'basename',
  Proxy: proxyText,
  'Adaptive content': (s) => (s.adaptiveContent?.enabled ? 'enabled' : 'disabled'),
  'Agents context': 'agentsContext',
  Created: 'createdAt',
  URL: (s) => s.urls?.published,
  'App URL': (s) => s.urls?.app,
};

/** Key fields of a site as one TSV row after a change. */
export const siteRow: Columns<Site> = { ID: 'id', TYPE: 'type', VISIBILITY: 'visibility', TITLE: 'title' };

/* ---------- sections, groups, site spaces ---------- */

const spaceTitles = (s: SiteSection): string => (s.siteSpaces ?? []).map((ss) => ss.title).join(', ');

export const sectionColumns: Columns<SiteSection> = {
  ID: 'id',
  TITLE: 'title',
  PATH: 'path',
  DEFAULT: (s) => yes(s.default),
  GROUP: 'sectionGroup',
  SPACES: spaceTitles,
  CONDITION: 'condition',
};

export const sectionRow: Columns<SiteSection> = { ID: 'id', PATH: 'path', TITLE: 'title' };

export const sectionGroupColumns: Columns<SiteSectionGroup> = {
  ID: 'id',
  TITLE: 'title',
  ICON: 'icon',
  SECTIONS: (g) => (g.sections ?? []).map((s) => s.title).join(', '),
};

export const sectionGroupRow: Columns<SiteSectionGroup> = { ID: 'id', TITLE: 'title' };

export const siteSpaceColumns: Columns<SiteSpace> = {
  ID: 'id',
  TITLE: 'title',
  PATH: 'path',
  SECTION: 'section',
  DEFAULT: (ss) => yes(ss.default),
  SPACE: (ss) => ss.space.id,
  CONDITION: 'condition',
};

export const siteSpaceRow: Columns<SiteSpace> = { ID: 'id', PATH: 'path', SPACE: (ss) => ss.space.id, SECTION: 'section' };

export const templateConditionColumns: Columns<TemplateCondition> = { CONDITION: 'condition', DESCRIPTION: 'description' };

/* ---------- published structure ---------- */

export interface StructureRow {
  kind: 'group' | 'section' | 'space';
  depth: number;
  id: string;
  title: string;
  path?: string;
  default?: boolean;
  url?: string;
}

type Item = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const items = (v: unknown): Item[] => (Array.isArray(v) ? v.filter((i): i is Item => typeof i === 'object' && i !== null) : []);

function row(kind: StructureRow['kind'], depth: number, item: Item): StructureRow {
  const url = str((item.urls as Item | undefined)?.published);
  return {
    kind,
    depth,
    id: str(item.id) ?? '',
    title: str(item.title) ?? '',
    ...(str(item.path) !== undefined ? { path: str(item.path) } : {}),
    ...(item.default === true ? { default: true } : {}),
    ...(url !== undefined ? { url } : {}),
  };
}

/** The published structure in reading order: groups, their sections, each section's site spaces. */
export function structureRows(published: PublishedSite): StructureRow[] {
  const out: StructureRow[] = [];
  const section = (s: Item, depth: number) => {
    out.push(row('section', depth, s));
    for (const ss of items(s.siteSpaces)) out.push(row('space', depth + 1, ss));
  };
  for (const item of items(published.structure.structure)) {
    if (item.object === 'site-section-group' || (Array.isArray(item.sections) && !Array.isArray(item.siteSpaces))) {
      out.push(row('group', 0, item));
      for (const s of items(item.sections)) section(s, 1);
    } else if (item.object === 'site-space' || 'space' in item) out.push(row('space', 0, item));
    else section(item, 0);
  }
  return out;
}

/** Titles indented under their parent on a terminal; flat values when piped. */
export const structureColumns = (mode: OutputMode): Columns<StructureRow> => ({
  KIND: 'kind',
  TITLE: (r) => (mode === 'table' && r.depth > 0 ? `${'  '.repeat(r.depth - 1)}└ ${r.title}` : r.title),
  PATH: 'path',
  DEFAULT: (r) => yes(r.default),
  URL: 'url',
  ID: 'id',
});
