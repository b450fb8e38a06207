import * as z from 'zod';
import { openEnum, permissions, resource, urlsOf } from './common.js';
import { ContentPosition, DEFAULT_LEVELS, DefaultLevelInput } from './space.js';
import { lazy } from './lazy.js';

/* ---------- limits (spec `CollectionTitle`, `CollectionDescription`; CONTRACT-NOTES §7.19) ---------- */

export const COLLECTION_TITLE_MAX = 50;
export const COLLECTION_DESCRIPTION_MAX = 100;
export const COLLECTION_PERMISSIONS = ['view', 'admin', 'viewInviteLinks', 'create'] as const;

/* ---------- request pieces ---------- */

export const CollectionTitleInput = lazy(() => z.string().max(COLLECTION_TITLE_MAX));
export const CollectionDescriptionInput = lazy(() => z.string().max(COLLECTION_DESCRIPTION_MAX));

export const UpdateCollectionBody = lazy(() =>
  z.strictObject({
    title: CollectionTitleInput.optional(),
    description: CollectionDescriptionInput.optional(),
    /** The contract says a role; the spec also takes null (guest) and `inherit`. */
    defaultLevel: DefaultLevelInput.optional(),
  }),
);

/** `parent` (collection id, null for the top level) and/or `position` among the neighbours. */
export const MoveCollectionBody = lazy(() =>
  z.strictObject({ parent: z.string().nullable().optional(), position: ContentPosition.optional() }).superRefine((body, ctx) => {
    if (body.parent === undefined && body.position === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'must have at least 1 property (parent or position)' });
    }
  }),
);

/* ---------- responses ---------- */

export const Collection = resource(() => ({
  title: z.string(),
  description: z.string().optional(),
  organization: z.string().optional(),
  parent: z.string().optional(),
  /** A role, `inherit`, or null for guest access. */
  defaultLevel: openEnum(DEFAULT_LEVELS).nullable().optional(),
  urls: urlsOf(['location', 'app']).optional(),
  permissions: permissions(COLLECTION_PERMISSIONS).optional(),
}));
export type Collection = z.infer<typeof Collection>;
