import type { ReactElement } from 'react';
import type { OperationClient } from '../../api/request.js';
import type { ChangeRequest } from '../../api/schemas/change-request.js';
import type { Organization } from '../../api/schemas/organization.js';
import type { Space } from '../../api/schemas/space.js';
import { BrowserProvider, ScreenContext, useBrowser, type Screen } from './context.js';
import { trailOf } from './data.js';
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
      return <Spaces key={key} org={screen.org} collection={screen.collection} {...(screen.within ? { within: screen.within } : {})} />;
    case 'tree':
      return <PageTree key={key} space={screen.space} trail={screen.trail} />;
    case 'page':
      return <PageView key={key} space={screen.space} pageId={screen.pageId} trail={screen.trail} />;
    case 'search':
      return <Search key={key} space={screen.space} trail={screen.trail} />;
    case 'org-search':
      return <Search key={key} org={screen.org} />;
    case 'change-requests':
      return <ChangeRequests key={key} space={screen.space} trail={screen.trail} />;
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
 * The screens for a start with a space's id: its page tree alone, as tig or lazygit open on what they were given,
 * so `q` quits at once; the breadcrumb still says where the space is (trailOf). Reading the space fails like any
 * command (not found, no access).
 */
export async function startAtSpace(client: OperationClient, space: Space, signal?: AbortSignal): Promise<Screen[]> {
  return [{ kind: 'tree', space, trail: await trailOf(client, space, signal) }];
}
