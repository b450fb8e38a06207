import * as z from 'zod';
import { DateTime, openEnum, resource, ROLES, urlsOf } from './common.js';
import { Team } from './member.js';
import { lazy } from './lazy.js';

/* ---------- limits and enums (contract Limits and SAML provider resource; CONTRACT-NOTES §2) ---------- */

export const SAML_LABEL = { min: 1, max: 30 } as const;
export const SAML_ENTITY_ID_MAX = 1024;
export const SAML_CERTIFICATE_MAX = 10000;
export const SAML_SSO_URL_MAX = 2048;
export const SAML_PROVIDER_STATUSES = ['active', 'pending'] as const;

/* ---------- responses ---------- */

export const SamlProvider = resource(() => ({
  label: z.string(),
  ssoURL: z.string().optional(),
  entityID: z.string().optional(),
  certificate: z.string().optional(),
  /** The team new SSO members join (a Team; a bare id is tolerated). */
  defaultTeam: z.union([Team, z.string()]).optional(),
  /** null: new SSO members join as guests. */
  defaultRole: openEnum(ROLES).nullable().optional(),
  createdAt: DateTime.optional(),
  status: openEnum(SAML_PROVIDER_STATUSES).optional(),
  service: z.looseObject({ acsURL: z.string().optional(), startURL: z.string().optional(), entityID: z.string().optional() }).optional(),
  urls: urlsOf(['location']).optional(),
}));
export type SamlProvider = z.infer<typeof SamlProvider>;

/** How members of an organization sign in with one of its SSO providers. */
export const SsoLoginInfo = lazy(() =>
  z.looseObject({
    id: z.string(),
    label: z.string(),
    startURL: z.string(),
  }),
);
export type SsoLoginInfo = z.infer<typeof SsoLoginInfo>;

export const SsoLoginInfoList = lazy(() => z.looseObject({ items: z.array(SsoLoginInfo) }));
