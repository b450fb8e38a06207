import type { z } from 'zod';
import type { Site } from '../../api/schemas/site.js';
import type { EmulatorContext } from '../types.js';
import { HttpError } from '../types.js';

/*
 * Sites (contract "Site"). Stored as `site` docs under their organization; sections, section
 * groups and site spaces live in their own kinds under the site (see site-structure.ts).
 *
 * `published` is a state: PATCHing `visibility` publishes the site (contract "States and
 * transitions": site visibility/published are set by PATCH visibility), and so does a visibility
 * in the create request. A published site is reachable only while it has at least one site space,
 * so `published` reads false for an empty site and becomes true again when content is added.
 */

export const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const;
export type SiteType = (typeof SITE_TYPES)[number];
export type SiteVisibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth';

export interface SiteDoc {
  id: string;
  object: 'site';
  organization: string;
  type: SiteType;
  title: string;
  icon?: string | Record<string, unknown> | null;
  hostname?: string;
  basename?: string;
  proxy?: { origin: string; target: string };
  visibility: SiteVisibility;
  createdAt: string;
  adaptiveContent?: { enabled: boolean };
  agentsContext: 'excluded' | 'included';
  ads?: { status: string; [key: string]: unknown };
  /** Set by a PATCH of visibility (or a seed); see `isPublished`. */
  _published: boolean;
  _defaultSiteSpace?: string;
  _defaultSiteSection?: string;
  _adaptiveSchema?: { jsonSchema: Record<string, unknown>; updatedAt: string };
}

export const DEFAULT_SITE_TITLE = 'Untitled site';

export function siteNotFound(): HttpError {
  return new HttpError(404, 'No matching site found');
}

/** The site `siteId` of organization `orgId`, or 404 (also for a site of another organization). */
export function getSite(ctx: EmulatorContext, orgId: string, siteId: string): SiteDoc {
  const site = ctx.store.get<SiteDoc>('site', siteId);
  if (!site || site.organization !== orgId) throw siteNotFound();
  return site;
}

export function findSite(ctx: EmulatorContext, orgId: string, siteId: string): SiteDoc | undefined {
  const site = ctx.store.get<SiteDoc>('site', siteId);
  return site && site.organization === orgId ? site : undefined;
}

export const siteSpaceCount = (ctx: EmulatorContext, siteId: string) => ctx.store.countChildren('siteSpace', siteId);

export const isPublished = (ctx: EmulatorContext, site: SiteDoc) => site._published && siteSpaceCount(ctx, site.id) > 0;

/*
 * Features by plan. The contract leaves the mapping out; this follows the plan names of the spec
 * (`SiteFeature.plan` is a site type) so that a premium site reports the features it pays for.
 */
const BASIC = ['sites-public-visibility', 'sites-basic-customization', 'sites-full-text-search', 'sites-no-custom-domain'];
const PREMIUM = [
  'sites-sections',
  'sites-custom-domain',
  'sites-share-links',
  'sites-unlisted-visibility',
  'sites-ai-search',
  'sites-page-feedback',
  'sites-pdf-export',
  'sites-redirects',
  'sites-seo',
];
const ULTIMATE = [
  'sites-adaptive-content',
  'sites-visitor-authentication',
  'sites-advanced-customization',
  'sites-ai-assistant',
  'sites-multivariant-site',
  'sites-custom-subdirectory',
];

export function siteFeatures(type: SiteType): { id: string; plan: SiteType; frozen: boolean }[] {
  const tier = (ids: string[], plan: SiteType) => ids.map((id) => ({ id, plan, frozen: false }));
  const base = type === 'legacy-basic' ? tier(BASIC, 'legacy-basic') : tier(BASIC, 'basic');
  switch (type) {
    case 'premium':
    case 'legacy-premium':
      return [...base, ...tier(PREMIUM, type)];
    case 'sponsored':
      return [...base, ...tier(PREMIUM, 'premium'), { id: 'sites-ads', plan: 'sponsored', frozen: false }];
    case 'ultimate':
      return [...base, ...tier(PREMIUM, 'premium'), ...tier(ULTIMATE, 'ultimate')];
    default:
      return base;
  }
}

/** Where the published site lives: proxy, custom hostname, or the emulator's own address. */
export function publishedBase(ctx: EmulatorContext, site: SiteDoc): string {
  const sub = site.basename ? `${site.basename}/` : '';
  if (site.proxy) return `https://${site.proxy.origin}/`;
  if (site.hostname) return `https://${site.hostname}/${sub}`;
  return `${ctx.baseUrl}/~sites/${site.organization}/${site.basename ?? site.id}/`;
}

/**
 * A published URL, or undefined while the site is not published. For share-link sites the
 * `shareKey` a caller passes is carried in the URL (`?share=`), so the links it gets back open
 * the site; other sites ignore it.
 */
export function publishedUrl(ctx: EmulatorContext, site: SiteDoc, path: string, shareKey?: string): string | undefined {
  if (!isPublished(ctx, site)) return undefined;
  const url = `${publishedBase(ctx, site)}${path}`;
  return site.visibility === 'share-link' && shareKey ? `${url}?share=${encodeURIComponent(shareKey)}` : url;
}

export function siteApiUrl(ctx: EmulatorContext, site: SiteDoc): string {
  return `${ctx.baseUrl}/v1/orgs/${site.organization}/sites/${site.id}`;
}

export function presentSite(ctx: EmulatorContext, site: SiteDoc, shareKey?: string): z.input<typeof Site> {
  const published = publishedUrl(ctx, site, '', shareKey);
  return {
    object: 'site',
    id: site.id,
    type: site.type,
    title: site.title,
    ...(site.icon !== undefined ? { icon: site.icon } : {}),
    ...(site.hostname ? { hostname: site.hostname } : {}),
    ...(site.basename ? { basename: site.basename } : {}),
    ...(site.proxy ? { proxy: site.proxy } : {}),
    visibility: site.visibility,
    published: published !== undefined,
    siteSpaces: siteSpaceCount(ctx, site.id),
    createdAt: site.createdAt,
    ...(site.adaptiveContent ? { adaptiveContent: site.adaptiveContent } : {}),
    ...(site.ads ? { ads: site.ads } : {}),
    agentsContext: site.agentsContext,
    features: siteFeatures(site.type),
    urls: {
      location: siteApiUrl(ctx, site),
      app: `${ctx.baseUrl}/app/o/${site.organization}/sites/${site.id}`,
      ...(published ? { published } : {}),
    },
  };
}

export interface NewSite {
  id?: string;
  organization: string;
  type?: SiteType;
  title?: string;
  visibility?: SiteVisibility;
  published?: boolean;
  hostname?: string;
  basename?: string;
  icon?: string | Record<string, unknown> | null;
  agentsContext?: 'excluded' | 'included';
}

export function insertSite(ctx: EmulatorContext, input: NewSite): SiteDoc {
  const site: SiteDoc = {
    id: input.id ?? ctx.store.newId('site'),
    object: 'site',
    organization: input.organization,
    type: input.type ?? 'basic',
    title: input.title ?? DEFAULT_SITE_TITLE,
    ...(input.icon !== undefined ? { icon: input.icon } : {}),
    ...(input.hostname ? { hostname: input.hostname } : {}),
    ...(input.basename ? { basename: input.basename } : {}),
    visibility: input.visibility ?? 'public',
    createdAt: ctx.now().toISOString(),
    agentsContext: input.agentsContext ?? 'included',
    _published: input.published ?? false,
  };
  return ctx.store.insert('site', site, input.organization);
}

/** Remove a site with everything under it; an organization whose default content it was loses it. */
export function removeSite(ctx: EmulatorContext, orgId: string, siteId: string): void {
  if (!findSite(ctx, orgId, siteId)) return;
  for (const kind of ['siteSpace', 'siteSection', 'siteSectionGroup']) {
    for (const doc of ctx.store.all(kind, siteId)) ctx.store.delete(kind, doc.id);
  }
  ctx.store.delete('site', siteId);
  const org = ctx.store.get<{ id: string; defaultContent?: { site?: string } }>('organization', orgId);
  if (org?.defaultContent?.site === siteId) {
    const { defaultContent: _gone, ...rest } = org;
    ctx.store.put('organization', rest);
  }
}
