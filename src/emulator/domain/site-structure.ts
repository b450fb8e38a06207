import type { z } from 'zod';
import type { SiteSection, SiteSectionGroup, SiteSpace, SiteStructure } from '../../api/schemas/site.js';
import type { Space } from '../../api/schemas/space.js';
import type { Caller, EmulatorContext } from '../types.js';
import { byOrder } from './ordered-list.js';
import { presentSpace, type SpaceDoc } from './sites-deps.js';
import { publishedUrl, type SiteDoc } from './sites.js';

/*
 * The structure of a site: sections (optionally in section groups) holding site spaces, or site
 * spaces at the root when the site has no sections. Docs are stored under the site (`parent` =
 * site id); `_order` orders siblings in their container:
 * - the top level: groups and the sections that are in no group;
 * - a group: its sections;
 * - the root or a section: its site spaces.
 * The default section / site space of a container is the one chosen by PATCH, else the first.
 */

export interface SectionDoc {
  id: string;
  site: string;
  title: string;
  description?: string;
  path: string;
  condition?: string;
  icon?: string;
  sectionGroup?: string;
  _order: number;
  _defaultSiteSpace?: string;
}

export interface GroupDoc {
  id: string;
  site: string;
  title: string;
  icon?: string;
  _order: number;
}

export interface SiteSpaceDoc {
  id: string;
  site: string;
  /** The section holding it; absent at the root. */
  section?: string;
  /** Id of the space it shows. */
  space: string;
  path: string;
  condition?: string;
  _order: number;
}

export type TopLevelItem = ({ kind: 'section' } & SectionDoc) | ({ kind: 'group' } & GroupDoc);

export const sectionsOf = (ctx: EmulatorContext, siteId: string) => ctx.store.all<SectionDoc>('siteSection', siteId);
export const groupsOf = (ctx: EmulatorContext, siteId: string) => ctx.store.all<GroupDoc>('siteSectionGroup', siteId).sort(byOrder);
export const siteSpacesOf = (ctx: EmulatorContext, siteId: string) => ctx.store.all<SiteSpaceDoc>('siteSpace', siteId);

export function findSection(ctx: EmulatorContext, site: SiteDoc, id: string): SectionDoc | undefined {
  const doc = ctx.store.get<SectionDoc>('siteSection', id);
  return doc && doc.site === site.id ? doc : undefined;
}
export function findGroup(ctx: EmulatorContext, site: SiteDoc, id: string): GroupDoc | undefined {
  const doc = ctx.store.get<GroupDoc>('siteSectionGroup', id);
  return doc && doc.site === site.id ? doc : undefined;
}
export function findSiteSpace(ctx: EmulatorContext, site: SiteDoc, id: string): SiteSpaceDoc | undefined {
  const doc = ctx.store.get<SiteSpaceDoc>('siteSpace', id);
  return doc && doc.site === site.id ? doc : undefined;
}

/** Groups and ungrouped sections, in order. */
export function topLevel(ctx: EmulatorContext, siteId: string): TopLevelItem[] {
  const items: TopLevelItem[] = [
    ...sectionsOf(ctx, siteId)
      .filter((s) => !s.sectionGroup)
      .map((s) => ({ kind: 'section' as const, ...s })),
    ...groupsOf(ctx, siteId).map((g) => ({ kind: 'group' as const, ...g })),
  ];
  return items.sort(byOrder);
}

export const sectionsInGroup = (ctx: EmulatorContext, siteId: string, groupId: string) =>
  sectionsOf(ctx, siteId)
    .filter((s) => s.sectionGroup === groupId)
    .sort(byOrder);

/** Every section in the order a visitor sees them (groups expanded in place). */
export function orderedSections(ctx: EmulatorContext, siteId: string): SectionDoc[] {
  const all = sectionsOf(ctx, siteId);
  return topLevel(ctx, siteId).flatMap((item) =>
    item.kind === 'section' ? all.filter((s) => s.id === item.id) : all.filter((s) => s.sectionGroup === item.id).sort(byOrder),
  );
}

export const siteSpacesIn = (ctx: EmulatorContext, siteId: string, sectionId: string | undefined) =>
  siteSpacesOf(ctx, siteId)
    .filter((s) => s.section === sectionId)
    .sort(byOrder);

/** Root site spaces first, then each section's, in structure order. */
export function orderedSiteSpaces(ctx: EmulatorContext, siteId: string): SiteSpaceDoc[] {
  return [undefined, ...orderedSections(ctx, siteId).map((s) => s.id)].flatMap((id) => siteSpacesIn(ctx, siteId, id));
}

export function defaultSection(ctx: EmulatorContext, site: SiteDoc): SectionDoc | undefined {
  const chosen = site._defaultSiteSection ? findSection(ctx, site, site._defaultSiteSection) : undefined;
  return chosen ?? orderedSections(ctx, site.id)[0];
}

/** The default site space of the root (sectionId undefined) or of a section. */
export function defaultSiteSpaceIn(ctx: EmulatorContext, site: SiteDoc, sectionId: string | undefined): SiteSpaceDoc | undefined {
  const members = siteSpacesIn(ctx, site.id, sectionId);
  const chosenId = sectionId === undefined ? site._defaultSiteSpace : findSection(ctx, site, sectionId)?._defaultSiteSpace;
  return members.find((s) => s.id === chosenId) ?? members[0];
}

/** Presentation of the structure, memoizing what is shared by many items of one response. */
export class StructureView {
  private readonly defaults = new Map<string, string | undefined>();
  private defaultSectionId: string | undefined | null = null;

  constructor(
    readonly ctx: EmulatorContext,
    readonly caller: Caller,
    readonly site: SiteDoc,
    readonly shareKey?: string,
  ) {}

  isDefaultSiteSpace(ss: SiteSpaceDoc): boolean {
    const key = ss.section ?? '';
    if (!this.defaults.has(key)) this.defaults.set(key, defaultSiteSpaceIn(this.ctx, this.site, ss.section)?.id);
    return this.defaults.get(key) === ss.id;
  }

  isDefaultSection(section: SectionDoc): boolean {
    if (this.defaultSectionId === null) this.defaultSectionId = defaultSection(this.ctx, this.site)?.id;
    return this.defaultSectionId === section.id;
  }

  private sectionPath(sectionId: string | undefined): string {
    if (sectionId === undefined) return '';
    const section = findSection(this.ctx, this.site, sectionId);
    return !section || this.isDefaultSection(section) ? '' : `${section.path}/`;
  }

  siteSpace(ss: SiteSpaceDoc): z.input<typeof SiteSpace> {
    const space = this.ctx.store.get<SpaceDoc>('space', ss.space);
    const isDefault = this.isDefaultSiteSpace(ss);
    const published = publishedUrl(this.ctx, this.site, `${this.sectionPath(ss.section)}${isDefault ? '' : `${ss.path}/`}`, this.shareKey);
    return {
      object: 'site-space',
      id: ss.id,
      path: ss.path,
      ...(ss.section ? { section: ss.section } : {}),
      space: space ? presentSpace(this.ctx, this.caller, space) : missingSpace(this.ctx, this.site, ss.space),
      title: space?.title ?? '',
      default: isDefault,
      ...(ss.condition !== undefined ? { condition: ss.condition } : {}),
      hasAdvancedCustomizationFeature: this.site.type === 'ultimate',
      urls: published ? { published } : {},
    };
  }

  section(section: SectionDoc): z.input<typeof SiteSection> {
    const published = publishedUrl(this.ctx, this.site, this.sectionPath(section.id), this.shareKey);
    return {
      object: 'site-section',
      id: section.id,
      title: section.title,
      ...(section.description !== undefined ? { description: section.description } : {}),
      default: this.isDefaultSection(section),
      path: section.path,
      ...(section.condition !== undefined ? { condition: section.condition } : {}),
      ...(section.sectionGroup ? { sectionGroup: section.sectionGroup } : {}),
      ...(section.icon !== undefined ? { icon: section.icon } : {}),
      siteSpaces: siteSpacesIn(this.ctx, this.site.id, section.id).map((ss) => this.siteSpace(ss)),
      urls: published ? { published } : {},
    };
  }

  group(group: GroupDoc): z.input<typeof SiteSectionGroup> {
    return {
      object: 'site-section-group',
      id: group.id,
      title: group.title,
      ...(group.icon !== undefined ? { icon: group.icon } : {}),
      sections: sectionsInGroup(this.ctx, this.site.id, group.id).map((s) => this.section(s)),
    };
  }

  /** Published structure: sections and groups when the site has sections, else the root site spaces. */
  structure(): z.input<typeof SiteStructure> & { type: 'sections' | 'siteSpaces' } {
    const items = topLevel(this.ctx, this.site.id);
    if (items.length > 0) {
      return { type: 'sections', structure: items.map((item) => (item.kind === 'group' ? this.group(item) : this.section(item))) };
    }
    return { type: 'siteSpaces', structure: siteSpacesIn(this.ctx, this.site.id, undefined).map((ss) => this.siteSpace(ss)) };
  }
}

/**
 * A site space whose space was purged (spaces are removed for good 7 days after deletion): the
 * Space field is required, so it reads as a deleted, untitled space rather than vanishing.
 */
function missingSpace(ctx: EmulatorContext, site: SiteDoc, spaceId: string): z.input<typeof Space> {
  const at = site.createdAt;
  return {
    object: 'space',
    id: spaceId,
    title: '',
    emoji: '',
    visibility: 'private',
    organization: site.organization,
    revision: '',
    createdAt: at,
    updatedAt: at,
    deletedAt: at,
    defaultLevel: null,
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    urls: { location: `${ctx.baseUrl}/v1/spaces/${spaceId}`, app: `${ctx.baseUrl}/app/s/${spaceId}` },
    permissions: {
      view: false,
      access: false,
      admin: false,
      viewInviteLinks: false,
      edit: false,
      triggerGitSync: false,
      comment: false,
      merge: false,
      review: false,
      installIntegration: false,
    },
  };
}
