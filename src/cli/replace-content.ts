import { changeRequestContent } from '../api/operations/change-request-content.js';
import { changeRequests } from '../api/operations/change-requests.js';
import { content } from '../api/operations/content.js';
import { spaces } from '../api/operations/spaces.js';
import type { OperationClient } from '../api/request.js';
import type { Page } from '../api/schemas/content.js';
import { childrenOf } from './format/content.js';
import { changeRequestLabel } from './format/change-requests.js';

/**
 * The content a git import, an import or a template is about to change, described for the
 * question asked first (`space "Guides" (12 pages)`) and counted again afterwards, so the command
 * can say `pages 12 → 18`.
 */

export interface ContentTarget {
  spaceId: string;
  changeRequestId?: string;
  /** `space "Guides"`, or `change request #3 "Windows" of space "Guides"`. */
  label: string;
  pages: number;
}

/** All these helpers do is call operations given by their table entry. */
type Caller = Pick<OperationClient, 'call'>;

const countPages = (pages: readonly Page[]): number => pages.reduce((n, p) => n + 1 + countPages(childrenOf(p)), 0);

export async function pageCount(client: Caller, spaceId: string, changeRequestId: string | undefined, signal: AbortSignal) {
  const tree =
    changeRequestId !== undefined
      ? await client.call(changeRequestContent.listPages, { spaceId, changeRequestId }, { signal })
      : await client.call(content.listPages, { spaceId }, { signal });
  return countPages(tree.pages);
}

export async function contentTarget(
  client: Caller,
  spaceId: string,
  changeRequestId: string | undefined,
  signal: AbortSignal,
): Promise<ContentTarget> {
  const [space, cr, pages] = await Promise.all([
    client.call(spaces.get, { spaceId }, { signal }),
    changeRequestId !== undefined ? client.call(changeRequests.get, { spaceId, changeRequestId }, { signal }) : undefined,
    pageCount(client, spaceId, changeRequestId, signal),
  ]);
  const spaceLabel = space.title ? `space "${space.title}"` : `space ${spaceId}`;
  const label = cr ? `change request ${changeRequestLabel(cr)} of ${spaceLabel}` : spaceLabel;
  return { spaceId, ...(changeRequestId !== undefined ? { changeRequestId } : {}), label, pages };
}

export const pagesText = (n: number): string => `${n} page${n === 1 ? '' : 's'}`;

/** `pages 12 → 18`, said after the change. */
export async function pagesAfter(client: Caller, before: ContentTarget, signal: AbortSignal): Promise<string> {
  const after = await pageCount(client, before.spaceId, before.changeRequestId, signal).catch(() => undefined);
  return after === undefined ? `pages before: ${before.pages}` : `pages ${before.pages} → ${after}`;
}

/** The operations these helpers call, for the commands' `static operations`. */
export const targetOperations = [spaces.get, changeRequests.get, content.listPages, changeRequestContent.listPages];
