import * as z from 'zod';
import { defineList, defineOperation } from '../operation.js';
import {
  OPENAPI_VISIBILITIES,
  OpenAPISlugInput,
  OpenAPISpec,
  OpenAPISpecContent,
  OpenAPISpecSourceInput,
  OpenAPISpecVersion,
} from '../schemas/openapi.js';
import { lazy } from '../schemas/lazy.js';

const base = '/v1/orgs/{organizationId}/openapi' as const;
const spec = `${base}/{specSlug}` as const;

export const openapi = {
  list: defineList({
    id: 'listOpenAPISpecs',
    path: base,
    summary: 'List the OpenAPI specifications of an organization',
    item: OpenAPISpec,
  }),
  create: defineOperation({
    id: 'createOpenAPISpec',
    method: 'POST',
    path: base,
    summary: 'Create an OpenAPI specification from a URL or text',
    body: lazy(() => z.strictObject({ slug: OpenAPISlugInput, source: OpenAPISpecSourceInput })),
    bodyRequired: true,
    success: [201],
    response: OpenAPISpec,
  }),
  get: defineOperation({
    id: 'getOpenAPISpecBySlug',
    method: 'GET',
    path: spec,
    summary: 'Get an OpenAPI specification',
    response: OpenAPISpec,
  }),
  createOrUpdate: defineOperation({
    id: 'createOrUpdateOpenAPISpecBySlug',
    method: 'PUT',
    path: spec,
    summary: 'Publish a new version of an OpenAPI specification, creating it if needed',
    // `source` is required by the spec (the contract lists it without saying).
    body: lazy(() => z.strictObject({ source: OpenAPISpecSourceInput })),
    bodyRequired: true,
    // 200 updated, 201 created.
    success: [200, 201],
    response: OpenAPISpec,
  }),
  delete: defineOperation({
    id: 'deleteOpenAPISpecBySlug',
    method: 'DELETE',
    path: spec,
    summary: 'Delete an OpenAPI specification',
  }),
  update: defineOperation({
    id: 'updateOpenAPISpecBySlug',
    method: 'PATCH',
    path: spec,
    summary: 'Change the visibility of an OpenAPI specification',
    // `visibility` is required by the spec; it is the only field, so a PATCH without it changes nothing.
    body: lazy(() => z.strictObject({ visibility: z.enum(OPENAPI_VISIBILITIES) })),
    bodyRequired: true,
    response: OpenAPISpec,
  }),
  listVersions: defineList({
    id: 'listOpenAPISpecVersions',
    path: `${spec}/versions`,
    summary: 'List the versions of an OpenAPI specification',
    item: OpenAPISpecVersion,
  }),
  getLatestVersion: defineOperation({
    id: 'getLatestOpenAPISpecVersion',
    method: 'GET',
    path: `${spec}/versions/latest`,
    summary: 'Get the latest version of an OpenAPI specification',
    response: OpenAPISpecVersion,
  }),
  getLatestVersionContent: defineOperation({
    id: 'getLatestOpenAPISpecVersionContent',
    method: 'GET',
    path: `${spec}/versions/latest/content`,
    summary: 'Get the content of the latest version of an OpenAPI specification',
    response: OpenAPISpecContent,
  }),
  getVersion: defineOperation({
    id: 'getOpenAPISpecVersionById',
    method: 'GET',
    path: `${spec}/versions/{versionId}`,
    summary: 'Get a version of an OpenAPI specification',
    response: OpenAPISpecVersion,
  }),
  getVersionContent: defineOperation({
    id: 'getOpenAPISpecVersionContentById',
    method: 'GET',
    path: `${spec}/versions/{versionId}/content`,
    summary: 'Get the content of a version of an OpenAPI specification',
    response: OpenAPISpecContent,
  }),
} as const;
