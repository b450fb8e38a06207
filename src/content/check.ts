import type { DocsClient } from '../api/client.js';
import { changeRequestComments } from '../api/operations/change-request-comments.js';
import { spaces } from '../api/operations/spaces.js';
import { scopeMarkdown, scopePages } from '../api/scope.js';
import type { ChangeRequest } from '../api/schemas/change-request.js';
import type { Comment } from '../api/schemas/comment.js';
import { checkPageTree, type ContentLocation, type LinkItem, type LinkList, type Page } from '../api/schemas/content.js';
import { comparePages, type PageChange } from './diff.js';
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
  /**
   * `cr check` only: true when the change request brings the finding, false when the primary
   * content has it already (reported with `all` only). Absent from `spaces check`.
   */
  introduced?: boolean;
}

export interface CheckResult {
  ok: boolean;
  findings: Finding[];
}

export interface CheckOptions {
  ignore?: readonly CheckKind[];
  /** `cr check --all`: report what the primary content already has too (`introduced: false`). */
  all?: boolean;
  signal?: AbortSignal;
  /** Called with the number of page requests (bodies, link reports) done so far and how many there are. */
  onProgress?: (done: number, total: number) => void;
  /** Called with the page tree checked (the change request's for `cr check`), for reports that name each page's file. */
  onTree?: (pages: readonly Page[]) => void;
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

/**
 * What a change request brings: the pages it adds, modifies or moves are checked in the change
 * request, and so are the pages linking to a page it removes or moves (read from the primary
 * content's link report, only when it removes or moves one); every other page is the primary
 * content's, unchanged. A broken link is the change request's when its page report's
 * `stats.broken.changeRequest` says so; when that count does not settle it (some of the page's
 * broken links are, some are not, or the server does not give it), the page's report in the
 * primary content is compared. An empty page is the change request's when it adds or empties it.
 *
 * With `all`, what the primary content already has is reported too, `introduced: false`: the
 * broken links of its link report on the pages the change request leaves alone (each checked in
 * the change request instead when it adds or moves pages, which can mend a link), and its other
 * empty pages.
 */
export async function checkChangeRequest(
  client: DocsClient,
  params: { spaceId: string; changeRequestId: string },
  options: CheckOptions = {},
): Promise<CheckResult> {
  const skip = new Set(options.ignore ?? []);
  const all = options.all === true;
  const call = inFlight(options.signal);
  const { spaceId } = params;
  // The two trees are the largest answers by far: each is checked for what the walk below reads.
  const trees = { ...call, validate: checkPageTree };
  const [cr, tree, primaryTree] = await Promise.all([
    client.changeRequests.get(params, call),
    scopePages(client, params, trees),
    skip.has('broken-link') && skip.has('empty-page') ? undefined : scopePages(client, { spaceId }, trees),
  ]);
  options.onTree?.(tree);
  const pages = flattenTree(tree);
  const findings: Finding[] = skip.has('outdated') ? [] : changeRequestFindings(cr).map(introduced(true));
  // The comments are read while the pages are.
  const comments = skip.has('open-comment') ? undefined : openComments(client, params, call);
  comments?.catch(() => undefined);

  if (primaryTree) {
    const before = flattenTree(primaryTree);
    const inPrimary = new Set(before.map((p) => p.id));
    const byId = new Map(pages.map((p) => [p.id, p]));
    const isDocument = (id: string) => byId.get(id)?.type === 'document';
    const { pages: changes, texts } = await comparePages(client, params, before, pages, {
      ...call,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    const has = (kind: PageChange) => changes.some((c) => c.changes.includes(kind));
    // The pages whose own content the change request changed (a moved page's relative links resolve anew).
    const touched = new Set(
      changes.filter((c) => c.change !== 'removed' && (c.change !== 'renamed' || c.changes.includes('moved'))).map((c) => c.id),
    );

    if (!skip.has('empty-page')) {
      const emptied = (id: string) => (texts.after.get(id) ?? '').trim() === '';
      const brought = new Set(
        changes.filter((c) => (c.change === 'added' || c.change === 'modified') && isDocument(c.id) && emptied(c.id)).map((c) => c.id),
      );
      findings.push(
        ...emptyPageFindings(
          pages.filter((p) => brought.has(p.id)),
          (p) => texts.after.get(p.id),
        ).map(introduced(true)),
      );
      if (all) {
        const others = pages.filter((p) => !brought.has(p.id));
        const bodies = new Map(others.map((p) => [p.id, texts.after.get(p.id)]));
        findings.push(...(await emptyPages(client, params, others, call, () => undefined, bodies)).map(introduced(false)));
      }
    }

    if (!skip.has('broken-link')) {
      const check = new Set([...touched].filter(isDocument));
      // Links to a page the change request removes or moves may break on pages it leaves alone.
      const gone = new Set(changes.filter((c) => c.changes.includes('removed') || c.changes.includes('moved')).map((c) => c.id));
      if (gone.size > 0)
        for await (const item of client.paginate(spaces.listLinks, { spaceId, query: { status: 'ok' } }, { ...call, pageSize: 1000 })) {
          const target = item.targetReference as { kind: string; page?: { id: string } } | undefined;
          if (target?.kind === 'page' && target.page && gone.has(target.page.id))
            for (const id of locationIds(item)) if (isDocument(id)) check.add(id);
        }
      const already: Finding[] = [];
      if (all) {
        // The primary content's broken links on the pages left alone: the same in the change request,
        // unless it adds or moves pages, which can mend them: then those pages are checked in it.
        const mends = has('added') || has('moved');
        for await (const item of client.paginate(spaces.listLinks, { spaceId, query: { status: 'broken' } }, { ...call, pageSize: 1000 })) {
          for (const id of locationIds(item)) {
            const page = byId.get(id);
            if (!page || check.has(id)) continue;
            if (mends) check.add(id);
            else already.push(...brokenLinkFindings([item], page.path).map(introduced(false)));
          }
        }
      }
      const ids = [...check];
      const progress = counter(options.onProgress, [ids.length]);
      const perPage = await pool(
        ids.map((id) => async () => {
          const page = byId.get(id) as FlatPage;
          const found = await pageBrokenLinks(client, params, page, inPrimary.has(id), call);
          progress();
          return found;
        }),
      );
      findings.push(...already, ...perPage.flat().filter((f) => all || f.introduced));
    }
  }

  if (comments) findings.push(...openCommentFindings(await comments).map(introduced(true)));
  return result(findings, pages);
}

async function openComments(
  client: DocsClient,
  params: { spaceId: string; changeRequestId: string },
  call: { signal?: AbortSignal },
): Promise<Comment[]> {
  const comments: Comment[] = [];
  for await (const c of client.paginate(changeRequestComments.list, { ...params, query: { status: 'open', format: 'markdown' } }, call))
    comments.push(c);
  return comments;
}

const introduced =
  (value: boolean) =>
  (f: Finding): Finding => ({ ...f, introduced: value });

/** The ids of the pages a link item is on. */
function locationIds(item: LinkItem): string[] {
  return (item.locationReferences ?? []).flatMap((loc) => (loc.kind === 'page' ? [(loc.page as { id: string }).id] : []));
}

/** Every item of a link report and its stats (from the first page), read a page at a time. */
async function linkReportOf(
  fetch: (query: { limit: number; page?: string }) => Promise<LinkList>,
): Promise<{ items: LinkItem[]; stats?: LinkList['stats'] }> {
  const items: LinkItem[] = [];
  let stats: LinkList['stats'] | undefined;
  let cursor: string | undefined;
  do {
    const list = await fetch({ limit: 1000, ...(cursor === undefined ? {} : { page: cursor }) });
    stats ??= list.stats;
    items.push(...list.items);
    cursor = list.next?.page;
  } while (cursor !== undefined);
  return { items, ...(stats ? { stats } : {}) };
}

/**
 * A page's broken links in the change request, each marked introduced or not: all of them when
 * the page is new; by `stats.broken.changeRequest` when it says none or all; else by the page's
 * report in the primary content (a target broken there too is not the change request's).
 */
async function pageBrokenLinks(
  client: DocsClient,
  params: { spaceId: string; changeRequestId: string },
  page: FlatPage,
  inPrimary: boolean,
  call: { signal?: AbortSignal },
): Promise<Finding[]> {
  const report = await linkReportOf((query) => client.changeRequestContent.listPageLinks({ ...params, pageId: page.id, query }, call));
  const broken = report.items.filter((i) => i.status === 'broken');
  if (broken.length === 0) return [];
  const brought = report.stats?.broken.changeRequest;
  let isNew: (item: LinkItem) => boolean;
  if (!inPrimary || brought === broken.length) isNew = () => true;
  else if (brought === 0) isNew = () => false;
  else {
    const before = await linkReportOf((query) =>
      client.content.listPageLinks({ spaceId: params.spaceId, pageId: page.id, query: { ...query, status: 'broken' } }, call),
    );
    const there = new Set(before.items.filter((i) => i.status === 'broken').map(targetKey));
    isNew = (item) => !there.has(targetKey(item));
  }
  return broken.flatMap((item) => brokenLinkFindings([item], page.path).map(introduced(isNew(item))));
}

const targetKey = (item: LinkItem): string => `${item.targetReference?.kind ?? ''}:${describeTarget(item.targetReference)}`;

export async function checkSpace(client: DocsClient, params: { spaceId: string }, options: CheckOptions = {}): Promise<CheckResult> {
  const skip = new Set(options.ignore ?? []);
  const call = inFlight(options.signal);
  const tree = await scopePages(client, params, call);
  options.onTree?.(tree);
  const pages = flattenTree(tree);
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
  params: { spaceId: string; changeRequestId?: string },
  pages: readonly FlatPage[],
  call: { signal?: AbortSignal },
  progress: () => void,
  known: ReadonlyMap<string, string | undefined> = new Map(),
): Promise<Finding[]> {
  const texts = new Map<string, string>();
  await pool(
    pages
      .filter((p) => p.type === 'document')
      .map((page) => async () => {
        const markdown = known.get(page.id) ?? page.markdown;
        if (markdown !== undefined) return texts.set(page.id, markdown);
        texts.set(page.id, await scopeMarkdown(client, params, page.id, call));
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
