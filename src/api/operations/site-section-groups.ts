import * as z from 'zod';
import { defineList, defineOperation } from '../operation.js';
import { IconInput, SiteSectionGroup, SiteSectionGroupPosition, SiteSectionGroupTitleInput } from '../schemas/site.js';
import { lazy } from '../schemas/lazy.js';

const base = '/v1/orgs/{organizationId}/sites/{siteId}/section-groups' as const;

export const siteSectionGroups = {
  list: defineList({
    id: 'listSiteSectionGroups',
    path: base,
    summary: 'List the section groups of a site',
    item: SiteSectionGroup,
  }),
  create: defineOperation({
    id: 'addSectionGroupToSite',
    method: 'POST',
    path: base,
    summary: 'Create a section group in a site',
    body: lazy(() =>
      z.strictObject({
        title: SiteSectionGroupTitleInput,
        icon: IconInput.nullable().optional(),
        /** Ids of the sections to put in the group. */
        sections: z.array(z.string()).optional(),
      }),
    ),
    bodyRequired: true,
    success: [201],
    response: SiteSectionGroup,
  }),
  delete: defineOperation({
    id: 'deleteSiteSectionGroupById',
    method: 'DELETE',
    path: `${base}/{siteSectionGroupId}`,
    summary: 'Delete a section group',
  }),
  update: defineOperation({
    id: 'updateSiteSectionGroupById',
    method: 'PATCH',
    path: `${base}/{siteSectionGroupId}`,
    summary: 'Edit the title or icon of a section group',
    body: lazy(() =>
      z.strictObject({
        title: SiteSectionGroupTitleInput.optional(),
        icon: IconInput.nullable().optional(),
      }),
    ),
    bodyRequired: true,
    response: SiteSectionGroup,
  }),
  addSection: defineOperation({
    id: 'addSectionToGroup',
    method: 'POST',
    path: `${base}/{siteSectionGroupId}/sections`,
    summary: 'Add a section to a section group',
    body: lazy(() => z.strictObject({ sectionId: z.string() })),
    bodyRequired: true,
    success: [201],
    response: SiteSectionGroup,
  }),
  removeSection: defineOperation({
    id: 'removeSectionFromGroup',
    method: 'DELETE',
    path: `${base}/{siteSectionGroupId}/sections/{siteSectionId}`,
    summary: 'Remove a section from a section group',
  }),
  move: defineOperation({
    id: 'moveSiteSectionGroup',
    method: 'POST',
    idempotent: true,
    path: `${base}/{siteSectionGroupId}/move`,
    summary: 'Move a section group before or after a section or group (deprecated by the service)',
    body: lazy(() => z.strictObject({ position: SiteSectionGroupPosition.optional() })),
    success: [200],
    response: SiteSectionGroup,
  }),
} as const;
