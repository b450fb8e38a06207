import type { Collection } from '../../api/schemas/collection.js';
import type { Columns } from '../output.js';
import { levelText } from './spaces.js';
import { Pointer, moveBody } from '../flags/collections.js';

/**
 * How collections are shown, and the success line of `collections move` and `spaces move`; their flags
 * and the body they make are in flags/collections.ts.
 */

/** `docs collections list`: the id first (what the other commands take). */
export const collectionColumns: Columns<Collection> = {
  ID: 'id',
  TITLE: 'title',
  PARENT: 'parent',
  'DEFAULT LEVEL': (c) => levelText(c.defaultLevel),
  DESCRIPTION: 'description',
};

/** `docs collections get`. */
export const collectionFields: Columns<Collection> = {
  ID: 'id',
  Title: 'title',
  Description: 'description',
  Organization: 'organization',
  Parent: (c) => c.parent ?? '(top level)',
  'Default level': (c) => levelText(c.defaultLevel),
  URL: (c) => c.urls?.app,
};

/** The key fields printed as one TSV row after a change when stdout is piped. */
export const collectionRow: Columns<Collection> = { ID: 'id', TITLE: 'title', PARENT: 'parent', ORGANIZATION: 'organization' };

/* ---------- move ---------- */

/** "into collection X, after space Y" — what a move did, for the success line. */
export function describeMove(body: ReturnType<typeof moveBody>): string {
  const parts: string[] = [];
  if (body.parent === null) parts.push('to the top level');
  else if (body.parent !== undefined) parts.push(`into collection ${body.parent}`);
  const name = (p: Pointer) => (p.type === 'space' ? `space ${p.space}` : `collection ${p.collection}`);
  if (body.position?.after) parts.push(`after ${name(body.position.after)}`);
  if (body.position?.before) parts.push(`before ${name(body.position.before)}`);
  return parts.join(', ');
}
