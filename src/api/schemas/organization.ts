import * as z from 'zod';
import { DateTime, openEnum, permissions, resource, ROLES, urlsOf } from './common.js';
import { lazy } from './lazy.js';

/* ---------- limits and enums (contract Limits and Organization resource; CONTRACT-NOTES §2) ---------- */

export const ORGANIZATION_TITLE = { min: 2, max: 255 } as const;
export const ORGANIZATION_HOSTNAME = { min: 3, max: 32 } as const;
export const ORGANIZATION_LOGO_URL_MAX = 2048;

export const ORGANIZATION_TYPES = ['business', 'community'] as const;
export const ORGANIZATION_PLANS = [
  'free_2024',
  'plus_2024',
  'pro_2024',
  'enterprise_2024',
  'community_2024',
  'free',
  'plus',
  'pro',
  'internal',
] as const;
export const ORGANIZATION_USE_CASES = [
  'internalDocs',
  'docsSite',
  'audienceControlledSite',
  'productDocs',
  'teamKnowledgeBase',
  'designSystem',
  'openSourceDocs',
  'notes',
  'other',
] as const;
export const ORGANIZATION_COMMUNITY_TYPES = ['nonProfit', 'openSource', 'education'] as const;
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export const TRIAL_STATUSES = ['notapplicable', 'none', 'active', 'ended', 'expired'] as const;
export const ORGANIZATION_PERMISSIONS = [
  'view',
  'admin',
  'ownTeam',
  'createContent',
  'createOpenAPISpec',
  'ingestConversations',
  'viewBilling',
  'listMembers',
  'listTeams',
  'listIntegrations',
  'listInstallations',
  'installIntegration',
] as const;

/* ---------- request pieces ---------- */

export const OrganizationTitleInput = lazy(() => z.string().min(ORGANIZATION_TITLE.min).max(ORGANIZATION_TITLE.max));
export const OrganizationHostnameInput = lazy(() => z.string().min(ORGANIZATION_HOSTNAME.min).max(ORGANIZATION_HOSTNAME.max));
/** The only kind of default content is a site. */
export const SitePointerInput = lazy(() => z.strictObject({ type: z.literal('site'), site: z.string() }));

/* ---------- responses ---------- */

export const Organization = resource(() => ({
  title: z.string(),
  createdAt: DateTime.optional(),
  emailDomains: z.array(z.string()).optional(),
  hostname: z.string().optional(),
  type: openEnum(ORGANIZATION_TYPES).optional(),
  useCase: openEnum(ORGANIZATION_USE_CASES).optional(),
  communityType: openEnum(ORGANIZATION_COMMUNITY_TYPES).optional(),
  /** null: new members join as guests. */
  defaultRole: openEnum(ROLES).nullable().optional(),
  defaultContent: z.looseObject({ type: z.string(), site: z.string().optional() }).nullable().optional(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean().optional(),
  plan: openEnum(ORGANIZATION_PLANS).optional(),
  billing: z
    .looseObject({
      interval: openEnum(BILLING_INTERVALS).optional(),
      endDate: DateTime.nullable().optional(),
      hasPaymentFailed: z.boolean().optional(),
      isScheduledToCancel: z.boolean().optional(),
      pricing: z.looseObject({}).optional(),
      usageAddons: z.record(z.string(), z.looseObject({ enabled: z.boolean().optional() })).optional(),
    })
    .optional(),
  urls: urlsOf(['location', 'app', 'logo']).optional(),
  trial: z
    .looseObject({ status: openEnum(TRIAL_STATUSES), endDate: DateTime.optional(), decision: openEnum(['downgrade']).optional() })
    .optional(),
  customHostname: z.string().optional(),
  blocked: z.looseObject({ reason: openEnum(['security']) }).optional(),
  internal_billingMigration: z
    .looseObject({ deadline: DateTime.optional(), discountPercent: z.number().optional(), discountEndDate: DateTime.optional() })
    .optional(),
  /** Deprecated, always true. */
  internal_isOnNewTrial: z.boolean().optional(),
  permissions: permissions(ORGANIZATION_PERMISSIONS).optional(),
}));
export type Organization = z.infer<typeof Organization>;

export const OrganizationsByEmailDomain = lazy(() => z.looseObject({ organizations: z.array(Organization) }));
