import { describeScope, scopePages, type Scope, type ScopeCaller, type ScopeDetails } from '../api/scope.js';
import type { Page } from '../api/schemas/content.js';
import { childrenOf } from './format/content.js';

/**
 * The content a git import, an import or a template is about to change, described for the
 * question asked first (`space "Guides" (12 pages)`) and counted again afterwards, so the command
 * can say `pages 12 → 18`. The operations they call are api/scope.ts's `scopeOperations`.
 */

/** The scope's names and address (`label`: `space "Guides"`, or `change request #3 "Windows" of space "Guides"`) and its page count. */
export interface ContentBefore extends ScopeDetails {
  pages: number;
}

const countPages = (pages: readonly Page[]): number => pages.reduce((n, p) => n + 1 + countPages(childrenOf(p)), 0);

const pageCount = async (client: ScopeCaller, scope: Scope, signal: AbortSignal) => countPages(await scopePages(client, scope, { signal }));

export async function contentBefore(client: ScopeCaller, scope: Scope, signal: AbortSignal): Promise<ContentBefore> {
  const [details, pages] = await Promise.all([describeScope(client, scope, { signal }), pageCount(client, scope, signal)]);
  return { ...details, pages };
}

export const pagesText = (n: number): string => `${n} page${n === 1 ? '' : 's'}`;

/** `pages 12 → 18`, said after the change. */
export async function pagesAfter(client: ScopeCaller, before: ContentBefore, signal: AbortSignal): Promise<string> {
  const after = await pageCount(client, before.scope, signal).catch(() => undefined);
  return after === undefined ? `pages before: ${before.pages}` : `pages ${before.pages} → ${after}`;
}
