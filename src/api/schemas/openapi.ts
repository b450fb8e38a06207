import * as z from 'zod';
import { DateTime, openEnum, permissions, resource, urlsOf } from './common.js';
import { lazy } from './lazy.js';

/* ---------- limits and enums (contract OpenAPI resource; CONTRACT-NOTES §2, §7.18) ---------- */

export const OPENAPI_SLUG = { min: 1, max: 100 } as const;
export const OPENAPI_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A source URL (`URL` in the spec). */
export const OPENAPI_SOURCE_URL_MAX = 2048;
export const OPENAPI_VISIBILITIES = ['private', 'public'] as const;
export const OPENAPI_PROCESSING_STATES = ['pending', 'progress', 'complete'] as const;
export const OPENAPI_PROCESS_ERROR_CODES = ['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR'] as const;

/* ---------- request pieces ---------- */

/** The slug rule, the one place it is written: the client, the CLI's SLUG arguments, the emulator and its seeds use it. */
export const OpenAPISlugInput = lazy(() => z.string().min(OPENAPI_SLUG.min).max(OPENAPI_SLUG.max).regex(OPENAPI_SLUG_PATTERN));

/** Whether `text` is a valid slug (for a path parameter, which the client does not parse with the body schemas). */
export const isOpenAPISlug = (text: string): boolean => OpenAPISlugInput.safeParse(text).success;

/**
 * Where the specification comes from: a URL the service fetches, or the document's text. The spec's
 * oneOf (`{url}` | `{text}`) as one object with a check, so that errors point at the wrong field.
 */
export const OpenAPISpecSourceInput = lazy(() =>
  z.strictObject({ url: z.url().max(OPENAPI_SOURCE_URL_MAX).optional(), text: z.string().min(1).optional() }).superRefine((source, ctx) => {
    if ((source.url === undefined) === (source.text === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'must have exactly one of url, text' });
    }
  }),
);
export type OpenAPISpecSourceInput = z.input<typeof OpenAPISpecSourceInput>;

/* ---------- responses ---------- */

export const OpenAPISpec = resource(() => ({
  createdAt: DateTime.optional(),
  updatedAt: DateTime.optional(),
  slug: z.string(),
  sourceURL: z.string().optional(),
  processingState: openEnum(OPENAPI_PROCESSING_STATES).optional(),
  visibility: openEnum(OPENAPI_VISIBILITIES).optional(),
  /** Id of the latest version. */
  lastVersion: z.string().optional(),
  lastProcessedAt: DateTime.optional(),
  lastProcessErrorCode: openEnum(OPENAPI_PROCESS_ERROR_CODES).optional(),
  permissions: permissions(['view', 'edit']).optional(),
  urls: urlsOf(['location', 'app', 'published']).optional(),
}));
export type OpenAPISpec = z.infer<typeof OpenAPISpec>;

export const OpenAPISpecVersion = resource(() => ({
  createdAt: DateTime.optional(),
  /** Where this version of the specification can be fetched. */
  url: z.string().optional(),
  urls: urlsOf(['location']).optional(),
}));
export type OpenAPISpecVersion = z.infer<typeof OpenAPISpecVersion>;

/** The parsed files of a version (`filesystem`) and where the specification lives. */
export const OpenAPISpecContent = lazy(() =>
  z.looseObject({
    filesystem: z.looseObject({}),
    url: z.string(),
  }),
);
export type OpenAPISpecContent = z.infer<typeof OpenAPISpecContent>;
