import * as z from 'zod';
import { defineList, defineOperation } from '../operation.js';
import { listQuery } from '../schemas/common.js';
import { LinkList, linkStatusFilter } from '../schemas/content.js';
import { SearchQuery, SearchSpaceResult } from '../schemas/search.js';
import { MoveSpaceBody, Space, TransferSpaceBody, UpdateSpaceBody } from '../schemas/space.js';
import { lazy } from '../schemas/lazy.js';

const base = '/v1/spaces/{spaceId}' as const;

export const spaces = {
  get: defineOperation({
    id: 'getSpaceById',
    method: 'GET',
    path: base,
    summary: 'Get a space',
    // `shareKey` resolves the published URLs of share-link content.
    query: lazy(() => z.strictObject({ shareKey: z.string().optional() })),
    response: Space,
  }),
  delete: defineOperation({
    id: 'deleteSpaceById',
    method: 'DELETE',
    path: base,
    summary: 'Delete a space (restorable for 7 days)',
  }),
  update: defineOperation({
    id: 'updateSpaceById',
    method: 'PATCH',
    path: base,
    summary: 'Edit the title, emoji or icon, edit mode, default level or language of a space',
    body: UpdateSpaceBody,
    bodyRequired: true,
    response: Space,
  }),
  duplicate: defineOperation({
    id: 'duplicateSpace',
    method: 'POST',
    path: `${base}/duplicate`,
    summary: 'Duplicate a space',
    success: [201],
    response: Space,
  }),
  restore: defineOperation({
    id: 'restoreSpace',
    method: 'POST',
    path: `${base}/restore`,
    summary: 'Restore a space deleted in the last 7 days',
    success: [200],
    response: Space,
  }),
  move: defineOperation({
    id: 'moveSpace',
    method: 'POST',
    idempotent: true,
    path: `${base}/move`,
    summary: 'Move a space to another collection or position',
    body: MoveSpaceBody,
    bodyRequired: true,
    success: [200],
    response: Space,
  }),
  transfer: defineOperation({
    id: 'transferSpace',
    method: 'POST',
    path: `${base}/transfer`,
    summary: 'Transfer a space to another organization',
    body: TransferSpaceBody,
    bodyRequired: true,
    success: [200],
    response: Space,
  }),
  listLinks: defineOperation({
    id: 'listSpaceLinks',
    method: 'GET',
    path: `${base}/links`,
    summary: 'List the links in a space, with counts of broken ones',
    query: lazy(() => listQuery({ status: linkStatusFilter.optional() })),
    response: LinkList,
    paginated: true,
  }),
  search: defineList({
    id: 'searchSpaceContent',
    path: `${base}/search`,
    summary: 'Search the content of a space',
    query: SearchQuery,
    item: SearchSpaceResult,
  }),
} as const;
