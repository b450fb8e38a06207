import { collections as collectionOps } from '../../../api/operations/collections.js';
import { organizations as organizationOps } from '../../../api/operations/organizations.js';
import { changeRequests as changeRequestOps } from '../../../api/operations/change-requests.js';
import { CHANGE_REQUEST_STATUSES, type ChangeRequest } from '../../../api/schemas/change-request.js';
import type { Collection } from '../../../api/schemas/collection.js';
import type { Organization } from '../../../api/schemas/organization.js';
import type { Space } from '../../../api/schemas/space.js';
import { useState } from 'react';
import { relativeTime } from '../../format.js';
import { useRequest } from '../../hooks.js';
import { useBrowser, type Named } from '../context.js';
import { listAll, spaceLabel } from '../data.js';
import { PickList, type PickRow } from './PickList.js';

export function Organizations() {
  const { client, push } = useBrowser();
  const request = useRequest((signal) => listAll(client, organizationOps.list, {}, signal), [client]);
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

/** Collections in tree order: each one followed by the collections inside it, indented. */
export function collectionRows(list: readonly Collection[]): PickRow<Collection>[] {
  const ids = new Set(list.map((c) => c.id));
  const rows: PickRow<Collection>[] = [];
  const add = (parent: string | undefined, depth: number) => {
    for (const col of list) {
      const top = col.parent === undefined || !ids.has(col.parent);
      if (parent === undefined ? !top : col.parent !== parent) continue;
      rows.push({ key: col.id, text: `${'  '.repeat(depth)}${col.title}`, dim: col.description ?? col.id, item: col });
      add(col.id, depth + 1);
    }
  };
  add(undefined, 0);
  return rows;
}

export function Collections({ org }: { org: Named }) {
  const { client, push } = useBrowser();
  const request = useRequest((signal) => listAll(client, collectionOps.list, { organizationId: org.id }, signal), [client, org.id]);
  return (
    <PickList
      memoryKey={`collections:${org.id}`}
      title={`${org.title} › Collections`}
      request={request}
      rows={collectionRows(request.data ?? [])}
      loadingText="Loading collections…"
      empty="No collections in this organization (press / to search its spaces)."
      keys={[['/', 'search the organization']]}
      onKey={(input) => {
        if (input === '/') push({ kind: 'org-search', org });
      }}
      onPick={(col) => push({ kind: 'spaces', org, collection: { id: col.id, title: col.title } })}
    />
  );
}

export function Spaces({ org, collection }: { org: Named; collection: Named }) {
  const { client, push } = useBrowser();
  const request = useRequest(
    (signal) => listAll(client, collectionOps.listSpaces, { collectionId: collection.id }, signal),
    [client, collection.id],
  );
  const rows: PickRow<Space>[] = (request.data ?? []).map((space) => ({
    key: space.id,
    text: spaceLabel(space),
    dim: `${space.visibility} · ${space.id}`,
    item: space,
  }));
  return (
    <PickList
      memoryKey={`spaces:${collection.id}`}
      title={`${org.title} › ${collection.title}`}
      request={request}
      rows={rows}
      loadingText="Loading spaces…"
      empty="No spaces in this collection."
      onPick={(space) => push({ kind: 'tree', space })}
    />
  );
}

/** Pick the content to read: the primary content, or a change request (open ones, or all with `a`). */
export function ChangeRequests({ space }: { space: Space }) {
  const { client, back, chooseContent, changeRequestOf } = useBrowser();
  const [all, setAll] = useState(false);
  const request = useRequest(
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
      title={`${spaceLabel(space)} › Content to read`}
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
