import type { OperationClient } from '../../api/request.js';
import { scopeOf, type Scope } from '../../api/scope.js';
import type { Operation, OperationItem, OperationParams } from '../../api/operation.js';
import type { ChangeRequest } from '../../api/schemas/change-request.js';
import type { Space } from '../../api/schemas/space.js';

/** Lists in the browser are read whole, up to this many items (a screen is a scrolling list). */
export const LIST_MAX = 1000;

export async function listAll<O extends Operation>(
  client: Pick<OperationClient, 'paginate'>,
  op: O,
  params: OperationParams<O>,
  signal: AbortSignal,
): Promise<OperationItem<O>[]> {
  const items: OperationItem<O>[] = [];
  for await (const item of client.paginate(op, params, { max: LIST_MAX, pageSize: 100, signal })) items.push(item);
  return items;
}

/** The scope a screen reads: the space's primary content, or the change request's chosen in it. */
export const contentScope = (spaceId: string, cr: ChangeRequest | undefined): Scope => scopeOf(spaceId, cr?.id);

/** What the header says about the content shown. */
export function contentLabel(cr: ChangeRequest | undefined): string {
  return cr ? `Change request #${cr.number} “${cr.subject}” (${cr.status})` : 'Primary content';
}

export const spaceLabel = (space: Pick<Space, 'emoji' | 'title'>): string => `${space.emoji ? `${space.emoji} ` : ''}${space.title}`;

/** Every space of the organization, by title (src/content/organization.ts); the view keeps those that are in no collection. */
export { organizationSpaces } from '../../content/organization.js';
