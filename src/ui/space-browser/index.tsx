import { organizations } from '../../api/operations/organizations.js';
import { collections } from '../../api/operations/collections.js';
import type { ReactElement } from 'react';
import type { OperationClient } from '../../api/request.js';
import type { ChangeRequest } from '../../api/schemas/change-request.js';
import type { Organization } from '../../api/schemas/organization.js';
import type { Space } from '../../api/schemas/space.js';
import { BrowserProvider, ScreenContext, useBrowser, type Named, type Screen } from './context.js';
import { ChangeRequests, Collections, Organizations, Spaces } from './screens/lists.js';
import { PageTree } from './screens/PageTree.js';
import { PageView } from './screens/PageView.js';
import { Search } from './screens/Search.js';

export type { Screen } from './context.js';

function Current() {
  const { stack } = useBrowser();
  const screen = stack.at(-1);
  if (!screen) return null;
  return (
    <ScreenContext.Provider value={screen}>
      <ScreenOf screen={screen} depth={stack.length} />
    </ScreenContext.Provider>
  );
}

function ScreenOf({ screen, depth }: { screen: Screen; depth: number }) {
  // Keyed so that each screen starts with its own state, even when two in a row are of one kind.
  const key = `${depth}:${screen.kind}`;
  switch (screen.kind) {
    case 'orgs':
      return <Organizations key={key} />;
    case 'collections':
      return <Collections key={key} org={screen.org} />;
    case 'spaces':
      return <Spaces key={key} org={screen.org} collection={screen.collection} />;
    case 'tree':
      return <PageTree key={key} space={screen.space} />;
    case 'page':
      return <PageView key={key} space={screen.space} pageId={screen.pageId} />;
    case 'search':
      return <Search key={key} space={screen.space} />;
    case 'org-search':
      return <Search key={key} org={screen.org} />;
    case 'change-requests':
      return <ChangeRequests key={key} space={screen.space} />;
  }
}

/**
 * `docs spaces browse`: organizations → collections → spaces → page tree → page. `initial` is the
 * stack of screens to start with (the last one shown); Esc or q goes back through it.
 */
export interface SpaceBrowserProps {
  client: OperationClient;
  initial?: readonly Screen[];
  /** Read this change request's content in its space from the start (`--cr`). */
  changeRequest?: { spaceId: string; changeRequest: ChangeRequest };
  /** The organizations, read by the command while the view loaded: the first screen shows them at once. */
  organizations?: Organization[];
}

export function SpaceBrowser({ client, initial = [{ kind: 'orgs' }], changeRequest, organizations }: SpaceBrowserProps) {
  return (
    <BrowserProvider client={client} initial={initial} organizations={organizations} {...(changeRequest ? { content: changeRequest } : {})}>
      <Current />
    </BrowserProvider>
  );
}

/** The app as an element, for a command file (which has no JSX). */
export const spaceBrowser = (props: SpaceBrowserProps): ReactElement => <SpaceBrowser {...props} />;

/**
 * The screens leading to a space, for a start with its id: its organization's collections and
 * its collection's spaces come before its tree, so that going back walks up from it. Reading the
 * space fails like any command (not found, no access); the titles of the organization and the
 * collection are only for the breadcrumb, so their ids stand in when they cannot be read.
 */
export async function startAtSpace(client: OperationClient, space: Space, signal?: AbortSignal): Promise<Screen[]> {
  const options = signal ? { signal } : {};
  const titled = async (id: string, read: () => Promise<{ title: string }>): Promise<Named> => {
    try {
      return { id, title: (await read()).title };
    } catch {
      return { id, title: id };
    }
  };
  const org = await titled(space.organization, () => client.call(organizations.get, { organizationId: space.organization }, options));
  const screens: Screen[] = [{ kind: 'orgs' }, { kind: 'collections', org }];
  if (space.parent) {
    const parent = space.parent;
    const collection = await titled(parent, () => client.call(collections.get, { collectionId: parent }, options));
    screens.push({ kind: 'spaces', org, collection });
  }
  screens.push({ kind: 'tree', space });
  return screens;
}
