import * as z from 'zod';
import { defineList, defineOperation } from '../operation.js';
import { qArray, qBool } from '../schemas/common.js';
import {
  PublishedSite,
  Site,
  SITE_AGENTS_CONTEXTS,
  SITE_NEW_SPACE_OPTIONS,
  SITE_TYPES,
  SITE_VISIBILITIES,
  SiteAdaptiveJsonSchemaInput,
  SiteAdaptiveSchema,
  SiteBasenameInput,
  SiteProxyInput,
  SiteTitleInput,
  TemplateConditionList,
} from '../schemas/site.js';
import { lazy } from '../schemas/lazy.js';

const base = '/v1/orgs/{organizationId}/sites' as const;

export const sites = {
  list: defineList({
    id: 'listSites',
    path: base,
    summary: 'List the sites of an organization',
    filters: () => ({
      space: z.string().optional(),
      title: z.string().optional(),
      published: qBool().optional(),
      // Not in the contract; the spec's filter by site type (CONTRACT-NOTES §3.1).
      type: qArray(z.enum(SITE_TYPES)).optional(),
    }),
    item: Site,
  }),
  create: defineOperation({
    id: 'createSite',
    method: 'POST',
    path: base,
    summary: 'Create a site',
    body: lazy(() =>
      z.strictObject({
        type: z.enum(SITE_TYPES).optional(),
        title: SiteTitleInput.optional(),
        visibility: z.enum(SITE_VISIBILITIES).optional(),
        /** Space ids to add, or `sample` / `empty` to create a new space. */
        spaces: z.union([z.array(z.string()), z.enum(SITE_NEW_SPACE_OPTIONS)]).optional(),
      }),
    ),
    success: [201],
    response: Site,
  }),
  get: defineOperation({
    id: 'getSiteById',
    method: 'GET',
    path: `${base}/{siteId}`,
    summary: 'Get a site',
    response: Site,
  }),
  delete: defineOperation({
    id: 'deleteSiteById',
    method: 'DELETE',
    path: `${base}/{siteId}`,
    summary: 'Delete a site',
  }),
  update: defineOperation({
    id: 'updateSiteById',
    method: 'PATCH',
    path: `${base}/{siteId}`,
    summary: 'Edit the title, visibility, basename, agent context, defaults, adaptive content or proxy of a site',
    body: lazy(() =>
      z.strictObject({
        title: SiteTitleInput.optional(),
        visibility: z.enum(SITE_VISIBILITIES).optional(),
        basename: SiteBasenameInput.optional(),
        agentsContext: z.enum(SITE_AGENTS_CONTEXTS).optional(),
        defaultSiteSpace: z.string().optional(),
        defaultSiteSection: z.string().optional(),
        adaptiveContent: z.strictObject({ enabled: z.boolean() }).optional(),
        /** Proxy URL (domain with a sub-path); null removes the proxy. */
        proxy: SiteProxyInput.nullable().optional(),
      }),
    ),
    bodyRequired: true,
    response: Site,
  }),
  getAdaptiveSchema: defineOperation({
    id: 'getSiteAdaptiveSchema',
    method: 'GET',
    path: `${base}/{siteId}/adaptive-schema`,
    summary: 'Get the visitor schema of adaptive content',
    response: SiteAdaptiveSchema,
  }),
  updateAdaptiveSchema: defineOperation({
    id: 'updateSiteAdaptiveSchema',
    method: 'PUT',
    path: `${base}/{siteId}/adaptive-schema`,
    summary: 'Set the visitor schema of adaptive content',
    body: lazy(() => z.strictObject({ jsonSchema: SiteAdaptiveJsonSchemaInput })),
    bodyRequired: true,
    success: [200],
    response: SiteAdaptiveSchema,
  }),
  listAdaptiveTemplateConditions: defineOperation({
    id: 'listSiteAdaptiveTemplateConditions',
    method: 'GET',
    path: `${base}/{siteId}/adaptive-schema/template-conditions`,
    summary: 'List the conditions suggested by the visitor schema',
    response: TemplateConditionList,
  }),
  getPublished: defineOperation({
    id: 'getPublishedContentSite',
    method: 'GET',
    path: `${base}/{siteId}/published`,
    summary: 'Get the published structure of a site',
    query: lazy(() => z.strictObject({ shareKey: z.string().optional() })),
    response: PublishedSite,
  }),
} as const;
