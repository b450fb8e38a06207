import * as z from 'zod';
import { DateTime, openEnum, urlsOf, User } from './common.js';
import { lazy } from './lazy.js';

export const CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived', 'merged'] as const;
/** Statuses a PATCH may set: `merged` is reached only through the merge operation. */
export const SETTABLE_CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived'] as const;
export const CHANGE_REQUEST_SUBJECT_MAX = 100;

export const ChangeRequest = lazy(() =>
  z.looseObject({
    object: z.literal('change-request').or(z.string()).optional(),
    id: z.string(),
    number: z.number(),
    status: openEnum(CHANGE_REQUEST_STATUSES),
    subject: z.string(),
    createdBy: User.optional(),
    createdAt: DateTime,
    updatedAt: DateTime,
    revision: z.string(),
    revisionInitial: z.string(),
    revisionMergedAncestor: z.string().optional(),
    revisionMerged: z.string().optional(),
    comments: z.number(),
    outdated: z.boolean(),
    urls: urlsOf(['app', 'location']).optional(),
  }),
);
export type ChangeRequest = z.infer<typeof ChangeRequest>;

/** Result of merge (`merge`) and update-from-main (`update`); `conflicts` when a page changed on both sides. */
export const MergeResult = lazy(() =>
  z.looseObject({
    revision: z.string(),
    result: openEnum(['merge', 'update', 'conflicts']),
  }),
);
export type MergeResult = z.infer<typeof MergeResult>;

export const ChangeRequestPdf = lazy(() => z.looseObject({ url: z.string() }));

export { changeRequestLabel } from '../labels.js';
