import * as z from 'zod';
import { defineList, defineOperation } from '../operation.js';
import { qBool } from '../schemas/common.js';
import { ConditionInput, SitePathInput, SiteSpace, SiteSpacePosition } from '../schemas/site.js';
import { lazy } from '../schemas/lazy.js';

const base = '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces' as const;

export const siteSpaces = {
  list: defineList({
    id: 'listSiteSpaces',
    path: base,
    summary: 'List the site spaces of a site',
    filters: () => ({
      shareKey: z.string().optional(),
      /** true: only the default site space; false: only the others; absent: all. */
      default: qBool().optional(),
    }),
    item: SiteSpace,
  }),
  add: defineOperation({
    id: 'addSpaceToSite',
    method: 'POST',
    path: base,
    summary: 'Add a space to a site (to the default section, or the root level, unless a section is given)',
    body: lazy(() => z.strictObject({ spaceId: z.string(), sectionId: z.string().optional() })),
    bodyRequired: true,
    success: [201],
    response: SiteSpace,
  }),
  delete: defineOperation({
    id: 'deleteSiteSpaceById',
    method: 'DELETE',
    path: `${base}/{siteSpaceId}`,
    summary: 'Remove a space from a site',
  }),
  update: defineOperation({
    id: 'updateSiteSpaceById',
    method: 'PATCH',
    path: `${base}/{siteSpaceId}`,
    summary: 'Edit the path, condition or space of a site space',
    body: lazy(() =>
      z.strictObject({
        path: SitePathInput.optional(),
        /** Absent leaves it unchanged, null removes it. */
        condition: ConditionInput.nullable().optional(),
        spaceId: z.string().optional(),
      }),
    ),
    bodyRequired: true,
    response: SiteSpace,
  }),
  move: defineOperation({
    id: 'moveSiteSpace',
    method: 'POST',
    idempotent: true,
    path: `${base}/{siteSpaceId}/move`,
    summary: 'Move a site space before or after another one (deprecated by the service)',
    body: lazy(() => z.strictObject({ position: SiteSpacePosition.optional() })),
    success: [200],
    response: SiteSpace,
  }),
} as const;
