import type { OpenAPISpec, OpenAPISpecVersion } from '../../api/schemas/openapi.js';
import type { Columns } from '../output.js';

/*
 * `docs openapi ...` and `docs openapi versions ...`. Specifications are named by slug; versions by
 * id or `latest`. A delete answers 204: see format/comments.ts for how that shows.
 */

const processing = (s: OpenAPISpec): string | undefined =>
  s.lastProcessErrorCode ? `${s.processingState ?? '?'} (${s.lastProcessErrorCode})` : s.processingState;

export const specColumns: Columns<OpenAPISpec> = {
  SLUG: 'slug',
  VISIBILITY: 'visibility',
  PROCESSING: processing,
  'LAST VERSION': 'lastVersion',
  UPDATED: 'updatedAt',
  ID: 'id',
};

export const specFields: Columns<OpenAPISpec> = {
  Slug: 'slug',
  ID: 'id',
  Visibility: 'visibility',
  Processing: processing,
  'Last version': 'lastVersion',
  'Last processed': 'lastProcessedAt',
  'Source URL': 'sourceURL',
  Created: 'createdAt',
  Updated: 'updatedAt',
  'App URL': (s) => s.urls?.app,
  'Published URL': (s) => s.urls?.published,
};

export const specRow: Columns<OpenAPISpec> = { SLUG: 'slug', ID: 'id', VERSION: 'lastVersion', PROCESSING: processing };

export const versionColumns: Columns<OpenAPISpecVersion> = { ID: 'id', CREATED: 'createdAt', URL: 'url' };

export const versionFields: Columns<OpenAPISpecVersion> = { ID: 'id', Created: 'createdAt', URL: 'url', Location: (v) => v.urls?.location };
