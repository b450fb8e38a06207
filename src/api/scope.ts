import type { Operation, OperationParams, OperationResult } from './operation.js';
import { changeRequestContent } from './operations/change-request-content.js';
import { changeRequests } from './operations/change-requests.js';
import { content } from './operations/content.js';
import { spaces } from './operations/spaces.js';
import { contentTwins, type Twin } from './operations/twins.js';
import type { CallOptions, OperationClient } from './request.js';
import { changeRequestLabel, type ChangeRequest } from './schemas/change-request.js';
import type { Page } from './schemas/content.js';
import type { Space } from './schemas/space.js';

/**
 * Where content is read or changed: a space's primary content, or one of its change requests. The
 * API gives both the same calls under two paths (twins.ts); a Scope picks one, so a command, a
 * content tool or a view says once what it reads and never writes the `changeRequestId === undefined`
 * ternary itself. Everything here only calls operations given by their table entry, so a command's
 * sender (without the whole table) serves as well as the typed client.
 */
export interface Scope {
  spaceId: string;
  /** Absent: the space's primary content. */
  changeRequestId?: string;
}

/** All a scope needs of a client. */
export type ScopeCaller = Pick<OperationClient, 'call'>;
type Call = CallOptions;

export const scopeOf = (spaceId: string, changeRequestId?: string): Scope =>
  changeRequestId === undefined ? { spaceId } : { spaceId, changeRequestId };

/** What a twin call takes besides the scope. */
export type ScopeRest<S> = Omit<OperationParams<S>, 'spaceId'>;

/**
 * The operation and params of a twin for the scope. The twin is typed as the space operation: twins.ts
 * only pairs operations that take the same params (plus `changeRequestId`) and answer the same shape.
 */
export function inScope<S extends Operation, C extends Operation>(
  twin: Twin<S, C>,
  scope: Scope,
  params: ScopeRest<S>,
): [S, OperationParams<S>] {
  const { spaceId, changeRequestId } = scope;
  if (changeRequestId === undefined) return [twin.space, { ...params, spaceId } as unknown as OperationParams<S>];
  return [twin.changeRequest as unknown as S, { ...params, spaceId, changeRequestId } as unknown as OperationParams<S>];
}

/** One call of a twin in the scope. */
export function callInScope<S extends Operation, C extends Operation>(
  client: ScopeCaller,
  twin: Twin<S, C>,
  scope: Scope,
  params: ScopeRest<S>,
  call: Call = {},
): Promise<OperationResult<S>> {
  const [op, all] = inScope(twin, scope, params);
  return client.call(op, all, call);
}

/** The page tree of the scope. */
export async function scopePages(client: ScopeCaller, scope: Scope, call: Call = {}): Promise<Page[]> {
  return (await callInScope(client, contentTwins.listPages, scope, {}, call)).pages;
}

/** One page of the scope with its markdown (`format: markdown`). */
export function scopePage(client: ScopeCaller, scope: Scope, pageId: string, call: Call = {}): Promise<Page> {
  return callInScope(client, contentTwins.getPage, scope, { pageId, query: { format: 'markdown' } }, call);
}

/** A page's markdown: documents read with `format: markdown` carry it; groups, links and other pages have none. */
export const markdownOf = (page: Page): string | undefined =>
  'markdown' in page && typeof page.markdown === 'string' ? page.markdown : undefined;

/** One page's markdown in the scope, fetched; '' for a page without any. */
export async function scopeMarkdown(client: ScopeCaller, scope: Scope, pageId: string, call: Call = {}): Promise<string> {
  return markdownOf(await scopePage(client, scope, pageId, call)) ?? '';
}

type PageLinks = typeof content.listPageLinks;

/**
 * The links of one page, as the list operation and its params (for paging). The change request's
 * operation takes the same params but `status`, so it is typed as the space's; a change request page has
 * no `status` filter in the API, so that call is refused before anything is sent.
 */
export function pageLinksIn(
  scope: Scope,
  pageId: string,
  query: OperationParams<PageLinks>['query'] = {},
): [PageLinks, OperationParams<PageLinks>] {
  const { spaceId, changeRequestId } = scope;
  if (changeRequestId === undefined) return [content.listPageLinks, { spaceId, pageId, query }];
  const { status, ...rest } = query ?? {};
  if (status !== undefined) throw new ScopeError('a change request page has no status filter for its links');
  const params = { spaceId, changeRequestId, pageId, query: rest };
  return [changeRequestContent.listPageLinks as unknown as PageLinks, params];
}

/** A call the scope cannot make (a filter only the space's operation takes). */
export class ScopeError extends Error {}

/** The operations of `pageLinksIn`, for a command's `static operations`. */
export const pageLinkOperations = [content.listPageLinks, changeRequestContent.listPageLinks];

/* ---------- in words ---------- */

/** `space sp_1`, or `change request 42 of space sp_1`: the scope by its ids, said before anything is fetched. */
export function scopeLabel(scope: Scope): string {
  const space = `space ${scope.spaceId}`;
  return scope.changeRequestId === undefined ? space : `change request ${scope.changeRequestId} of ${space}`;
}

/** `space "Guides"`, or `change request #3 "Windows" of space "Guides"`: the scope by its names, once fetched. */
export function namedScopeLabel(space: Pick<Space, 'id' | 'title'>, changeRequest?: Pick<ChangeRequest, 'number' | 'subject'>): string {
  const spaceText = space.title ? `space "${space.title}"` : `space ${space.id}`;
  return changeRequest ? `change request ${changeRequestLabel(changeRequest)} of ${spaceText}` : spaceText;
}

/** The scope's space and change request, fetched at once, with its name in words and its address in the app. */
export interface ScopeDetails {
  scope: Scope;
  space: Space;
  changeRequest?: ChangeRequest;
  /** `space "Guides"`, or `change request #3 "Windows" of space "Guides"`. */
  label: string;
  /** The change request's page in the app, else the space's; undefined when the API gives none. */
  appUrl?: string;
}

export async function describeScope(client: ScopeCaller, scope: Scope, call: Call = {}): Promise<ScopeDetails> {
  const { spaceId, changeRequestId } = scope;
  const [space, changeRequest] = await Promise.all([
    client.call(spaces.get, { spaceId }, call),
    changeRequestId !== undefined ? client.call(changeRequests.get, { spaceId, changeRequestId }, call) : undefined,
  ]);
  return scopeDetails(scope, space, changeRequest);
}

/** The same from a space and change request already at hand (a view that fetched them). */
export function scopeDetails(scope: Scope, space: Space, changeRequest?: ChangeRequest): ScopeDetails {
  const appUrl = changeRequest ? changeRequest.urls?.app : space.urls?.app;
  return {
    scope,
    space,
    ...(changeRequest ? { changeRequest } : {}),
    label: namedScopeLabel(space, changeRequest),
    ...(appUrl !== undefined ? { appUrl } : {}),
  };
}

/** The operations of `describeScope` and `scopePages`, for a command's `static operations`. */
export const scopeOperations = [spaces.get, changeRequests.get, content.listPages, changeRequestContent.listPages];
