import * as z from 'zod';
import { defineList, defineOperation } from '../operation.js';
import { RoleOrGuest } from '../schemas/common.js';
import {
  ORGANIZATION_LOGO_URL_MAX,
  Organization,
  OrganizationHostnameInput,
  OrganizationsByEmailDomain,
  OrganizationTitleInput,
  SitePointerInput,
} from '../schemas/organization.js';
import { SearchOrgItem, SearchQuery } from '../schemas/search.js';
import { lazy } from '../schemas/lazy.js';

const base = '/v1/orgs' as const;

export const organizations = {
  list: defineList({
    id: 'listOrganizationsForAuthenticatedUser',
    path: base,
    summary: 'List the organizations of the authenticated user',
    item: Organization,
  }),
  get: defineOperation({
    id: 'getOrganizationById',
    method: 'GET',
    path: `${base}/{organizationId}`,
    summary: 'Get an organization',
    response: Organization,
  }),
  update: defineOperation({
    id: 'updateOrganizationById',
    method: 'PATCH',
    path: `${base}/{organizationId}`,
    summary: 'Edit the settings of an organization',
    body: lazy(() =>
      z.strictObject({
        title: OrganizationTitleInput.optional(),
        emailDomains: z.array(z.string()).optional(),
        hostname: OrganizationHostnameInput.optional(),
        /** null: new members join as guests. */
        defaultRole: RoleOrGuest.optional(),
        /** null removes the default content. */
        defaultContent: SitePointerInput.nullable().optional(),
        /** null removes the logo. */
        logo: z.url().max(ORGANIZATION_LOGO_URL_MAX).nullable().optional(),
        sso: z.boolean().optional(),
        ai: z.boolean().optional(),
        inviteLinks: z.boolean().optional(),
      }),
    ),
    bodyRequired: true,
    response: Organization,
  }),
  deleteInvite: defineOperation({
    id: 'deleteOrganizationInviteById',
    method: 'DELETE',
    path: `${base}/{organizationId}/link-invites/{inviteId}`,
    summary: 'Delete an invite link of an organization',
  }),
  search: defineList({
    id: 'searchOrganizationContent',
    path: `${base}/{organizationId}/search`,
    summary: 'Search the content of every space of an organization',
    query: SearchQuery,
    item: SearchOrgItem,
  }),
  listByEmailDomain: defineOperation({
    id: 'getOrganizationsForEmailDomain',
    method: 'GET',
    path: '/v1/email-domains/{emailDomain}/orgs',
    summary: 'List the organizations members of an e-mail domain can join',
    response: OrganizationsByEmailDomain,
  }),
} as const;
