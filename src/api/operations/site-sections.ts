import * as z from 'zod';
import { defineList, defineOperation } from '../operation.js';
import {
  ConditionInput,
  IconInput,
  SITE_SECTION_DESCRIPTION_MAX,
  SitePathInput,
  SiteSection,
  SiteSectionPosition,
  SiteSectionTitleInput,
} from '../schemas/site.js';
import { lazy } from '../schemas/lazy.js';

const base = '/v1/orgs/{organizationId}/sites/{siteId}/sections' as const;

export const siteSections = {
  list: defineList({
    id: 'listSiteSections',
    path: base,
    summary: 'List the sections of a site',
    filters: () => ({ shareKey: z.string().optional() }),
    item: SiteSection,
  }),
  add: defineOperation({
    id: 'addSectionToSite',
    method: 'POST',
    path: base,
    summary: 'Add a section to a site, with a space as its first variant',
    body: lazy(() =>
      z.strictObject({
        spaceId: z.string(),
        title: SiteSectionTitleInput.nullable().optional(),
        icon: IconInput.nullable().optional(),
      }),
    ),
    bodyRequired: true,
    success: [201],
    response: SiteSection,
  }),
  delete: defineOperation({
    id: 'deleteSiteSectionById',
    method: 'DELETE',
    path: `${base}/{siteSectionId}`,
    summary: 'Delete a section of a site',
  }),
  update: defineOperation({
    id: 'updateSiteSectionById',
    method: 'PATCH',
    path: `${base}/{siteSectionId}`,
    summary: 'Edit the title, path, default site space, condition, icon or description of a section',
    body: lazy(() =>
      z.strictObject({
        title: SiteSectionTitleInput.optional(),
        path: SitePathInput.optional(),
        defaultSiteSpace: z.string().optional(),
        /** Absent leaves it unchanged, null removes it. */
        condition: ConditionInput.nullable().optional(),
        icon: IconInput.nullable().optional(),
        description: z.string().max(SITE_SECTION_DESCRIPTION_MAX).nullable().optional(),
      }),
    ),
    bodyRequired: true,
    response: SiteSection,
  }),
  move: defineOperation({
    id: 'moveSiteSection',
    method: 'POST',
    idempotent: true,
    path: `${base}/{siteSectionId}/move`,
    summary: 'Move a section before or after another one (deprecated by the service)',
    body: lazy(() => z.strictObject({ position: SiteSectionPosition.optional() })),
    success: [200],
    response: SiteSection,
  }),
} as const;
