import * as z from 'zod';
import { defineList, defineOperation } from '../operation.js';
import { qBool } from '../schemas/common.js';
import {
  CHANGE_REQUEST_STATUSES,
  CHANGE_REQUEST_SUBJECT_MAX,
  ChangeRequest,
  ChangeRequestPdf,
  MergeResult,
  SETTABLE_CHANGE_REQUEST_STATUSES,
} from '../schemas/change-request.js';
import { lazy } from '../schemas/lazy.js';

const base = '/v1/spaces/{spaceId}/change-requests' as const;

export const changeRequests = {
  list: defineList({
    id: 'listChangeRequestsForSpace',
    path: base,
    summary: 'List the change requests of a space',
    filters: () => ({
      status: z.enum(CHANGE_REQUEST_STATUSES).optional(),
      contributor: z.string().optional(),
    }),
    item: ChangeRequest,
  }),
  create: defineOperation({
    id: 'createChangeRequest',
    method: 'POST',
    path: base,
    summary: 'Create a change request',
    body: lazy(() =>
      z.strictObject({
        subject: z.string().max(CHANGE_REQUEST_SUBJECT_MAX).optional(),
        agentTaskId: z.string().optional(),
      }),
    ),
    success: [201],
    response: ChangeRequest,
  }),
  get: defineOperation({
    id: 'getChangeRequestById',
    method: 'GET',
    path: `${base}/{changeRequestId}`,
    summary: 'Get a change request by id or number',
    response: ChangeRequest,
  }),
  update: defineOperation({
    id: 'updateChangeRequestById',
    method: 'PATCH',
    path: `${base}/{changeRequestId}`,
    summary: 'Edit the subject or status of a change request',
    body: lazy(() =>
      z.strictObject({
        subject: z.string().max(CHANGE_REQUEST_SUBJECT_MAX).optional(),
        status: z.enum(SETTABLE_CHANGE_REQUEST_STATUSES).optional(),
      }),
    ),
    bodyRequired: true,
    response: ChangeRequest,
  }),
  merge: defineOperation({
    id: 'mergeChangeRequest',
    method: 'POST',
    path: `${base}/{changeRequestId}/merge`,
    summary: "Merge a change request into the space's primary content",
    success: [200],
    response: MergeResult,
  }),
  updateFromMain: defineOperation({
    id: 'updateChangeRequest',
    method: 'POST',
    path: `${base}/{changeRequestId}/update`,
    summary: 'Update a change request with the latest primary content',
    success: [200],
    response: MergeResult,
  }),
  getPdf: defineOperation({
    id: 'getChangeRequestPDF',
    method: 'GET',
    path: `${base}/{changeRequestId}/pdf`,
    summary: 'Get a URL to a PDF export of a change request',
    query: lazy(() => z.strictObject({ only: qBool().optional(), page: z.string().optional() })),
    response: ChangeRequestPdf,
  }),
} as const;
