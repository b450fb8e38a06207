import * as z from 'zod';
import { defineList, defineOperation } from '../operation.js';
import { RoleOrGuest } from '../schemas/common.js';
import { SAML_CERTIFICATE_MAX, SAML_ENTITY_ID_MAX, SAML_LABEL, SAML_SSO_URL_MAX, SamlProvider, SsoLoginInfoList } from '../schemas/sso.js';
import { lazy } from '../schemas/lazy.js';

const base = '/v1/orgs/{organizationId}' as const;

const samlFields = {
  label: z.string().min(SAML_LABEL.min).max(SAML_LABEL.max),
  entityID: z.string().max(SAML_ENTITY_ID_MAX).optional(),
  certificate: z.string().max(SAML_CERTIFICATE_MAX).optional(),
  ssoURL: z.url().max(SAML_SSO_URL_MAX).optional(),
  /** Id of the team new SSO members join. */
  defaultTeam: z.string().optional(),
  /** null: new SSO members join as guests. */
  defaultRole: RoleOrGuest.optional(),
};

export const sso = {
  list: defineList({
    id: 'listSAMLProvidersInOrganizationById',
    path: `${base}/saml`,
    summary: 'List the SAML providers of an organization',
    item: SamlProvider,
  }),
  create: defineOperation({
    id: 'createOrganizationSAMLProvider',
    method: 'POST',
    path: `${base}/saml`,
    summary: 'Create a SAML provider',
    body: lazy(() => z.strictObject(samlFields)),
    bodyRequired: true,
    success: [201],
    response: SamlProvider,
  }),
  get: defineOperation({
    id: 'getOrganizationSAMLProviderById',
    method: 'GET',
    path: `${base}/saml/{samlProviderId}`,
    summary: 'Get a SAML provider',
    response: SamlProvider,
  }),
  delete: defineOperation({
    id: 'deleteOrganizationSAMLProvider',
    method: 'DELETE',
    path: `${base}/saml/{samlProviderId}`,
    summary: 'Delete a SAML provider',
  }),
  update: defineOperation({
    id: 'updateOrganizationSAMLProvider',
    method: 'PATCH',
    path: `${base}/saml/{samlProviderId}`,
    summary: 'Edit a SAML provider',
    body: lazy(() => z.strictObject({ ...samlFields, label: samlFields.label.optional() })),
    bodyRequired: true,
    response: SamlProvider,
  }),
  listLogins: defineOperation({
    id: 'listSSOProviderLoginsInOrganization',
    method: 'GET',
    path: `${base}/sso`,
    summary: 'List how members sign in through the SSO providers of an organization',
    response: SsoLoginInfoList,
  }),
} as const;
