import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../src/api/operation.js';
import { OperationClient } from '../../src/api/request.js';
import { organizationSpaces, type EnumerationProgress } from '../../src/content/organization.js';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { startEmulator } from '../../src/emulator/server.js';

/**
 * Every space of an organization: the union of what an administrator reaches, each collection's spaces (nested ones
 * included) and each site's site spaces, one per id, the deleted ones and other organizations' left out.
 */

const space = (id: string, title: string, extra: Record<string, unknown> = {}) => ({ id, title, organization: 'org_a', ...extra });

/** A client answering each list from memory, a page of `pageSize` at a time, and counting the requests. */
function fakeClient(lists: Record<string, (params: Record<string, unknown>) => unknown[]>) {
  const requests: string[] = [];
  const client = {
    call: (op: Operation, params: unknown) => {
      requests.push(op.id);
      const items = lists[op.id]?.(params as Record<string, unknown>) ?? [];
      return Promise.resolve({ items: items.slice(0, 1) });
    },
    async *paginate(op: Operation, params: unknown, options: { pageSize?: number; onPage?: (info: never) => void } = {}) {
      const items = lists[op.id]?.(params as Record<string, unknown>) ?? [];
      const size = options.pageSize ?? 100;
      for (let from = 0; from === 0 || from < items.length; from += size) {
        requests.push(op.id);
        options.onPage?.({ page: from / size, items: Math.min(size, items.length - from), more: from + size < items.length } as never);
        yield* items.slice(from, from + size);
      }
    },
  };
  return { client: client as unknown as OperationClient, requests };
}

describe('organizationSpaces', () => {
  it('adds what the administrator does not reach: spaces of nested collections and of sites; no cut at 1,000', async () => {
    const many = Array.from({ length: 1500 }, (_, i) => ({ permission: 'admin', space: space(`s${String(i).padStart(4, '0')}`, 'Same') }));
    const { client, requests } = fakeClient({
      listMembersInOrganizationById: () => [{ user: { id: 'usr_admin' } }],
      listSpacesForOrganizationMember: () => [
        ...many,
        { space: space('s_loose', 'Loose') },
        { space: space('s_deleted', 'Deleted', { deletedAt: '2024-01-01T00:00:00.000Z' }) },
        { space: space('s_other', 'Other org', { organization: 'org_b' }) },
      ],
      listCollectionsInOrganizationById: () => [{ id: 'col_top' }, { id: 'col_nested', parent: 'col_top' }],
      listSpacesInCollectionById: ({ collectionId }) =>
        collectionId === 'col_nested' ? [space('s_nested', 'Nested')] : [space('s_loose', 'Loose (again)')],
      listSites: () => [{ id: 'site_a' }],
      listSiteSpaces: () => [
        { id: 'ss1', space: space('s_site', 'On a site') },
        { id: 'ss2', space: space('s_gone', 'Gone', { deletedAt: '2024-01-01T00:00:00.000Z' }) },
      ],
    });
    const seen: EnumerationProgress[] = [];
    const found = await organizationSpaces(client, 'org_a', new AbortController().signal, (p) => seen.push(p));
    expect(found).toHaveLength(1503);
    // By title, then id.
    expect(found.slice(0, 3).map((s) => s.id)).toEqual(['s_loose', 's_nested', 's_site']);
    expect(found[2]?.title).toBe('On a site');
    expect(found[0]?.title).toBe('Loose');
    expect(found.slice(3).map((s) => s.id)).toEqual(many.map((m) => m.space.id));
    expect(found.map((s) => s.id)).not.toContain('s_deleted');
    expect(found.map((s) => s.id)).not.toContain('s_gone');
    expect(found.map((s) => s.id)).not.toContain('s_other');
    // 1 admin lookup, 2 pages of the admin's spaces, the collections, their 2 lists, the sites, the site's list.
    expect(requests).toHaveLength(8);
    expect(seen.at(-1)).toEqual({ requests: 8, left: 0, spaces: 1503 });
  });

  it('with no administrator in sight, still reads the collections and sites', async () => {
    const { client } = fakeClient({
      listCollectionsInOrganizationById: () => [{ id: 'col' }],
      listSpacesInCollectionById: () => [space('s1', 'One')],
      listSites: () => [],
    });
    expect((await organizationSpaces(client, 'org_a', new AbortController().signal)).map((s) => s.id)).toEqual(['s1']);
  });

  describe('against the demo emulator', () => {
    let emulator: Awaited<ReturnType<typeof startEmulator>>;
    let client: OperationClient;
    beforeAll(async () => {
      emulator = await startEmulator({ port: 0, seed: 'demo' });
      const token = emulator.tokens.find((t) => t.organization === DEMO.org && t.role === 'admin')?.token;
      client = new OperationClient({ baseUrl: emulator.url, token });
    });
    afterAll(async () => {
      await client?.close();
      await emulator?.close();
    });

    it('finds the spaces of nested collections and of the site, each once', async () => {
      const found = await organizationSpaces(client, DEMO.org, new AbortController().signal);
      expect(found.map((s) => s.id)).toEqual([DEMO.spaces.api, DEMO.spaces.handbook, DEMO.spaces.guides]);
      const other = await organizationSpaces(client, DEMO.otherOrg, new AbortController().signal);
      expect(other.map((s) => s.id)).toEqual([DEMO.spaces.globex]);
    });
  });
});
