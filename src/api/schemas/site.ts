import * as z from 'zod';
import { DateTime, openEnum, resource, urlsOf } from './common.js';
import { Space } from './space.js';
import { lazy } from './lazy.js';

/* ---------- limits and enums (contract Limits and Site resources; CONTRACT-NOTES §2) ---------- */

export const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const;
export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
export const SITE_AGENTS_CONTEXTS = ['excluded', 'included'] as const;
export const SITE_ADS_STATUSES = ['pending', 'in-review', 'live', 'rejected', 'disabled'] as const;
export const SITE_ADS_TOPICS = ['webdev', 'crypto'] as const;
/** createSite `spaces`: instead of space ids, ask for a new space with sample content or an empty one. */
export const SITE_NEW_SPACE_OPTIONS = ['sample', 'empty'] as const;
export const SITE_STRUCTURE_TYPES = ['sections', 'siteSpaces'] as const;

export const SITE_TITLE = { min: 2, max: 128 } as const;
export const SITE_HOSTNAME_MAX = 512;
export const SITE_HOSTNAME_PATTERN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
export const SITE_BASENAME = { min: 1, max: 100 } as const;
export const SITE_PROXY_MAX = 512;
export const SITE_PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;
export const SITE_SECTION_TITLE = { min: 2, max: 128 } as const;
export const SITE_SECTION_DESCRIPTION_MAX = 256;
/** Path of a section or of a site space on the site. */
export const SITE_PATH = { min: 1, max: 100 } as const;
/** Adaptive-content expression of a section or site space. */
export const SITE_CONDITION = { min: 1, max: 1024 } as const;
export const ICON_MAX = 50;
export const SITE_SECTION_GROUP_TITLE = { min: 1, max: 100 } as const;

/* ---------- request pieces ---------- */

export const SiteTitleInput = lazy(() => z.string().min(SITE_TITLE.min).max(SITE_TITLE.max));
/**
 * No operation of the contract sends a hostname (it is set outside the API), so this is not part of a
 * request body; the emulator uses it to check the hostnames it stores.
 */
export const SiteHostnameInput = lazy(() => z.string().max(SITE_HOSTNAME_MAX).regex(SITE_HOSTNAME_PATTERN));
export const SiteBasenameInput = lazy(() => z.string().min(SITE_BASENAME.min).max(SITE_BASENAME.max));
export const SiteProxyInput = lazy(() => z.string().max(SITE_PROXY_MAX).regex(SITE_PROXY_PATTERN));
export const SiteSectionTitleInput = lazy(() => z.string().min(SITE_SECTION_TITLE.min).max(SITE_SECTION_TITLE.max));
export const SitePathInput = lazy(() => z.string().min(SITE_PATH.min).max(SITE_PATH.max));
export const ConditionInput = lazy(() => z.string().min(SITE_CONDITION.min).max(SITE_CONDITION.max));
export const IconInput = lazy(() => z.string().max(ICON_MAX));
export const SiteSectionGroupTitleInput = lazy(() => z.string().min(SITE_SECTION_GROUP_TITLE.min).max(SITE_SECTION_GROUP_TITLE.max));

/** `position` of the deprecated move operations: neighbours before and/or after. */
const movePosition = <T extends z.ZodType>(pointer: T) => z.strictObject({ before: pointer.optional(), after: pointer.optional() });

export const SiteSectionPosition = lazy(() => movePosition(z.strictObject({ type: z.literal('site-section'), siteSection: z.string() })));
/** A section group may be placed next to a section or another group (CONTRACT-NOTES §7.21). */
export const SiteSectionGroupPosition = lazy(() =>
  movePosition(z.strictObject({ type: z.enum(['site-section', 'site-section-group']), id: z.string() })),
);
export const SiteSpacePosition = lazy(() => movePosition(z.strictObject({ type: z.literal('site-space'), siteSpace: z.string() })));

/*
 * The visitor schema of adaptive content (`SiteAdaptiveJSONSchema`). The contract describes boolean
 * claims only; the spec also allows string (free or enumerated), number, array and nested object
 * claims. Every claim needs a `description`, and objects close themselves with
 * `additionalProperties: false`.
 */
export type AdaptiveClaim =
  | { type: 'boolean'; description: string }
  | { type: 'string'; description: string; enum?: string[] }
  | { type: 'number'; description: string }
  | { type: 'array'; description: string; items: AdaptivePrimitive }
  | { type: 'object'; description: string; properties: Record<string, AdaptiveClaim>; additionalProperties: false };
type AdaptivePrimitive = Extract<AdaptiveClaim, { type: 'boolean' | 'string' | 'number' }>;

const primitiveClaims = lazy(
  () =>
    [
      z.strictObject({ type: z.literal('boolean'), description: z.string() }),
      z.strictObject({ type: z.literal('string'), description: z.string(), enum: z.array(z.string()).optional() }),
      z.strictObject({ type: z.literal('number'), description: z.string() }),
    ] as const,
);
const AdaptivePrimitiveInput = lazy(() => z.discriminatedUnion('type', [...primitiveClaims]));

export const AdaptiveClaimInput: z.ZodType<AdaptiveClaim, AdaptiveClaim> = lazy(() =>
  z.lazy(() =>
    z.discriminatedUnion('type', [
      ...primitiveClaims,
      z.strictObject({ type: z.literal('array'), description: z.string(), items: AdaptivePrimitiveInput }),
      z.strictObject({
        type: z.literal('object'),
        description: z.string(),
        properties: z.record(z.string(), AdaptiveClaimInput),
        additionalProperties: z.literal(false),
      }),
    ]),
  ),
);

export const UNSIGNED_CLAIMS_DESCRIPTION = 'Unsigned claims of the site visitor.';

export const SiteAdaptiveJsonSchemaInput = lazy(() =>
  z.strictObject({
    $schema: z.literal('http://json-schema.org/draft-07/schema#').optional(),
    type: z.literal('object'),
    properties: z
      .object({
        unsigned: z
          .strictObject({
            type: z.literal('object'),
            description: z.literal(UNSIGNED_CLAIMS_DESCRIPTION),
            properties: z.record(z.string(), AdaptiveClaimInput),
            additionalProperties: z.literal(false),
          })
          .optional(),
      })
      .catchall(AdaptiveClaimInput),
    additionalProperties: z.literal(false),
  }),
);
export type SiteAdaptiveJsonSchemaInput = z.input<typeof SiteAdaptiveJsonSchemaInput>;

/* ---------- responses ---------- */

export const SiteSpace = resource(() => ({
  path: z.string(),
  section: z.string().optional(),
  space: Space,
  title: z.string(),
  default: z.boolean().optional(),
  condition: z.string().optional(),
  hasAdvancedCustomizationFeature: z.boolean().optional(),
  urls: urlsOf(['published']).optional(),
}));
export type SiteSpace = z.infer<typeof SiteSpace>;

export const SiteSection = resource(() => ({
  title: z.string(),
  description: z.string().optional(),
  default: z.boolean().optional(),
  path: z.string(),
  condition: z.string().optional(),
  sectionGroup: z.string().optional(),
  icon: z.string().optional(),
  siteSpaces: z.array(SiteSpace).optional(),
  urls: urlsOf(['published']).optional(),
}));
export type SiteSection = z.infer<typeof SiteSection>;

export const SiteSectionGroup = resource(() => ({
  title: z.string(),
  icon: z.string().optional(),
  sections: z.array(SiteSection).optional(),
}));
export type SiteSectionGroup = z.infer<typeof SiteSectionGroup>;

export const SiteFeature = lazy(() =>
  z.looseObject({
    id: z.string(),
    plan: openEnum(SITE_TYPES).optional(),
    frozen: z.boolean().optional(),
    customizations: z.array(z.string()).optional(),
  }),
);

export const Site = resource(() => ({
  type: openEnum(SITE_TYPES).optional(),
  title: z.string(),
  /** `{icon: {light, dark}}`, `{emoji}`, `{}` or null (a string is tolerated: the contract mentions one). */
  icon: z.union([z.looseObject({}), z.string(), z.null()]).optional(),
  hostname: z.string().optional(),
  basename: z.string().optional(),
  proxy: z.looseObject({ origin: z.string().optional(), target: z.string().optional() }).optional(),
  visibility: openEnum(SITE_VISIBILITIES),
  published: z.boolean(),
  siteSpaces: z.number().optional(),
  createdAt: DateTime.optional(),
  adaptiveContent: z.looseObject({ enabled: z.boolean().optional() }).optional(),
  /** One shape for the spec's four variants: which fields appear depends on `status`. */
  ads: z
    .looseObject({
      status: openEnum(SITE_ADS_STATUSES),
      submittable: z.boolean().optional(),
      topic: openEnum(SITE_ADS_TOPICS).optional(),
      zoneId: z.string().optional(),
      reason: z.string().optional(),
    })
    .optional(),
  agentsContext: openEnum(SITE_AGENTS_CONTEXTS).optional(),
  features: z.array(SiteFeature).optional(),
  urls: urlsOf(['location', 'app', 'published']).optional(),
}));
export type Site = z.infer<typeof Site>;

export const SiteAdaptiveSchema = lazy(() =>
  z.looseObject({
    object: z.string().optional(),
    jsonSchema: z.looseObject({}),
    updatedAt: DateTime.optional(),
  }),
);
export type SiteAdaptiveSchema = z.infer<typeof SiteAdaptiveSchema>;

/** A condition suggested from the visitor schema, usable in adaptive-content expressions. */
export const TemplateCondition = lazy(() =>
  z.looseObject({
    description: z.string().optional(),
    condition: z.string(),
  }),
);
export type TemplateCondition = z.infer<typeof TemplateCondition>;

export const TemplateConditionList = lazy(() => z.looseObject({ items: z.array(TemplateCondition) }));

/**
 * `structure` lists sections and section groups (`type: sections`) or site spaces (`type: siteSpaces`);
 * items are kept whole whichever branch matches, and `object` tells them apart.
 */
export const SiteStructure = lazy(() =>
  z.looseObject({
    type: openEnum(SITE_STRUCTURE_TYPES),
    structure: z.array(z.union([SiteSection, SiteSectionGroup, SiteSpace])),
  }),
);

export const PublishedSite = lazy(() =>
  z.looseObject({
    object: z.string().optional(),
    site: Site,
    structure: SiteStructure,
    customizations: z.looseObject({}).optional(),
    scripts: z
      .array(z.looseObject({ script: z.string(), contentSecurityPolicy: z.string().optional(), cookies: z.boolean().optional() }))
      .optional(),
  }),
);
export type PublishedSite = z.infer<typeof PublishedSite>;
