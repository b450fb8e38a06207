import { collections } from '../../api/operations/collections.js';
import { organizations } from '../../api/operations/organizations.js';
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

/** The breadcrumb of a space's screen: where the space is, the space, then the screen's own name. */
export const spaceTrail = (
  space: Pick<Space, 'emoji' | 'title'>,
  trail: readonly { title: string }[] | undefined,
  name: string,
): string[] => [...(trail ?? []).map((t) => t.title), spaceLabel(space), name];

export const spaceLabel = (space: Pick<Space, 'emoji' | 'title'>): string => `${space.emoji ? `${space.emoji} ` : ''}${space.title}`;

/** Every space of the organization, by title (src/content/organization.ts); the view keeps those that are in no collection. */
export { organizationSpaces } from '../../content/organization.js';

/**
 * Where a space is: its organization, then the collections that hold it, outermost first, read from the space's
 * `parent` up. The titles are only for the breadcrumb, so an id stands in for a title that cannot be read, and the
 * walk stops at a collection it cannot read (or at a cycle).
 */
export async function trailOf(client: OperationClient, space: Space, signal?: AbortSignal): Promise<{ id: string; title: string }[]> {
  const options = signal ? { signal } : {};
  const orgRead = client.call(organizations.get, { organizationId: space.organization }, options).then(
    (org) => ({ id: org.id, title: org.title }),
    () => ({ id: space.organization, title: space.organization }),
  );
  const held: { id: string; title: string }[] = [];
  const seen = new Set<string>();
  for (let parent = space.parent; parent !== undefined && !seen.has(parent);) {
    seen.add(parent);
    const id: string = parent;
    try {
      const col = await client.call(collections.get, { collectionId: id }, options);
      held.unshift({ id, title: col.title });
      parent = col.parent;
    } catch {
      held.unshift({ id, title: id });
      break;
    }
  }
  return [await orgRead, ...held];
}
