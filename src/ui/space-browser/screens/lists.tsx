import { collections as collectionOps } from '../../../api/operations/collections.js';
import { organizations as organizationOps } from '../../../api/operations/organizations.js';
import { changeRequests as changeRequestOps } from '../../../api/operations/change-requests.js';
import { CHANGE_REQUEST_STATUSES, type ChangeRequest } from '../../../api/schemas/change-request.js';
import type { Collection } from '../../../api/schemas/collection.js';
import type { Organization } from '../../../api/schemas/organization.js';
import type { Space } from '../../../api/schemas/space.js';
import { useState } from 'react';
import { describeError } from '../../../cli/errors.js';
import { relativeTime } from '../../format.js';
import type { Request } from '../../hooks.js';
import { useBrowser, useScreenRequest, type Named, type Screen, type Trail } from '../context.js';
import { listAll, spaceLabel, spaceTrail, organizationSpaces } from '../data.js';
import { PickList, type PickRow } from './PickList.js';

export function Organizations() {
  const { client, push, takeOrganizations } = useBrowser();
  const [prefetched] = useState(takeOrganizations);
  const request = useScreenRequest('orgs', (signal) => listAll(client, organizationOps.list, {}, signal), [client], prefetched);
  const rows: PickRow<Organization>[] = (request.data ?? []).map((org) => ({ key: org.id, text: org.title, dim: org.id, item: org }));
  return (
    <PickList
      memoryKey="orgs"
      title="Organizations"
      request={request}
      rows={rows}
      loadingText="Loading organizations…"
      empty="No organization is visible with this token."
      onPick={(org) => push({ kind: 'collections', org: { id: org.id, title: org.title } })}
    />
  );
}

/** A row of a level of the organization: a collection, or a space. */
type Entry = { kind: 'collection'; collection: Collection } | { kind: 'space'; space: Space };

const collectionRow = (col: Collection, depth: number): PickRow<Entry> => ({
  key: col.id,
  text: `${'  '.repeat(depth)}${col.title}`,
  dim: `collection · ${col.description ?? col.id}`,
  item: { kind: 'collection', collection: col },
});

const spaceRow = (space: Space, where?: string): PickRow<Entry> => ({
  key: space.id,
  text: spaceLabel(space),
  dim: [where, space.visibility, space.id].filter(Boolean).join(' · '),
  item: { kind: 'space', space },
});

/** Collections in tree order: each one followed by the collections inside it, indented. */
export function collectionRows(list: readonly Collection[]): PickRow<Entry>[] {
  const ids = new Set(list.map((c) => c.id));
  const rows: PickRow<Entry>[] = [];
  const add = (parent: string | undefined, depth: number) => {
    for (const col of list) {
      const top = col.parent === undefined || !ids.has(col.parent);
      if (parent === undefined ? !top : col.parent !== parent) continue;
      rows.push(collectionRow(col, depth));
      add(col.id, depth + 1);
    }
  };
  add(undefined, 0);
  return rows;
}

/**
 * Two requests shown as one list: loading while either loads, the first error (named by `what`),
 * and a reload that repeats both.
 */
function both(first: Request<unknown>, second: Request<unknown>, what: [string, string]): Request<unknown> {
  const reload = () => {
    first.reload();
    second.reload();
  };
  const failed =
    first.state === 'error'
      ? { what: what[0], error: first.error }
      : second.state === 'error'
        ? { what: what[1], error: second.error }
        : undefined;
  if (first.state === 'loading' || second.state === 'loading') return { state: 'loading', reload };
  if (failed) return { state: 'error', error: new Error(`${failed.what}: ${describeError(failed.error)}`), reload };
  return { state: 'ready', data: undefined, reload };
}

/**
 * Picking a row of a level: a collection opens its screen, a space its page tree. `within` is where the level is
 * (the collections above it, outermost first); for a collection of the organization's level, which lists nested
 * collections too, `holders` finds the collections that hold it.
 */
const pick =
  (org: Named, within: readonly Named[], push: (screen: Screen) => void, holders: (col: Collection) => readonly Named[] = () => []) =>
  (entry: Entry) =>
    entry.kind === 'collection'
      ? push({
          kind: 'spaces',
          org,
          collection: { id: entry.collection.id, title: entry.collection.title },
          within: [...within, ...holders(entry.collection)],
        })
      : push({ kind: 'tree', space: entry.space, trail: [org, ...within] });

/** The collections of `list` that hold `col`, outermost first (a cycle or an unlisted parent ends the walk). */
export function holdersOf(col: Collection, list: readonly Collection[]): Named[] {
  const byId = new Map(list.map((c) => [c.id, c]));
  const out: Named[] = [];
  const seen = new Set([col.id]);
  for (let parent = col.parent; parent !== undefined && !seen.has(parent);) {
    const found = byId.get(parent);
    if (!found) break;
    seen.add(parent);
    out.unshift({ id: found.id, title: found.title });
    parent = found.parent;
  }
  return out;
}

/**
 * The organization's level: its collections as a tree, then the spaces that are in no collection
 * (they are reached nowhere else). `/` searches the whole organization.
 */
export function Collections({ org }: { org: Named }) {
  const { client, push } = useBrowser();
  const collections = useScreenRequest('collections', (signal) => listAll(client, collectionOps.list, { organizationId: org.id }, signal), [
    client,
    org.id,
  ]);
  const ids = new Set((collections.data ?? []).map((c) => c.id));
  const loose = useScreenRequest('spaces', (signal) => organizationSpaces(client, org.id, signal), [client, org.id]);
  // A space whose collection is not listed counts as in no collection.
  const spaces = (loose.data ?? []).filter((s) => s.parent === undefined || !ids.has(s.parent));
  const rows = collections.data ? [...collectionRows(collections.data), ...spaces.map((s) => spaceRow(s, 'in no collection'))] : [];
  return (
    <PickList
      memoryKey={`collections:${org.id}`}
      title={[org.title, 'Collections and spaces']}
      request={both(collections, loose, ['Collections', 'Spaces in no collection'])}
      rows={rows}
      loadingText="Loading collections and spaces…"
      empty="No collections or spaces in this organization."
      keys={[['/', 'search the organization']]}
      onKey={(input) => {
        if (input === '/') push({ kind: 'org-search', org });
      }}
      onPick={pick(org, [], push, (col) => holdersOf(col, collections.data ?? []))}
    />
  );
}

/** A collection: the collections it holds, then its spaces. */
export function Spaces({ org, collection, within = [] }: { org: Named; collection: Named; within?: readonly Named[] }) {
  const { client, push } = useBrowser();
  const nested = useScreenRequest(
    'collections',
    async (signal) =>
      (await listAll(client, collectionOps.list, { organizationId: org.id }, signal)).filter((c) => c.parent === collection.id),
    [client, org.id, collection.id],
  );
  const spaces = useScreenRequest(
    'spaces',
    (signal) => listAll(client, collectionOps.listSpaces, { collectionId: collection.id }, signal),
    [client, collection.id],
  );
  const rows = [...(nested.data ?? []).map((col) => collectionRow(col, 0)), ...(spaces.data ?? []).map((space) => spaceRow(space))];
  return (
    <PickList
      memoryKey={`spaces:${collection.id}`}
      title={[org.title, ...within.map((c) => c.title), collection.title]}
      request={both(spaces, nested, ['Spaces', 'Collections'])}
      rows={rows}
      loadingText="Loading spaces…"
      empty="No spaces or collections in this collection."
      onPick={pick(org, [...within, collection], push)}
    />
  );
}

/** Pick the content to read: the primary content, or a change request (open ones, or all with `a`). */
export function ChangeRequests({ space, trail }: { space: Space; trail?: Trail | undefined }) {
  const { client, back, chooseContent, changeRequestOf } = useBrowser();
  const [all, setAll] = useState(false);
  const request = useScreenRequest(
    all ? 'every status' : 'open',
    async (signal) => {
      // The list is of one status at a time (open by default).
      const statuses = all ? CHANGE_REQUEST_STATUSES : (['open'] as const);
      const lists = await Promise.all(
        statuses.map((status) => listAll(client, changeRequestOps.list, { spaceId: space.id, query: { status } }, signal)),
      );
      return lists.flat().sort((a, b) => b.number - a.number);
    },
    [client, space.id, all],
  );
  const current = changeRequestOf(space.id);
  const primary: PickRow<ChangeRequest | undefined> = {
    key: 'primary',
    text: `${current ? '  ' : '✓ '}Primary content`,
    dim: 'what readers see',
    item: undefined,
  };
  const rows: PickRow<ChangeRequest | undefined>[] = [
    primary,
    ...(request.data ?? []).map((cr) => ({
      key: cr.id,
      text: `${current?.id === cr.id ? '✓ ' : '  '}#${cr.number} ${cr.subject}`,
      dim: `${cr.status} · ${cr.createdBy?.displayName ?? ''} · ${relativeTime(cr.updatedAt)}`,
      item: cr,
    })),
  ];
  return (
    <PickList
      memoryKey={`crs:${space.id}`}
      title={spaceTrail(space, trail, 'Content to read')}
      subtitle={all ? 'Change requests of every status' : 'Open change requests (a: every status)'}
      request={request}
      rows={rows}
      loadingText="Loading change requests…"
      empty=""
      keys={[['a', all ? 'open only' : 'every status']]}
      onKey={(input) => {
        if (input === 'a') setAll((a) => !a);
      }}
      onPick={(cr) => {
        chooseContent({ spaceId: space.id, ...(cr ? { changeRequest: cr } : {}) });
        back();
      }}
    />
  );
}
