import type { EmulatorContext } from '../types.js';
import { badRequest, HttpError } from '../types.js';
import { nextOrder, reorder, type MovePosition } from './ordered-list.js';
import { getLiveSpace, type SpaceDoc } from './sites-deps.js';
import type { SiteDoc } from './sites.js';
import {
  defaultSection,
  findGroup,
  findSection,
  sectionsInGroup,
  sectionsOf,
  siteSpacesIn,
  siteSpacesOf,
  topLevel,
  type GroupDoc,
  type SectionDoc,
  type SiteSpaceDoc,
} from './site-structure.js';

/*
 * Changes to a site's structure. Rules the contract leaves open, chosen here:
 * - a body field naming something that does not exist (a space, a section, a site space) is a bad
 *   request (400 naming the field); a path naming something that does not exist is a 404;
 * - section paths are unique in the site, site-space paths unique in their section (or the root);
 *   a clash is a 400 naming `path`;
 * - a space appears at most once per section (or root);
 * - adding the first section to a site that has root-level site spaces first turns that content
 *   into a section of its own (titled after its default space, and the default section), so
 *   nothing disappears from the published structure;
 * - moves reorder siblings (a section among the sections of its group, or of the top level; a
 *   group among the groups and ungrouped sections; a site space inside its section); a neighbour
 *   that is not a sibling is an invalid position (400). Without a position the item goes last.
 */

export function slug(text: string, fallback: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/, '');
  return s || fallback;
}

function uniquePath(base: string, used: Set<string>): string {
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

export function requireSpace(ctx: EmulatorContext, organization: string, spaceId: string, field: string): SpaceDoc {
  const space = getLiveSpace(ctx, spaceId);
  if (!space || space.organization !== organization) throw badRequest(`${field}: no space "${spaceId}" in this organization`);
  return space;
}

function requireSection(ctx: EmulatorContext, site: SiteDoc, id: string, field: string): SectionDoc {
  const section = findSection(ctx, site, id);
  if (!section) throw badRequest(`${field}: no section "${id}" in this site`);
  return section;
}

/** Give `ids` (in order) the orders 0..n-1; each id is a doc of one of `kinds`. */
function applyOrder(ctx: EmulatorContext, ids: string[], kinds: string[]): void {
  ids.forEach((id, index) => {
    for (const kind of kinds) if (ctx.store.patch<{ id: string; _order: number }>(kind, id, { _order: index })) return;
  });
}

/* ---------- site spaces ---------- */

export function addSiteSpace(
  ctx: EmulatorContext,
  site: SiteDoc,
  input: { spaceId: string; sectionId?: string; path?: string; condition?: string; field?: string; id?: string },
): SiteSpaceDoc {
  const field = input.field ?? 'body.spaceId';
  const space = requireSpace(ctx, site.organization, input.spaceId, field);
  let sectionId = input.sectionId;
  if (sectionId !== undefined) requireSection(ctx, site, sectionId, 'body.sectionId');
  else sectionId = defaultSection(ctx, site)?.id;
  const siblings = siteSpacesIn(ctx, site.id, sectionId);
  if (siblings.some((s) => s.space === space.id)) {
    throw badRequest(`${field}: space "${space.id}" is already in ${sectionId ? `section "${sectionId}"` : 'this site'}`);
  }
  const used = new Set(siblings.map((s) => s.path));
  if (input.path !== undefined && used.has(input.path))
    throw badRequest(`body.path: "${input.path}" is already used in this ${sectionId ? 'section' : 'site'}`);
  const doc: SiteSpaceDoc = {
    id: input.id ?? ctx.store.newId('sitesp'),
    site: site.id,
    ...(sectionId ? { section: sectionId } : {}),
    space: space.id,
    path: input.path ?? uniquePath(slug(space.title, 'space'), used),
    ...(input.condition !== undefined ? { condition: input.condition } : {}),
    _order: nextOrder(siblings),
  };
  return ctx.store.insert('siteSpace', doc, site.id);
}

export function updateSiteSpace(
  ctx: EmulatorContext,
  site: SiteDoc,
  ss: SiteSpaceDoc,
  body: { path?: string; condition?: string | null; spaceId?: string },
): SiteSpaceDoc {
  const next: SiteSpaceDoc = { ...ss };
  const siblings = siteSpacesIn(ctx, site.id, ss.section).filter((s) => s.id !== ss.id);
  if (body.path !== undefined && body.path !== ss.path) {
    if (siblings.some((s) => s.path === body.path))
      throw badRequest(`body.path: "${body.path}" is already used in this ${ss.section ? 'section' : 'site'}`);
    next.path = body.path;
  }
  if (body.condition === null) delete next.condition;
  else if (body.condition !== undefined) next.condition = body.condition;
  if (body.spaceId !== undefined && body.spaceId !== ss.space) {
    const space = requireSpace(ctx, site.organization, body.spaceId, 'body.spaceId');
    if (siblings.some((s) => s.space === space.id))
      throw badRequest(`body.spaceId: space "${space.id}" is already in this ${ss.section ? 'section' : 'site'}`);
    next.space = space.id;
  }
  return ctx.store.put('siteSpace', next);
}

export function deleteSiteSpace(ctx: EmulatorContext, site: SiteDoc, id: string): void {
  ctx.store.delete('siteSpace', id);
  if (site._defaultSiteSpace === id) ctx.store.patch<SiteDoc>('site', site.id, { _defaultSiteSpace: undefined });
  for (const section of sectionsOf(ctx, site.id)) {
    if (section._defaultSiteSpace === id) ctx.store.patch<SectionDoc>('siteSection', section.id, { _defaultSiteSpace: undefined });
  }
}

export function moveSiteSpace(ctx: EmulatorContext, site: SiteDoc, ss: SiteSpaceDoc, position: MovePosition | undefined): void {
  const ids = reorder(
    siteSpacesIn(ctx, site.id, ss.section).map((s) => s.id),
    ss.id,
    position,
  );
  if (!ids)
    throw new HttpError(
      400,
      `Invalid move site space position provided: the neighbours must be other site spaces of the same ${ss.section ? 'section' : 'site root'}`,
    );
  applyOrder(ctx, ids, ['siteSpace']);
}

/* ---------- sections ---------- */

export function addSection(
  ctx: EmulatorContext,
  site: SiteDoc,
  input: {
    spaceId: string;
    title?: string | null;
    icon?: string | null;
    path?: string;
    id?: string;
    siteSpace?: { id?: string; path?: string; condition?: string };
  },
): SectionDoc {
  const space = requireSpace(ctx, site.organization, input.spaceId, 'body.spaceId');
  if (input.path !== undefined && sectionsOf(ctx, site.id).some((s) => s.path === input.path)) {
    throw badRequest(`body.path: "${input.path}" is already used by another section`);
  }
  if (sectionsOf(ctx, site.id).length === 0) sectionForRootContent(ctx, site);
  const section = insertSection(ctx, site, sectionTitle(input.title ?? space.title), input);
  addSiteSpace(ctx, site, { ...input.siteSpace, spaceId: space.id, sectionId: section.id });
  return section;
}

const sectionTitle = (title: string) => (title.length >= 2 ? title.slice(0, 128) : 'Untitled section');

function insertSection(
  ctx: EmulatorContext,
  site: SiteDoc,
  title: string,
  input: { id?: string; path?: string; icon?: string | null },
): SectionDoc {
  const used = new Set(sectionsOf(ctx, site.id).map((s) => s.path));
  const section: SectionDoc = {
    id: input.id ?? ctx.store.newId('sitesc'),
    site: site.id,
    title,
    path: input.path ?? uniquePath(slug(title, 'section'), used),
    ...(input.icon ? { icon: input.icon } : {}),
    _order: nextOrder(topLevel(ctx, site.id)),
  };
  return ctx.store.insert('siteSection', section, site.id);
}

/** Move the root-level site spaces into a new section, which becomes the site's default. */
function sectionForRootContent(ctx: EmulatorContext, site: SiteDoc): void {
  const root = siteSpacesIn(ctx, site.id, undefined);
  if (root.length === 0) return;
  const main = root.find((ss) => ss.id === site._defaultSiteSpace) ?? root[0]!;
  const title = getLiveSpace(ctx, main.space)?.title ?? site.title;
  const section = insertSection(ctx, site, sectionTitle(title), {});
  for (const ss of root) ctx.store.patch<SiteSpaceDoc>('siteSpace', ss.id, { section: section.id });
  ctx.store.patch<SectionDoc>('siteSection', section.id, { _defaultSiteSpace: main.id });
  ctx.store.patch<SiteDoc>('site', site.id, { _defaultSiteSection: section.id, _defaultSiteSpace: undefined });
}

export function updateSection(
  ctx: EmulatorContext,
  site: SiteDoc,
  section: SectionDoc,
  body: {
    title?: string;
    path?: string;
    defaultSiteSpace?: string;
    condition?: string | null;
    icon?: string | null;
    description?: string | null;
  },
): SectionDoc {
  const next: SectionDoc = { ...section };
  if (body.title !== undefined) next.title = body.title;
  if (body.path !== undefined && body.path !== section.path) {
    if (sectionsOf(ctx, site.id).some((s) => s.id !== section.id && s.path === body.path))
      throw badRequest(`body.path: "${body.path}" is already used by another section`);
    next.path = body.path;
  }
  if (body.defaultSiteSpace !== undefined) {
    if (!siteSpacesIn(ctx, site.id, section.id).some((s) => s.id === body.defaultSiteSpace)) {
      throw badRequest(`body.defaultSiteSpace: no site space "${body.defaultSiteSpace}" in this section`);
    }
    next._defaultSiteSpace = body.defaultSiteSpace;
  }
  for (const key of ['condition', 'icon', 'description'] as const) {
    const value = body[key];
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  return ctx.store.put('siteSection', next);
}

export function deleteSection(ctx: EmulatorContext, site: SiteDoc, id: string): void {
  if (!findSection(ctx, site, id)) return;
  for (const ss of siteSpacesOf(ctx, site.id)) if (ss.section === id) ctx.store.delete('siteSpace', ss.id);
  ctx.store.delete('siteSection', id);
  if (site._defaultSiteSection === id) ctx.store.patch<SiteDoc>('site', site.id, { _defaultSiteSection: undefined });
}

/** Siblings of a section: the sections of its group, or the top level (with the groups). */
function siblingsOf(ctx: EmulatorContext, site: SiteDoc, section: SectionDoc): string[] {
  return section.sectionGroup
    ? sectionsInGroup(ctx, site.id, section.sectionGroup).map((s) => s.id)
    : topLevel(ctx, site.id).map((i) => i.id);
}

export function moveSection(ctx: EmulatorContext, site: SiteDoc, section: SectionDoc, position: MovePosition | undefined): void {
  const invalid = () =>
    new HttpError(
      400,
      `Invalid move site section position provided: the neighbours must be other sections of the same ${section.sectionGroup ? 'group' : 'site level'}`,
    );
  for (const id of [position?.before, position?.after]) if (id !== undefined && !findSection(ctx, site, id)) throw invalid();
  const ids = reorder(siblingsOf(ctx, site, section), section.id, position);
  if (!ids) throw invalid();
  applyOrder(ctx, ids, ['siteSection', 'siteSectionGroup']);
}

/* ---------- section groups ---------- */

export function createGroup(
  ctx: EmulatorContext,
  site: SiteDoc,
  input: { title: string; icon?: string | null; sections?: string[]; id?: string },
): GroupDoc {
  const ids = [...new Set(input.sections ?? [])];
  ids.forEach((id, i) => requireSection(ctx, site, id, `body.sections[${i}]`));
  const group: GroupDoc = {
    id: input.id ?? ctx.store.newId('sitesg'),
    site: site.id,
    title: input.title,
    ...(input.icon ? { icon: input.icon } : {}),
    _order: nextOrder(topLevel(ctx, site.id)),
  };
  ctx.store.insert('siteSectionGroup', group, site.id);
  ids.forEach((id, index) => ctx.store.patch<SectionDoc>('siteSection', id, { sectionGroup: group.id, _order: index }));
  return group;
}

export function updateGroup(ctx: EmulatorContext, group: GroupDoc, body: { title?: string; icon?: string | null }): GroupDoc {
  const next: GroupDoc = { ...group };
  if (body.title !== undefined) next.title = body.title;
  if (body.icon === null) delete next.icon;
  else if (body.icon !== undefined) next.icon = body.icon;
  return ctx.store.put('siteSectionGroup', next);
}

/** Delete a group; its sections stay, at the group's place. */
export function deleteGroup(ctx: EmulatorContext, site: SiteDoc, id: string): void {
  if (!findGroup(ctx, site, id)) return;
  const members = sectionsInGroup(ctx, site.id, id).map((s) => s.id);
  const ids = topLevel(ctx, site.id).flatMap((item) => (item.id === id ? members : [item.id]));
  for (const sectionId of members) ctx.store.patch<SectionDoc>('siteSection', sectionId, { sectionGroup: undefined });
  ctx.store.delete('siteSectionGroup', id);
  applyOrder(ctx, ids, ['siteSection', 'siteSectionGroup']);
}

/** Put a section at the end of a group (leaving the group it was in). */
export function addSectionToGroup(ctx: EmulatorContext, site: SiteDoc, group: GroupDoc, sectionId: string): void {
  const section = requireSection(ctx, site, sectionId, 'body.sectionId');
  if (section.sectionGroup === group.id) return;
  ctx.store.patch<SectionDoc>('siteSection', section.id, {
    sectionGroup: group.id,
    _order: nextOrder(sectionsInGroup(ctx, site.id, group.id)),
  });
}

/** Take a section out of a group; it goes right after the group. */
export function removeSectionFromGroup(ctx: EmulatorContext, site: SiteDoc, groupId: string, sectionId: string): void {
  const section = findSection(ctx, site, sectionId);
  if (!section || section.sectionGroup !== groupId) return;
  ctx.store.patch<SectionDoc>('siteSection', section.id, { sectionGroup: undefined });
  const ids = reorder(
    topLevel(ctx, site.id).map((i) => i.id),
    section.id,
    { after: groupId },
  );
  if (ids) applyOrder(ctx, ids, ['siteSection', 'siteSectionGroup']);
}

export function moveGroup(
  ctx: EmulatorContext,
  site: SiteDoc,
  group: GroupDoc,
  position: { before?: { type: string; id: string }; after?: { type: string; id: string } } | undefined,
): void {
  const invalid = () =>
    new HttpError(400, 'Invalid move site section group position provided: the neighbours must be groups or sections outside any group');
  const items = topLevel(ctx, site.id);
  for (const pointer of [position?.before, position?.after]) {
    if (!pointer) continue;
    const item = items.find((i) => i.id === pointer.id);
    if (!item || (pointer.type === 'site-section-group') !== (item.kind === 'group')) throw invalid();
  }
  const ids = reorder(
    items.map((i) => i.id),
    group.id,
    { before: position?.before?.id, after: position?.after?.id },
  );
  if (!ids) throw invalid();
  applyOrder(ctx, ids, ['siteSection', 'siteSectionGroup']);
}
