import type { DocsClient } from '../api/client.js';
import { changeRequestComments } from '../api/operations/change-request-comments.js';
import { spaces } from '../api/operations/spaces.js';
import { scopeMarkdown, scopePages } from '../api/scope.js';
import type { ChangeRequest } from '../api/schemas/change-request.js';
import type { Comment } from '../api/schemas/comment.js';
import { checkPageTree, type ContentLocation, type LinkItem, type LinkList, type Page } from '../api/schemas/content.js';
import { comparePages, type PageChange } from './diff.js';
import { checkExternal, type ExternalOptions, type ExternalVerdict } from './external.js';
import { brokenAnchors, externalLinks, linkContext, linksOf, type LinkAt, type PageText } from './link-check.js';
import { extractLinks } from './markdown-links.js';
import { flattenTree, type FlatPage } from './page-tree.js';
import { inFlight, pool } from './pool.js';
import { fileLine, subpages } from './pull.js';

/**
 * Checks before a merge (a change request) or on a schedule (a space's primary content), built
 * only from what the API already reports: its link reports, the pages' markdown, the change
 * request's `outdated` flag and its comments. Broken links are the link report's: nothing is
 * resolved here that the server could judge differently. Two checks the report does not make are
 * read from the markdown (link-check.ts): anchors (`broken-anchor`), and with `external`, http(s)
 * links (`external-broken`; `external-redirect` and `external-unverified` are warnings, which do
 * not fail the check, but `external-unverified` does with `strict`).
 */

export const CHECK_KINDS = [
  'broken-link',
  'broken-anchor',
  'empty-page',
  'outdated',
  'open-comment',
  'external-broken',
  'external-redirect',
  'external-unverified',
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];
/** The kinds only `--external` reports. */
export const EXTERNAL_KINDS: readonly CheckKind[] = ['external-broken', 'external-redirect', 'external-unverified'];

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
  /**
   * The line of the page's file in the Git Sync layout (`docs spaces pull`'s file: front matter and
   * title heading first) where the link is; absent when the finding has none (an empty page) or the
   * link could not be found in the markdown.
   */
  line?: number;
  /** `warning` for a finding that does not fail the check (a permanent redirect; an unverified link without strict). */
  severity?: 'warning';
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
  /** Check the http(s) links too (`--external`), with these limits and cache. */
  external?: ExternalOptions & {
    /** `--strict-external`: an unverified link fails the check. */
    strict?: boolean;
  };
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
    const url = (item.targetReference as { kind?: string; url?: unknown } | undefined)?.url;
    const raw = item.targetReference?.kind === 'url' && typeof url === 'string' ? url : undefined;
    for (const path of where.length > 0 ? where : [null]) {
      const finding: Finding = { kind: 'broken-link', page: path, message };
      if (raw) LINK_TARGETS.set(finding, raw);
      out.push(finding);
    }
  }
  return out;
}

/** The target as written of each broken-link finding from a `url` target: to find its line in the page. */
const LINK_TARGETS = new WeakMap<Finding, string>();

/**
 * Each broken-link finding with the line of its page's file where the link is: the first link of
 * the markdown written as the report gives it (or so once percent-decoded). `pages` gives each
 * page's markdown and description by path; a finding whose link is not found keeps no line.
 */
export function withLines(findings: readonly Finding[], pages: ReadonlyMap<string, { markdown: string; description?: string }>): Finding[] {
  const links = new Map<string, ReturnType<typeof extractLinks>>();
  return findings.map((f) => {
    const raw = LINK_TARGETS.get(f);
    const page = f.page === null ? undefined : pages.get(f.page);
    if (f.line !== undefined || raw === undefined || !page || f.page === null) return f;
    let list = links.get(f.page);
    if (!list) links.set(f.page, (list = extractLinks(page.markdown)));
    const same = (target: string) => target === raw || safeDecode(target) === safeDecode(raw);
    const link = list.find((l) => same(l.target));
    return link ? { ...f, line: fileLine(link.line, page.description) } : f;
  });
}

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

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
    skip.has('broken-link') && skip.has('empty-page') && skip.has('broken-anchor') && !externalWanted(options, skip)
      ? undefined
      : scopePages(client, { spaceId }, trees),
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
        const markdown = await markdownOf(client, params, others, call, () => undefined, bodies);
        findings.push(...emptyPageFindings(others, (page) => markdown.get(page.id)).map(introduced(false)));
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

    const anchors = !skip.has('broken-anchor');
    const external = externalWanted(options, skip);
    let after: ReadonlyMap<string, string> = texts.after;
    if (anchors || external) {
      // Every document's markdown on both sides: a page without its own on a side has the same document on both.
      const missing = pages.filter((p) => p.type === 'document' && !texts.after.has(p.id));
      const fetched = await markdownOf(client, params, missing, call, () => undefined);
      after = new Map([...texts.after, ...fetched]);
      const beforeTexts = new Map(texts.before);
      for (const page of before)
        if (!beforeTexts.has(page.id) && after.has(page.id)) beforeTexts.set(page.id, after.get(page.id) as string);
      const afterLinks = linksOf(documents(pages, after));
      const beforeLinks = linksOf(documents(before, beforeTexts));
      const hosts = appHosts(tree);
      const afterContext = linkContext(pages, after, hosts);
      const descriptions = descriptionsOf(tree);
      if (anchors) {
        const key = (p: ReturnType<typeof brokenAnchors>[number]) => `${p.page.id}\0${p.target.id}\0${p.anchor}`;
        const there = new Set(brokenAnchors(beforeLinks, linkContext(before, beforeTexts, hosts)).map(key));
        for (const problem of brokenAnchors(afterLinks, afterContext)) {
          const isNew = !there.has(key(problem));
          if (all || isNew) findings.push(...anchorFindings([problem], descriptions).map(introduced(isNew)));
        }
      }
      if (external) {
        // A URL is the change request's on a page where the primary content does not link to it.
        const linkedBefore = new Set(
          [...externalLinks(beforeLinks, linkContext(before, beforeTexts, hosts))].flatMap(([url, places]) =>
            places.map((p) => `${p.page.id}\0${url}`),
          ),
        );
        const at = new Map<string, LinkAt[]>();
        const isNew = (url: string, place: LinkAt) => !linkedBefore.has(`${place.page.id}\0${url}`);
        for (const [url, places] of externalLinks(afterLinks, afterContext)) {
          const kept = all ? places : places.filter((place) => isNew(url, place));
          if (kept.length > 0) at.set(url, kept);
        }
        const verdicts = await checkExternal(at.keys(), { ...options.external, ...call });
        for (const [url, places] of at)
          for (const place of places)
            findings.push(
              ...externalFindings(new Map([[url, [place]]]), verdicts, descriptions, options.external?.strict === true, skip).map(
                introduced(isNew(url, place)),
              ),
            );
      }
    }
    const lined = withLines(findings, filesOf(tree, pages, after));
    findings.length = 0;
    findings.push(...lined);
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
  (f: Finding): Finding => {
    const marked = { ...f, introduced: value };
    const raw = LINK_TARGETS.get(f);
    if (raw !== undefined) LINK_TARGETS.set(marked, raw);
    return marked;
  };

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
  const external = externalWanted(options, skip);
  const anchors = !skip.has('broken-anchor');

  let broken: Finding[] = [];
  if (!skip.has('broken-link')) {
    const items: LinkItem[] = [];
    for await (const item of client.paginate(spaces.listLinks, { ...params, query: { status: 'broken' } }, call)) items.push(item);
    broken = brokenLinkFindings(items);
  }
  // Every document's markdown when a check reads them all; else only those of the pages with a broken link (for its line).
  const everything = !skip.has('empty-page') || anchors || external;
  const withBroken = new Set(broken.map((f) => f.page));
  const read = everything ? pages : pages.filter((p) => withBroken.has(p.path));
  const fetches = read.filter((p) => p.type === 'document' && p.markdown === undefined).length;
  const texts = await markdownOf(client, params, read, call, counter(options.onProgress, [fetches]));

  if (!skip.has('empty-page')) findings.push(...emptyPageFindings(pages, (page) => texts.get(page.id)));
  findings.push(...withLines(broken, filesOf(tree, pages, texts)));
  if (anchors || external) {
    const docs = documents(pages, texts);
    const links = linksOf(docs);
    const context = linkContext(pages, texts, appHosts(tree));
    const descriptions = descriptionsOf(tree);
    if (anchors) findings.push(...anchorFindings(brokenAnchors(links, context), descriptions));
    if (external) {
      const at = externalLinks(links, context);
      const verdicts = await checkExternal(at.keys(), { ...options.external, ...call });
      findings.push(...externalFindings(at, verdicts, descriptions, options.external?.strict === true, skip));
    }
  }
  return result(findings, pages);
}

/** Whether `--external` was asked for and any of its kinds is reported. */
const externalWanted = (options: CheckOptions, skip: ReadonlySet<CheckKind>) =>
  options.external !== undefined && EXTERNAL_KINDS.some((k) => !skip.has(k));

/** The document pages whose markdown is known, with it. */
const documents = (pages: readonly FlatPage[], texts: ReadonlyMap<string, string>): PageText[] =>
  pages.flatMap((page) => {
    const markdown = texts.get(page.id);
    return page.type === 'document' && markdown !== undefined ? [{ page, markdown }] : [];
  });

/** Each page's description by id (it shifts the lines of its file: front matter). */
function descriptionsOf(tree: readonly Page[]): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  const walk = (list: readonly Page[]) => {
    for (const page of list) {
      out.set(page.id, page.description);
      walk(subpages(page));
    }
  };
  walk(tree);
  return out;
}

/** The markdown and description of each page by path, for `withLines`. */
function filesOf(tree: readonly Page[], pages: readonly FlatPage[], texts: ReadonlyMap<string, string>) {
  const descriptions = descriptionsOf(tree);
  const out = new Map<string, { markdown: string; description?: string }>();
  for (const page of pages) {
    const markdown = texts.get(page.id);
    const description = descriptions.get(page.id);
    if (markdown !== undefined && !out.has(page.path)) out.set(page.path, { markdown, ...(description ? { description } : {}) });
  }
  return out;
}

/** The hosts of the app: those of the pages' app URLs (`urls.app`). */
function appHosts(tree: readonly Page[]): Set<string> {
  const hosts = new Set<string>();
  const walk = (list: readonly Page[]) => {
    for (const page of list) {
      const app = (page as { urls?: { app?: unknown } }).urls?.app;
      if (typeof app === 'string')
        try {
          hosts.add(new URL(app).host.toLowerCase());
        } catch {
          // not a URL: no host
        }
      walk(subpages(page));
    }
  };
  walk(tree);
  return hosts;
}

const lineIn = (at: LinkAt, descriptions: ReadonlyMap<string, string | undefined>) => fileLine(at.link.line, descriptions.get(at.page.id));

/** One broken-anchor finding per link to an anchor its page does not have. */
function anchorFindings(problems: ReturnType<typeof brokenAnchors>, descriptions: ReadonlyMap<string, string | undefined>): Finding[] {
  return problems.map((p) => ({
    kind: 'broken-anchor' as const,
    page: p.page.path,
    message:
      p.target.id === p.page.id
        ? `broken anchor #${p.anchor}: no heading of this page has it`
        : `broken anchor ${p.target.path}#${p.anchor}: no heading of that page has it`,
    line: lineIn(p, descriptions),
  }));
}

/** One finding per external link that is not ok, where it is: broken, redirected (a warning) or unverified (a warning unless strict). */
function externalFindings(
  at: ReadonlyMap<string, readonly LinkAt[]>,
  verdicts: ReadonlyMap<string, ExternalVerdict>,
  descriptions: ReadonlyMap<string, string | undefined>,
  strict: boolean,
  skip: ReadonlySet<CheckKind>,
): Finding[] {
  const out: Finding[] = [];
  for (const [url, places] of at) {
    const verdict = verdicts.get(url);
    if (!verdict || verdict.status === 'ok') continue;
    const [kind, message, warning]: [CheckKind, string, boolean] =
      verdict.status === 'broken'
        ? ['external-broken', `broken external link to ${url}: ${verdict.detail}`, false]
        : verdict.status === 'redirect'
          ? [
              'external-redirect',
              `external link to ${url} redirects permanently (${verdict.detail}): link to ${verdict.location} instead`,
              true,
            ]
          : ['external-unverified', `external link to ${url} could not be verified: ${verdict.detail}`, !strict];
    if (skip.has(kind)) continue;
    for (const place of places)
      out.push({
        kind,
        page: place.page.path,
        message,
        line: lineIn(place, descriptions),
        ...(warning ? { severity: 'warning' as const } : {}),
      });
  }
  return out;
}

/** The markdown of the document pages, from `known`, the tree, or fetched (a tick each). */
async function markdownOf(
  client: DocsClient,
  params: { spaceId: string; changeRequestId?: string },
  pages: readonly FlatPage[],
  call: { signal?: AbortSignal },
  progress: () => void,
  known: ReadonlyMap<string, string | undefined> = new Map(),
): Promise<Map<string, string>> {
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
  return texts;
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
    ok: findings.every((f) => f.severity === 'warning'),
    findings: sortFindings(
      findings,
      pages.map((p) => p.path),
    ),
  };
}
