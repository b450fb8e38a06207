import type { Operation, OperationItem, OperationParams } from '../api/operation.js';
import { collections as collectionOps } from '../api/operations/collections.js';
import { members as memberOps } from '../api/operations/members.js';
import { siteSpaces as siteSpaceOps } from '../api/operations/site-spaces.js';
import { sites as siteOps } from '../api/operations/sites.js';
import type { OperationClient } from '../api/request.js';
import { MAX_PAGE_SIZE } from '../api/schemas/common.js';
import type { Space } from '../api/schemas/space.js';
import { inFlight, pool } from './pool.js';

/**
 * Every space of an organization, for whoever needs them all (`docs git status`, the space browser's spaces in no
 * collection, an organization's backup). The contract has no operation that lists an organization's spaces; they
 * are reached four ways, and a space may be reached by one only:
 *
 * - the spaces an administrator of the organization can access (`listSpacesForOrganizationMember`): every space on
 *   the emulator, and the only way to the spaces that are in no collection and on no site;
 * - each collection's spaces, nested collections included (`listCollectionsInOrganizationById` lists them all);
 * - each site's site spaces.
 *
 * The answer is their union: one object per space id (the first one read), the deleted ones and those of another
 * organization left out, by title then id. Every list is read to its end: a listing cut at some size would drop
 * spaces silently, and a backup or a health check must not. It costs 4 requests, plus one per collection and one
 * per site (more for lists past 1,000 items), a few at a time.
 */

/** The operations `organizationSpaces` sends, for the commands' `static operations`. */
export const organizationSpacesOperations = [
  memberOps.list,
  memberOps.listSpaces,
  collectionOps.list,
  collectionOps.listSpaces,
  siteOps.list,
  siteSpaceOps.list,
] as const;

/** What `organizationSpaces` reports as it goes: the lists read and those known to be left, the spaces found so far. */
export interface EnumerationProgress {
  requests: number;
  /** Lists known to be left to read (collections and sites found, not read yet). */
  left: number;
  spaces: number;
}

export async function organizationSpaces(
  client: Pick<OperationClient, 'call' | 'paginate'>,
  organizationId: string,
  signal: AbortSignal,
  onProgress?: (progress: EnumerationProgress) => void,
): Promise<Space[]> {
  const found = new Map<string, Space>();
  let requests = 0;
  let left = 0;
  const report = () => onProgress?.({ requests, left, spaces: found.size });
  const add = (space: Space | undefined) => {
    if (space && space.organization === organizationId && !space.deletedAt && !found.has(space.id)) found.set(space.id, space);
  };
  const options = { pageSize: MAX_PAGE_SIZE, ...inFlight(signal), onPage: () => void (requests++, report()) };
  const all = async <O extends Operation>(op: O, params: OperationParams<O>): Promise<OperationItem<O>[]> => {
    const items: OperationItem<O>[] = [];
    for await (const item of client.paginate(op, params, options)) items.push(item);
    return items;
  };

  // The four lists first: the collections and sites say how many more there are.
  const [reached, collections, sites] = await Promise.all([
    (async () => {
      const admins = await client.call(memberOps.list, { organizationId, query: { role: 'admin', limit: 1 } }, inFlight(signal));
      requests++;
      report();
      const admin = admins.items[0];
      return admin ? all(memberOps.listSpaces, { organizationId, userId: admin.user.id }) : [];
    })(),
    all(collectionOps.list, { organizationId, query: { nested: true } }),
    all(siteOps.list, { organizationId }),
  ]);
  for (const { space } of reached) add(space);
  left = collections.length + sites.length;
  report();
  const done = () => {
    left--;
    report();
  };
  await pool([
    ...collections.map((collection) => async () => {
      for (const space of await all(collectionOps.listSpaces, { collectionId: collection.id })) add(space);
      done();
    }),
    ...sites.map((site) => async () => {
      for (const siteSpace of await all(siteSpaceOps.list, { organizationId, siteId: site.id })) add(siteSpace.space);
      done();
    }),
  ]);
  return [...found.values()].sort((a, b) => a.title.localeCompare(b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
