import * as z from 'zod';
import { DateTime, openEnum, permissions, resource, ROLES, TRANSLATION_LANGUAGES, urlsOf } from './common.js';
import { lazy } from './lazy.js';

/* ---------- limits and enums (contract Limits; CONTRACT-NOTES §2, §3.3) ---------- */

export const SPACE_TITLE_MAX = 50;
export const EMOJI_MAX = 50;
export const URL_MAX = 2048;

export const SPACE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const;
export const SPACE_EDIT_MODES = ['live', 'locked'] as const;
export const GIT_SYNC_PROVIDERS = ['github', 'gitlab', 'github-legacy'] as const;
export const VISITOR_AUTH_BACKENDS = ['custom', 'integration'] as const;
/** `DefaultLevel`: a role, `null` (guest) or `inherit` (from the parent collection). */
export const DEFAULT_LEVELS = [...ROLES, 'inherit'] as const;

export const SPACE_PERMISSIONS = [
  'view',
  'access',
  'admin',
  'viewInviteLinks',
  'edit',
  'triggerGitSync',
  'comment',
  'merge',
  'review',
  'installIntegration',
] as const;

/* ---------- request pieces ---------- */

/** A default level in a request body; one enum so a bad value lists every allowed one. */
export const DefaultLevelInput = lazy(() => z.enum(DEFAULT_LEVELS).nullable());

/** A URL in a request body (`URL` in the spec: URI, at most 2048 characters). */
export const UrlInput = lazy(() => z.url().max(URL_MAX));

export const SpacePointer = lazy(() => z.strictObject({ type: z.literal('space'), space: z.string() }));
export const CollectionPointer = lazy(() => z.strictObject({ type: z.literal('collection'), collection: z.string() }));
/** Neighbour of a moved space or collection: another space or a collection. */
export const ContentPointer = lazy(() => z.discriminatedUnion('type', [SpacePointer, CollectionPointer]));
/** Where a space or collection is moved to; by default at the end. */
export const ContentPosition = lazy(() => z.strictObject({ before: ContentPointer.optional(), after: ContentPointer.optional() }));
export type ContentPosition = z.infer<typeof ContentPosition>;

/**
 * PATCH /v1/spaces/{spaceId}. The spec's `allOf` + `oneOf` (emoji | icon | removal with nulls)
 * comes down to: `emoji` is an emoji or null, `icon` a URL or null, and they are not both set.
 * One object (rather than a union) keeps error messages on the field that is wrong.
 */
export const UpdateSpaceBody = lazy(() =>
  z
    .strictObject({
      editMode: z.enum(SPACE_EDIT_MODES).optional(),
      title: z.string().max(SPACE_TITLE_MAX).optional(),
      defaultLevel: DefaultLevelInput.optional(),
      language: z.enum(TRANSLATION_LANGUAGES).optional(),
      emoji: z.string().max(EMOJI_MAX).nullable().optional(),
      icon: UrlInput.nullable().optional(),
    })
    .superRefine((body, ctx) => {
      if (typeof body.emoji === 'string' && typeof body.icon === 'string') {
        ctx.addIssue({ code: 'custom', path: ['icon'], message: 'cannot be set together with emoji (set one, or null to remove)' });
      }
    }),
);
export type UpdateSpaceBody = z.input<typeof UpdateSpaceBody>;

/** POST /v1/spaces/{spaceId}/move: `parent` (collection id, null for the top level) and/or `position`. */
export const MoveSpaceBody = lazy(() =>
  z.strictObject({ parent: z.string().nullable().optional(), position: ContentPosition.optional() }).superRefine((body, ctx) => {
    if (Object.values(body).every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'must have at least 1 property (parent or position)' });
    }
  }),
);
export type MoveSpaceBody = z.input<typeof MoveSpaceBody>;

export const TransferSpaceBody = lazy(() => z.strictObject({ organization: z.string() }));
export type TransferSpaceBody = z.input<typeof TransferSpaceBody>;

/* ---------- responses ---------- */

/** Git Sync state of a space (`GitSyncState`; also the answer of GET .../git/info). */
export const GitSyncState = lazy(() =>
  z.looseObject({
    repoName: z.string().optional(),
    installationProvider: openEnum(GIT_SYNC_PROVIDERS).optional(),
    integration: z.string().optional(),
    url: z.string().optional(),
    updatedAt: DateTime.optional(),
  }),
);
export type GitSyncState = z.infer<typeof GitSyncState>;

/** `{backend: "custom"}` or `{backend: "integration", integration}`. */
export const VisitorAuth = lazy(() =>
  z.looseObject({
    backend: openEnum(VISITOR_AUTH_BACKENDS),
    integration: z.string().optional(),
  }),
);
export type VisitorAuth = z.infer<typeof VisitorAuth>;

export const SpacePermissions = lazy(() => permissions(SPACE_PERMISSIONS));

export const Space = resource(() => ({
  title: z.string(),
  emoji: z.string().optional(),
  visibility: openEnum(SPACE_VISIBILITIES),
  createdAt: DateTime,
  updatedAt: DateTime,
  deletedAt: DateTime.optional(),
  editMode: openEnum(SPACE_EDIT_MODES).optional(),
  urls: urlsOf(['location', 'app', 'published', 'public', 'icon']).optional(),
  organization: z.string(),
  parent: z.string().optional(),
  language: openEnum(TRANSLATION_LANGUAGES).optional(),
  gitSync: GitSyncState.optional(),
  visitorAuth: VisitorAuth.optional(),
  revision: z.string().optional(),
  /** A role, `inherit`, or null for guest access. */
  defaultLevel: openEnum(DEFAULT_LEVELS).nullable().optional(),
  comments: z.number().optional(),
  changeRequests: z.number().optional(),
  changeRequestsOpen: z.number().optional(),
  changeRequestsDraft: z.number().optional(),
  permissions: SpacePermissions.optional(),
}));
export type Space = z.infer<typeof Space>;
