import * as z from 'zod';
import { DateTime, openEnum, permissions, resource, TRANSLATION_LANGUAGES, urlsOf } from './common.js';
import { JSONDocument } from './comment.js';
import { lazy } from './lazy.js';

export const TRANSLATION_STATUSES = ['pending', 'running', 'completed'] as const;

/* ---------- request pieces ---------- */

export const TranslationLanguageInput = lazy(() => z.enum(TRANSLATION_LANGUAGES));
/** The space to translate and the language it is written in. */
export const TranslationSourceInput = lazy(() => z.strictObject({ space: z.string(), language: TranslationLanguageInput }));

/* ---------- responses ---------- */

export const Translation = resource(() => ({
  status: openEnum(TRANSLATION_STATUSES),
  source: z.looseObject({ space: z.string().optional(), language: openEnum(TRANSLATION_LANGUAGES).optional() }).optional(),
  language: openEnum(TRANSLATION_LANGUAGES),
  instructions: JSONDocument.optional(),
  /** The translated space and the revision the last run produced. */
  result: z.looseObject({ space: z.string().optional(), revision: z.string().optional() }).optional(),
  createdAt: DateTime.optional(),
  updatedAt: DateTime.optional(),
  stats: z
    .looseObject({
      runs: z.number().optional(),
      totalWords: z.number().optional(),
      totalPages: z.number().optional(),
      totalDuration: z.number().optional(),
      latestRunDuration: z.number().optional(),
      latestPages: z.number().optional(),
      latestWords: z.number().optional(),
    })
    .optional(),
  permissions: permissions(['view', 'edit']).optional(),
  urls: urlsOf(['location']).optional(),
}));
export type Translation = z.infer<typeof Translation>;
