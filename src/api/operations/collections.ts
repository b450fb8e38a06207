import * as z from 'zod';
import { defineList, defineOperation } from '../operation.js';
import { qBool } from '../schemas/common.js';
import { Collection, CollectionTitleInput, MoveCollectionBody, UpdateCollectionBody } from '../schemas/collection.js';
import { Space } from '../schemas/space.js';
import { lazy } from '../schemas/lazy.js';

export const collections = {
  get: defineOperation({
    id: 'getCollectionById',
    method: 'GET',
    path: '/v1/collections/{collectionId}',
    summary: 'Get a collection',
    response: Collection,
  }),
  delete: defineOperation({
    id: 'deleteCollectionById',
    method: 'DELETE',
    path: '/v1/collections/{collectionId}',
    summary: 'Delete a collection',
  }),
  update: defineOperation({
    id: 'updateCollectionById',
    method: 'PATCH',
    path: '/v1/collections/{collectionId}',
    summary: 'Edit the title, description or default level of a collection',
    body: UpdateCollectionBody,
    bodyRequired: true,
    response: Collection,
  }),
  listSpaces: defineList({
    id: 'listSpacesInCollectionById',
    path: '/v1/collections/{collectionId}/spaces',
    summary: 'List the spaces of a collection',
    item: Space,
  }),
  move: defineOperation({
    id: 'moveCollection',
    method: 'POST',
    idempotent: true,
    path: '/v1/collections/{collectionId}/move',
    summary: 'Move a collection to another parent collection or position',
    body: MoveCollectionBody,
    bodyRequired: true,
    success: [200],
    response: Collection,
  }),
  transfer: defineOperation({
    id: 'transferCollection',
    method: 'POST',
    path: '/v1/collections/{collectionId}/transfer',
    summary: 'Transfer a collection to another organization',
    body: lazy(() => z.strictObject({ organization: z.string() })),
    bodyRequired: true,
    success: [200],
    response: Collection,
  }),
  list: defineList({
    id: 'listCollectionsInOrganizationById',
    path: '/v1/orgs/{organizationId}/collections',
    summary: 'List the collections of an organization',
    filters: () => ({
      /** Server default true: nested collections are listed too. */
      nested: qBool().optional(),
    }),
    item: Collection,
  }),
  create: defineOperation({
    id: 'createCollection',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/collections',
    summary: 'Create a collection',
    body: lazy(() =>
      z.strictObject({
        title: CollectionTitleInput.optional(),
        /** Id of the parent collection. */
        parent: z.string().optional(),
      }),
    ),
    success: [201],
    response: Collection,
  }),
} as const;
