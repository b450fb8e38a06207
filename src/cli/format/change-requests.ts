import type { ChangeRequest } from '../../api/schemas/change-request.js';
import type { Columns } from '../output.js';

const author = (cr: ChangeRequest): string | undefined => cr.createdBy?.displayName ?? cr.createdBy?.email ?? cr.createdBy?.id;

/** `docs cr list`: number first (what people type), id last (what scripts keep). */
export const changeRequestColumns: Columns<ChangeRequest> = {
  '#': 'number',
  STATUS: 'status',
  SUBJECT: 'subject',
  AUTHOR: author,
  COMMENTS: 'comments',
  UPDATED: 'updatedAt',
  ID: 'id',
};

/** `docs cr get`. */
export const changeRequestFields: Columns<ChangeRequest> = {
  Number: 'number',
  ID: 'id',
  Subject: 'subject',
  Status: 'status',
  Author: author,
  Created: 'createdAt',
  Updated: 'updatedAt',
  Comments: 'comments',
  Outdated: (cr) =>
    cr.outdated
      ? `yes: the primary content changed since; docs cr update-branch ${cr.number} brings it in or names the pages in conflict`
      : 'no',
  Revision: 'revision',
  URL: (cr) => cr.urls?.app,
};

/** The key fields printed as one TSV row after a change when stdout is piped. */
export const changeRequestRow: Columns<ChangeRequest> = { ID: 'id', NUMBER: 'number', STATUS: 'status', SUBJECT: 'subject' };

export { changeRequestLabel } from '../../api/labels.js';
