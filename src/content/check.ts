import type { DocsClient } from '../api/client.js';
import { changeRequestComments } from '../api/operations/change-request-comments.js';
import { changeRequestContent } from '../api/operations/change-request-content.js';
import { spaces } from '../api/operations/spaces.js';
import { scopeMarkdown, scopePages, type Scope } from '../api/scope.js';
import type { ChangeRequest } from '../api/schemas/change-request.js';
import type { Comment } from '../api/schemas/comment.js';
import type { ContentLocation, LinkItem } from '../api/schemas/content.js';
import { flattenTree, type FlatPage } from './page-tree.js';
import { inFlight, pool } from './pool.js';

/**
 * Checks before a merge (a change request) or on a schedule (a space's primary content), built
 * only from what the API already reports: its link reports, the pages' markdown, the change
 * request's `outdated` flag and its comments. Nothing is computed that the server could judge
 * differently (no link resolution of our own), so a finding here is one the app would show.
 */

export const CHECK_KINDS = ['broken-link', 'empty-page', 'outdated', 'open-comment'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export interface Finding {
  kind: CheckKind;
  /** The page's path; null when the finding is about the change request as a whole. */
  page: string | null;
  message: string;
}

export interface CheckResult {
  ok: boolean;
  findings: Finding[];
}

export interface CheckOptions {
  ignore?: readonly CheckKind[];
  signal?: AbortSignal;
  /** Called with the number of page requests (bodies, link reports) done so far and how many there are. */
  onProgress?: (done: number, total: number) => void;
}

/** What a link points to, in the words a reader of the page would use. */
export function describeTarget(target: ContentLocation | undefined): string {
  if (!target) return 'an unknown target';
  const record = target as Record<string, unknown>;
  switch (target.kind) {
    case 'url':
      return String(record.url);
    case 'page': {
      const page = record.page as { path?: string; title?: string; id: string };
      return page.path ?? page.title ?? page.id;
    }
    case 'file':
      return `file ${(record.file as { name?: string; id: string }).name ?? (record.file as { id: string }).id}`;
    default:
      return String(target.kind);
  }
}

/**
 * One finding per broken link and page it is on. `page` names the page when the report is a
 * page's own; otherwise each item's location references say where the link is.
 */
export function brokenLinkFindings(items: readonly LinkItem[], page?: string): Finding[] {
  const out: Finding[] = [];
  for (const item of items) {
    if (item.status !== 'broken') continue;
    const message = `broken link to ${describeTarget(item.targetReference)}`;
    const where =
      page !== undefined
        ? [page]
        : (item.locationReferences ?? [])
            .map((loc) => (loc.kind === 'page' ? pathOf(loc.page as { id: string }) : null))
            .filter((p) => p !== null);
    for (const path of where.length > 0 ? where : [null]) out.push({ kind: 'broken-link', page: path, message });
  }
  return out;
}

const pathOf = (page: { path?: unknown; slug?: unknown; id: string }): string =>
  typeof page.path === 'string' ? page.path.replace(/^\/+|\/+$/g, '') : typeof page.slug === 'string' ? page.slug : page.id;

/** Document pages whose markdown is empty or only whitespace (groups and links have no body). */
export function emptyPageFindings(pages: readonly FlatPage[], markdown: (page: FlatPage) => string | undefined): Finding[] {
  return pages
    .filter((page) => page.type === 'document' && (markdown(page) ?? '').trim() === '')
    .map((page) => ({ kind: 'empty-page' as const, page: page.path, message: `"${page.title}" has no content` }));
}

/** Findings about the change request itself: behind the primary content. */
export function changeRequestFindings(cr: ChangeRequest): Finding[] {
  if (!cr.outdated) return [];
  return [
    {
      kind: 'outdated',
      page: null,
      message: `change request #${cr.number} is behind the primary content: update it (docs cr update-branch ${cr.number}) and check again; it may conflict`,
    },
  ];
}

/** Comments that are not resolved (a comment without a status is counted as open). */
export function openCommentFindings(comments: readonly Comment[]): Finding[] {
  return comments
    .filter((c) => c.status === undefined || c.status === 'open')
    .map((c) => {
      const by = c.postedBy.displayName ?? c.postedBy.id;
      const page = c.target?.page;
      const text = preview(c.body);
      const message = `open comment ${c.id} by ${by}${text ? `: "${text}"` : ''}`;
      return { kind: 'open-comment' as const, page: page ? pathOf(page) : null, message };
    });
}

/** The first line of a comment's markdown body (asked for with `format: markdown`), cut to PREVIEW characters. */
function preview(body: unknown): string {
  const markdown = (body as { markdown?: unknown } | undefined)?.markdown;
  if (typeof markdown !== 'string') return '';
  const line = markdown.trim().split('\n')[0]?.trim() ?? '';
  return line.length > PREVIEW ? `${line.slice(0, PREVIEW - 1)}…` : line;
}
const PREVIEW = 60;

/** Findings about the whole first, then by the pages' reading order; a page not in the tree last. */
export function sortFindings(findings: readonly Finding[], order: readonly string[]): Finding[] {
  const rank = new Map(order.map((path, i) => [path, i]));
  const at = (f: Finding) => (f.page === null ? -1 : (rank.get(f.page) ?? order.length));
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => at(a.f) - at(b.f) || a.i - b.i)
    .map((e) => e.f);
}

export async function checkChangeRequest(
  client: DocsClient,
  params: { spaceId: string; changeRequestId: string },
  options: CheckOptions = {},
): Promise<CheckResult> {
  const skip = new Set(options.ignore ?? []);
  const call = inFlight(options.signal);
  const [cr, tree] = await Promise.all([client.changeRequests.get(params, call), scopePages(client, params, call)]);
  const pages = flattenTree(tree);
  const docs = pages.filter((p) => p.type === 'document');
  const findings: Finding[] = skip.has('outdated') ? [] : changeRequestFindings(cr);

  const progress = counter(options.onProgress, [
    skip.has('empty-page') ? 0 : docs.filter((p) => p.markdown === undefined).length,
    skip.has('broken-link') ? 0 : docs.length,
  ]);
  if (!skip.has('empty-page')) findings.push(...(await emptyPages(client, params, pages, call, progress)));
  if (!skip.has('broken-link')) {
    // A change request has no link report of its own, only one per page.
    const perPage = await pool(
      docs.map((page) => async () => {
        const items: LinkItem[] = [];
        for await (const item of client.paginate(changeRequestContent.listPageLinks, { ...params, pageId: page.id }, call))
          items.push(item);
        progress();
        return brokenLinkFindings(items, page.path);
      }),
    );
    findings.push(...perPage.flat());
  }
  if (!skip.has('open-comment')) {
    const comments: Comment[] = [];
    for await (const c of client.paginate(changeRequestComments.list, { ...params, query: { status: 'open', format: 'markdown' } }, call))
      comments.push(c);
    findings.push(...openCommentFindings(comments));
  }
  return result(findings, pages);
}

export async function checkSpace(client: DocsClient, params: { spaceId: string }, options: CheckOptions = {}): Promise<CheckResult> {
  const skip = new Set(options.ignore ?? []);
  const call = inFlight(options.signal);
  const pages = flattenTree(await scopePages(client, params, call));
  const findings: Finding[] = [];

  if (!skip.has('empty-page')) {
    const fetches = pages.filter((p) => p.type === 'document' && p.markdown === undefined).length;
    findings.push(...(await emptyPages(client, params, pages, call, counter(options.onProgress, [fetches]))));
  }
  if (!skip.has('broken-link')) {
    const items: LinkItem[] = [];
    for await (const item of client.paginate(spaces.listLinks, { ...params, query: { status: 'broken' } }, call)) items.push(item);
    findings.push(...brokenLinkFindings(items));
  }
  return result(findings, pages);
}

/** Empty document pages, their bodies fetched when the tree did not carry them. */
async function emptyPages(
  client: DocsClient,
  scope: Scope,
  pages: readonly FlatPage[],
  call: { signal?: AbortSignal },
  progress: () => void,
): Promise<Finding[]> {
  const texts = new Map<string, string>();
  await pool(
    pages
      .filter((p) => p.type === 'document')
      .map((page) => async () => {
        if (page.markdown !== undefined) return texts.set(page.id, page.markdown);
        texts.set(page.id, await scopeMarkdown(client, scope, page.id, call));
        progress();
      }),
  );
  return emptyPageFindings(pages, (page) => texts.get(page.id));
}

/** A tick for each request done, reported against the total of all `parts`. */
function counter(onProgress: CheckOptions['onProgress'], parts: number[]): () => void {
  const total = parts.reduce((a, b) => a + b, 0);
  let done = 0;
  onProgress?.(0, total);
  return () => onProgress?.(++done, total);
}

function result(findings: Finding[], pages: readonly FlatPage[]): CheckResult {
  return {
    ok: findings.length === 0,
    findings: sortFindings(
      findings,
      pages.map((p) => p.path),
    ),
  };
}
