import type { z } from 'zod';
import type { ContentLocation, LinkItem as PresentedLink } from '../../api/schemas/content.js';
import type { Organization } from '../../api/schemas/organization.js';
import type { Space } from '../../api/schemas/space.js';
import type { Store } from '../store/store.js';
import { linkTargets } from './markdown.js';
import { derived } from './revision-cache.js';
import {
  appUrl,
  flattenPages,
  pageIndex,
  presentFile,
  presentPage,
  type FileEntry,
  type PageNode,
  type PresentContext,
  type RevisionDoc,
} from './revisions.js';

/**
 * Link reports and backlinks, computed from the pages' markdown. A link is:
 * - `in-app` when it is an absolute URL into the app itself (the emulator's own host, or an `app.` host);
 * - `ok` when it is any other absolute URL, or a relative link to a page or file of the revision;
 * - `broken` when it is a relative link that matches no page or file of the revision.
 */

export type LinkStatus = 'ok' | 'broken' | 'in-app';

export type Target = { kind: 'page'; page: PageNode } | { kind: 'file'; file: FileEntry } | { kind: 'url'; url: string };

export interface ResolvedLink {
  status: LinkStatus;
  target: Target;
  /** Grouping key: the same target from several pages is one item. */
  key: string;
}

/** Presented `organization` and `space`, which every ContentLocation repeats. */
export interface Locator {
  organization: z.input<typeof Organization>;
  space: z.input<typeof Space>;
  ctx: PresentContext;
}

const normalize = (parts: string[]): string => {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
};

/** A path with an empty, `.` or `..` segment (or a leading or trailing slash): only those need `normalize`. */
const UNNORMAL = /(^|\/)\.{0,2}(\/|$)/;

/** `base/rel` normalized; most links need no more than the concatenation. */
const joinPath = (base: string, rel: string): string => {
  const joined = base === '' ? rel : `${base}/${rel}`;
  return UNNORMAL.test(joined) ? normalize(joined.split('/')) : joined;
};

/**
 * The page path a link names: without a `.md` suffix, a last `README` or `index` segment (any case) and trailing
 * slashes, in that order. String operations, not regular expressions: a link report resolves every link of
 * every page (40,000 at 10,000 pages), most of them ending in `.md`.
 */
function stripPageSuffix(path: string): string {
  let out = path;
  if (out.length >= 3 && out.charCodeAt(out.length - 3) === 46 /* . */ && out.slice(-2).toLowerCase() === 'md') out = out.slice(0, -3);
  const slash = out.lastIndexOf('/');
  const last = out.slice(slash + 1).toLowerCase();
  if (last === 'readme' || last === 'index') out = slash < 0 ? '' : out.slice(0, slash);
  let end = out.length;
  while (end > 0 && out.charCodeAt(end - 1) === 47 /* / */) end--;
  return end === out.length ? out : out.slice(0, end);
}

/** A link's target without its query or fragment. */
const withoutQuery = (target: string): string => {
  const q = target.indexOf('?');
  const h = target.indexOf('#');
  const at = q < 0 ? h : h < 0 ? q : Math.min(q, h);
  return at < 0 ? target : target.slice(0, at);
};

/** The folder of a page's path (`''` at the top). */
const folderOf = (path: string): string => {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
};

/**
 * What resolving a revision's links reads, built once per revision and base URL: the page and file
 * indexes, and one `ResolvedLink` per page or file target, so that the 10,000 links to one page are
 * one object with one key (grouped by identity, hashed once).
 */
interface Resolver {
  rev: RevisionDoc;
  byPath: ReadonlyMap<string, PageNode>;
  host: string;
  toPage: Map<PageNode, ResolvedLink>;
  toFile: Map<FileEntry, ResolvedLink>;
}

function resolverOf(rev: RevisionDoc, baseUrl: string): Resolver {
  const make = (): Resolver => ({ rev, byPath: pageIndex(rev.pages).byPath, host: ownHost(baseUrl), toPage: new Map(), toFile: new Map() });
  return derived(rev, `resolver ${baseUrl}`, make);
}

/** The page at a link's path (the first page for the root), if there is one. */
function pageAt(r: Resolver, candidate: string): PageNode | undefined {
  const path = stripPageSuffix(candidate);
  return r.byPath.get(path) ?? (path === '' ? r.rev.pages[0] : undefined);
}

/**
 * The page a relative link from `from` names: relative to the page's folder, to the page itself,
 * or from the root, the first that exists. Tried one at a time: most links hit the first.
 */
function linkedPage(r: Resolver, from: PageNode, target: string): PageNode | undefined {
  const raw = withoutQuery(target);
  let clean = raw;
  if (raw.includes('%')) {
    try {
      clean = decodeURIComponent(raw);
    } catch {
      // A link with broken percent-encoding is matched as written (and reported broken), never a 500.
    }
  }
  if (clean.startsWith('/')) return pageAt(r, joinPath('', clean));
  return pageAt(r, joinPath(folderOf(from.path), clean)) ?? pageAt(r, joinPath(from.path, clean)) ?? pageAt(r, joinPath('', clean));
}

const ownHosts = new Map<string, string>();
const ownHost = (baseUrl: string): string => {
  let host = ownHosts.get(baseUrl);
  if (host === undefined) {
    host = baseUrl === '' ? '' : new URL(baseUrl).host.toLowerCase();
    ownHosts.set(baseUrl, host);
  }
  return host;
};

/** What link resolution did, for tests that check its cost does not grow with the revision. */
export const linkWork = { pagesScanned: 0 };

/** Files by name and by id, first one wins (as a search of the list finds). */
function fileIndex(files: readonly FileEntry[]): { byName: Map<string, number>; byId: Map<string, number> } {
  return derived(files, 'fileIndex', () => {
    const byName = new Map<string, number>();
    const byId = new Map<string, number>();
    files.forEach((f, i) => {
      if (!byName.has(f.name)) byName.set(f.name, i);
      if (!byId.has(f.id)) byId.set(f.id, i);
    });
    return { byName, byId };
  });
}

/** Whether the link's resolution depends on the page it is on (a relative link), rather than on its text alone. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const dependsOnPage = (target: string): boolean => !target.startsWith('/') && !SCHEME.test(target);

export function resolveLink(rev: RevisionDoc, from: PageNode, raw: string, baseUrl: string): ResolvedLink | undefined {
  return resolveWith(resolverOf(rev, baseUrl), from, raw);
}

function resolveWith(r: Resolver, from: PageNode, raw: string): ResolvedLink | undefined {
  const target = raw.trim();
  if (target === '' || target.startsWith('#')) return undefined;
  const scheme = SCHEME.exec(target)?.[1]?.toLowerCase();
  if (scheme) {
    if (scheme === 'http' || scheme === 'https') {
      let host: string;
      try {
        host = new URL(target).host.toLowerCase();
      } catch {
        return { status: 'broken', target: { kind: 'url', url: target }, key: `url:${target}` };
      }
      const inApp = host === r.host || host.startsWith('app.');
      return { status: inApp ? 'in-app' : 'ok', target: { kind: 'url', url: target }, key: `url:${target}` };
    }
    return { status: 'ok', target: { kind: 'url', url: target }, key: `url:${target}` };
  }
  const page = linkedPage(r, from, target);
  if (page) {
    let link = r.toPage.get(page);
    if (!link) {
      link = { status: 'ok', target: { kind: 'page', page }, key: `page:${page.id}` };
      r.toPage.set(page, link);
    }
    return link;
  }
  const file = fileReferenced(r.rev.files, target);
  if (file) {
    let link = r.toFile.get(file);
    if (!link) {
      link = { status: 'ok', target: { kind: 'file', file }, key: `file:${file.id}` };
      r.toFile.set(file, link);
    }
    return link;
  }
  return { status: 'broken', target: { kind: 'url', url: target }, key: `url:${target}` };
}

/** The file a relative link names (by its last path segment, or by id). */
export function fileReferenced(files: readonly FileEntry[], target: string): FileEntry | undefined {
  const path = withoutQuery(target);
  let last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes('%')) {
    try {
      last = decodeURIComponent(last);
    } catch {
      // keep the raw segment
    }
  }
  const { byName, byId } = fileIndex(files);
  const at = Math.min(byName.get(last) ?? Infinity, byId.get(last) ?? Infinity);
  return at === Infinity ? undefined : files[at];
}

export function pageLocation(page: PageNode, loc: Locator): z.input<typeof ContentLocation> {
  // The page without its children: a location names one page.
  return { kind: 'page', organization: loc.organization, space: loc.space, page: presentPage(page, loc.ctx, { children: false }) };
}

function presentTarget(target: Target, loc: Locator): z.input<typeof ContentLocation> {
  if (target.kind === 'url') return { kind: 'url', url: target.url };
  if (target.kind === 'page') return pageLocation(target.page, loc);
  return { kind: 'file', organization: loc.organization, space: loc.space, file: presentFile(target.file, loc.ctx) };
}

export interface LinkReport {
  /** Each item with a stable id (its target), for paging. */
  items: LinkItem[];
  /** An item as the API shows it: only the items of the page sent are presented. */
  present: (item: LinkItem) => z.input<typeof PresentedLink>;
  /** The JSON text of `present(item)`, the same bytes, kept with the report for an item linked from many pages. */
  json: (item: LinkItem) => Buffer;
  stats: { total: number; broken: { total: number; changeRequest: number } };
}

export interface LinkItem {
  id: string;
  link: ResolvedLink;
  from: PageNode[];
}

type Grouped = Map<string, { link: ResolvedLink; from: PageNode[] }>;

function group(rev: RevisionDoc, baseUrl: string, pages: readonly PageNode[]): Grouped {
  const grouped: Grouped = new Map();
  const r = resolverOf(rev, baseUrl);
  // URLs and absolute paths resolve the same from every page: once each (null: not a link).
  const shared = new Map<string, ResolvedLink | null>();
  for (const page of pages) {
    linkWork.pagesScanned++;
    for (const target of linkTargets(page.markdown)) {
      let link: ResolvedLink | null | undefined;
      if (dependsOnPage(target)) link = resolveWith(r, page, target);
      else {
        link = shared.get(target);
        if (link === undefined) {
          link = resolveWith(r, page, target) ?? null;
          shared.set(target, link);
        }
      }
      if (!link) continue;
      let entry = grouped.get(link.key);
      if (!entry) {
        entry = { link, from: [] };
        grouped.set(link.key, entry);
      }
      // A page's links come one after the other: it is listed once if it is the last one listed.
      if (entry.from[entry.from.length - 1] !== page) entry.from.push(page);
    }
  }
  return grouped;
}

/**
 * Links of the given page (every page when `only` is undefined), grouped by target. The whole
 * revision's grouping is computed once per cached revision and base URL: do not change it. With a
 * `store`, the whole revision's grouping is read from the link index kept there (`storeLinkIndex`) when
 * it has this revision's, and otherwise computed and kept there for the next start.
 */
export function collectLinks(rev: RevisionDoc, baseUrl: string, only?: PageNode, store?: Store, ctx?: PresentContext): Grouped {
  if (only) return group(rev, baseUrl, [only]);
  // Frozen so that what is derived from it (counts, filtered items) is kept with it.
  return derived(rev, `links ${baseUrl}`, () => {
    const loaded = store && Object.isFrozen(rev) ? readLinkIndex(store, rev, baseUrl) : undefined;
    if (loaded) return Object.freeze(loaded);
    const grouped = Object.freeze(
      group(
        rev,
        baseUrl,
        flattenPages(rev.pages).map((e) => e.page),
      ),
    );
    if (store && Object.isFrozen(rev)) storeLinkIndex(store, rev, grouped, ctx ?? { baseUrl, organization: '', space: rev._space });
    return grouped;
  });
}

/**
 * Broken targets of a grouping, and how many of them the change request brought: a target that
 * `primary` does not have broken, or has broken on other pages only (a page is the same page when
 * its id is: a new page repeating a broken link that another page already has brings it too).
 */
function brokenCounts(grouped: Grouped, baseUrl: string, primary?: RevisionDoc, store?: Store): { total: number; changeRequest: number } {
  // Counts of a whole revision's grouping are kept with it, as immutable as the revisions they compare.
  const broken = derived(grouped, 'broken', () => [...grouped.values()].filter((e) => e.link.status === 'broken'));
  if (!primary) return { total: broken.length, changeRequest: 0 };
  const changeRequest = derived(grouped, `broken vs ${primary.id}`, () => {
    const before = collectLinks(primary, baseUrl, undefined, store);
    return broken.filter((e) => {
      const was = before.get(e.link.key);
      if (was?.link.status !== 'broken') return true;
      const on = new Set(was.from.map((page) => page.id));
      return e.from.some((page) => !on.has(page.id));
    }).length;
  });
  return { total: broken.length, changeRequest };
}

/**
 * The link report. `primary` (the space's revision, when reporting on a change request) tells
 * which broken links the change request brought: broken here, and not broken there on the same page.
 */
export function linkReport(
  rev: RevisionDoc,
  loc: Locator,
  options: {
    only?: PageNode;
    status?: LinkStatus;
    primary?: RevisionDoc;
    /** Where the link index is kept across starts. */ store?: Store;
  },
): LinkReport {
  const baseUrl = loc.ctx.baseUrl;
  const grouped = collectLinks(rev, baseUrl, options.only, options.store, loc.ctx);
  const status = options.status;
  const items = derived(grouped, `items ${status ?? ''}`, () =>
    [...grouped.values()].filter((e) => status === undefined || e.link.status === status).map((e) => ({ id: e.link.key, ...e })),
  );
  const present = (e: LinkItem) => ({
    status: e.link.status,
    relation: 'reference',
    targetReference: presentTarget(e.link.target, loc),
    locationReferences: e.from.map((page) => pageLocation(page, loc)),
  });
  return {
    items,
    present,
    json: itemJson(grouped, loc),
    stats: { total: grouped.size, broken: brokenCounts(grouped, baseUrl, options.primary, options.store) },
  };
}

/** Items linked from at least this many pages keep their JSON text (the few that make most of a report's bytes). */
const KEEP_JSON_FROM = 16;
/** Locators (callers seeing the organization and space alike) whose texts a report keeps. */
const LOCATORS_KEPT = 2;

interface KeptJson {
  /** Items linked from many pages. */
  items: Map<string, Buffer>;
}

/**
 * Each page's location text (`presentPage` without children, as JSON bytes) per presentation context,
 * kept with the page itself: a page of a new revision that is the same object as in the last one (an
 * unchanged page of a Git import) is not presented again, and a revision's report presents each page once.
 */
const pageTexts = new WeakMap<PageNode, Map<string, Buffer>>();

const ctxKeyOf = (ctx: PresentContext): string => `${ctx.baseUrl} ${ctx.organization} ${ctx.space} ${ctx.changeRequest ?? ''}`;

function pageText(page: PageNode, ctx: PresentContext, ctxKey: string): Buffer {
  let texts = pageTexts.get(page);
  let text = texts?.get(ctxKey);
  if (text) return text;
  const kept = pageFragments.get(page);
  text = kept ? joinFragments(kept, ctx, page) : Buffer.from(JSON.stringify(presentPage(page, ctx, { children: false })));
  // Unfrozen pages may still change: only a cached revision's are kept.
  if (Object.isFrozen(page)) {
    if (!texts) {
      texts = new Map<string, Buffer>();
      pageTexts.set(page, texts);
    }
    texts.set(ctxKey, text);
  }
  return text;
}

const COMMA_BYTE = 0x2c;
const CLOSE_BYTE = 0x7d;

/**
 * The JSON text of a presented item, built from parts: the organization and space once, each page's
 * presentation once (`pageText`), so that an item linked from 10,000 pages costs the copy of their
 * bytes, not 10,000 presentations. Each item is written into one buffer of its exact size. Texts of
 * items linked from many pages are kept with the grouping, per locator: what a caller sees of the
 * organization (permissions) and of the space (counts) is part of every location, so a text serves
 * only callers that see the same.
 */
function itemJson(grouped: Grouped, loc: Locator): (item: LinkItem) => Buffer {
  const { ctx } = loc;
  const headText = `{"kind":"page","organization":${JSON.stringify(loc.organization)},"space":${JSON.stringify(loc.space)},"page":`;
  const ctxKey = ctxKeyOf(ctx);
  const locKey = `${ctxKey}\n${headText}`;
  const byLocator = derived(grouped, 'json', () => new Map<string, KeptJson>());
  let kept = byLocator.get(locKey);
  if (kept) byLocator.delete(locKey);
  else kept = { items: new Map() };
  for (const oldest of byLocator.keys()) {
    if (byLocator.size < LOCATORS_KEPT) break;
    byLocator.delete(oldest);
  }
  // Most recently used last.
  byLocator.set(locKey, kept);
  const { items } = kept;
  const head = Buffer.from(headText);
  const keepAll = Object.isFrozen(grouped);
  return (e) => {
    const hit = items.get(e.id);
    if (hit) return hit;
    const target = JSON.stringify(presentTarget(e.link.target, loc));
    const open = Buffer.from(
      `{"status":${JSON.stringify(e.link.status)},"relation":"reference","targetReference":${target},"locationReferences":[`,
    );
    const texts = e.from.map((page) => pageText(page, ctx, ctxKey));
    // `open`, then `head` + page + `}` per location with a comma between, then `]}`.
    let size = open.length + 2 + Math.max(0, texts.length - 1);
    for (const t of texts) size += head.length + t.length + 1;
    const text = Buffer.allocUnsafe(size);
    let at = open.copy(text, 0);
    for (let i = 0; i < texts.length; i++) {
      if (i > 0) text[at++] = COMMA_BYTE;
      at += head.copy(text, at);
      at += texts[i]!.copy(text, at);
      text[at++] = CLOSE_BYTE;
    }
    at += text.write(']}', at);
    if (at !== size) throw new Error(`link item ${e.id}: wrote ${at} of ${size} bytes`);
    if (e.from.length >= KEEP_JSON_FROM && keepAll) items.set(e.id, text);
    return text;
  };
}

/**
 * Indexes a revision's links as a Git sync writes it, before it answers: the grouping of every link by
 * target and the location text of each page that has links (in `ctx`, the space's primary content), so
 * the first report after an import copies bytes. A page the import left unchanged is the previous
 * revision's page (git.ts `reuseIds`), whose text is kept already. The index is kept in the store too
 * (`storeLinkIndex`), for the first report after a restart.
 */
export function indexLinks(store: Store, rev: RevisionDoc, ctx: PresentContext): void {
  collectLinks(rev, ctx.baseUrl, undefined, store, ctx);
}

/* ---------- the link index in the store ---------- */

/**
 * The link index of a space's current revision, kept in the store's `derived` table (one entry per space,
 * replaced by the next revision's), so that the first report after a restart neither resolves the links
 * nor presents the pages again. It holds nothing the base URL changes (the port differs at each start):
 * - the grouping, in report order: each target (a page or a file by its position in the revision, a
 *   URL by its text) with the pages linking to it (by position in `flattenPages` order). An http(s) URL
 *   keeps its host, not its status: whether it is `in-app` depends on the emulator's own host;
 * - each linking page's location text cut around its app URL (the one part that names the base URL,
 *   the organization and the space): the bytes before it and after it, concatenated in `bytes`.
 * Bump `INDEX_FORMAT` when what is stored, how links resolve or how a page is presented changes: an
 * entry of another format is ignored and computed again.
 */
const INDEX_FORMAT = 1;
const INDEX_NAME = 'links';

type StoredItem =
  | ['page', number, number[]]
  | ['file', number, number[]]
  /** A URL whose status does not depend on the emulator's host (broken, or not http). */
  | ['url', string, number[], 'ok' | 'broken']
  /** An http(s) URL and its host (lower case): `in-app` or `ok` by the host at each start. */
  | ['http', string, number[], string];

interface StoredIndex {
  format: number;
  revision: string;
  /** How many pages and files the revision has: a check that the positions name the same ones. */
  pages: number;
  files: number;
  items: StoredItem[];
  /** Per linking page: its position, and the byte lengths of its text before and after the app URL. */
  texts: [number, number, number][];
}

/** A page's location text without its app URL: `bytes[at, cut)` before it, `bytes[cut, end)` after it. */
interface Fragments {
  bytes: Buffer;
  at: number;
  cut: number;
  end: number;
}

/** Location texts read from the store, by page object (what `pageText` builds a page's text from). */
const pageFragments = new WeakMap<PageNode, Fragments>();

const APP_FIELD = '"urls":{"app":';

function joinFragments(kept: Fragments, ctx: PresentContext, page: PageNode): Buffer {
  const url = JSON.stringify(appUrl(ctx, page.path));
  const { bytes, at, cut, end } = kept;
  const text = Buffer.allocUnsafe(end - at + Buffer.byteLength(url));
  // TypedArray#set rather than Buffer#copy: the same bytes, with less to check per call (10,000 pages, on a cold start).
  text.set(bytes.subarray(at, cut), 0);
  const to = cut - at + text.write(url, cut - at);
  text.set(bytes.subarray(cut, end), to);
  return text;
}

/** A location text cut around its app URL, or undefined if it is not where presentPage puts it. */
function fragmentsOf(text: Buffer, ctx: PresentContext, page: PageNode): { cut: number; after: number } | undefined {
  const field = Buffer.from(`${APP_FIELD}${JSON.stringify(appUrl(ctx, page.path))}}`);
  // Every quote inside a JSON string is escaped: the first `"urls":` outside one is the page's own field.
  const at = text.indexOf(field);
  if (at < 0) return undefined;
  // `text[0, cut)` is before the URL, `text[after, end)` after it.
  return { cut: at + APP_FIELD.length, after: at + field.length - 1 };
}

function storedItem(link: ResolvedLink, from: number[], pageAt: Map<PageNode, number>, fileAt: Map<FileEntry, number>): StoredItem {
  const { target } = link;
  if (target.kind === 'page') return ['page', pageAt.get(target.page)!, from];
  if (target.kind === 'file') return ['file', fileAt.get(target.file)!, from];
  const scheme = SCHEME.exec(target.url)?.[1]?.toLowerCase();
  if ((scheme === 'http' || scheme === 'https') && link.status !== 'broken')
    return ['http', target.url, from, new URL(target.url).host.toLowerCase()];
  return ['url', target.url, from, link.status === 'broken' ? 'broken' : 'ok'];
}

/** What an entry must have been computed from: this format, this revision. */
const indexVersion = (rev: RevisionDoc): string => `${INDEX_FORMAT} ${rev.id}`;

/** Forgets the link index of a space (purged). */
export function dropLinkIndex(store: Store, space: string): void {
  store.deleteDerived(INDEX_NAME, space);
}

/** Writes the link index of a revision (its grouping, and the location texts of its linking pages in `ctx`). */
function storeLinkIndex(store: Store, rev: RevisionDoc, grouped: Grouped, ctx: PresentContext): void {
  const flat = flattenPages(rev.pages);
  const pageAt = new Map<PageNode, number>();
  flat.forEach((e, i) => pageAt.set(e.page, i));
  const fileAt = new Map<FileEntry, number>();
  rev.files.forEach((f, i) => fileAt.set(f, i));
  const linking = new Set<PageNode>();
  const items: StoredItem[] = [];
  for (const { link, from } of grouped.values()) {
    for (const page of from) linking.add(page);
    items.push(
      storedItem(
        link,
        from.map((page) => pageAt.get(page)!),
        pageAt,
        fileAt,
      ),
    );
  }
  const ctxKey = ctxKeyOf(ctx);
  const texts: [number, number, number][] = [];
  const cuts: { text: Buffer; cut: number; after: number }[] = [];
  let size = 0;
  flat.forEach(({ page }, i) => {
    if (!linking.has(page)) return;
    const text = pageText(page, ctx, ctxKey);
    const cut = fragmentsOf(text, ctx, page);
    if (!cut) return;
    texts.push([i, cut.cut, text.length - cut.after]);
    cuts.push({ text, ...cut });
    size += cut.cut + text.length - cut.after;
  });
  // Written into one buffer: no slice objects left for the next request to collect.
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const { text, cut, after } of cuts) {
    at += text.copy(bytes, at, 0, cut);
    at += text.copy(bytes, at, after);
  }
  const index: StoredIndex = { format: INDEX_FORMAT, revision: rev.id, pages: flat.length, files: rev.files.length, items, texts };
  store.putDerived(INDEX_NAME, rev._space, { version: indexVersion(rev), data: JSON.stringify(index), bytes });
}

/** The grouping of a revision from the store's link index, or undefined when it holds none for this revision. */
function readLinkIndex(store: Store, rev: RevisionDoc, baseUrl: string): Grouped | undefined {
  const row = store.getDerived(INDEX_NAME, rev._space, indexVersion(rev));
  if (!row) return undefined;
  let index: StoredIndex;
  try {
    index = JSON.parse(row.data) as StoredIndex;
  } catch {
    return undefined;
  }
  const flat = flattenPages(rev.pages);
  if (index.format !== INDEX_FORMAT || index.revision !== rev.id || index.pages !== flat.length || index.files !== rev.files.length) {
    return undefined;
  }
  const r = resolverOf(rev, baseUrl);
  const pages = (at: number[]) => at.map((i) => flat[i]!.page);
  const grouped: Grouped = new Map();
  for (const item of index.items) {
    let link: ResolvedLink;
    if (item[0] === 'page') {
      const page = flat[item[1]]!.page;
      link = r.toPage.get(page) ?? { status: 'ok', target: { kind: 'page', page }, key: `page:${page.id}` };
      r.toPage.set(page, link);
    } else if (item[0] === 'file') {
      const file = rev.files[item[1]]!;
      link = r.toFile.get(file) ?? { status: 'ok', target: { kind: 'file', file }, key: `file:${file.id}` };
      r.toFile.set(file, link);
    } else {
      const status: LinkStatus = item[0] === 'url' ? item[3] : item[3] === r.host || item[3].startsWith('app.') ? 'in-app' : 'ok';
      link = { status, target: { kind: 'url', url: item[1] }, key: `url:${item[1]}` };
    }
    grouped.set(link.key, { link, from: pages(item[2]) });
  }
  let at = 0;
  for (const [i, before, after] of index.texts) {
    const page = flat[i]!.page;
    if (!pageFragments.has(page)) pageFragments.set(page, { bytes: row.bytes, at, cut: at + before, end: at + before + after });
    at += before + after;
  }
  return grouped;
}

/** Pages whose markdown links to (or embeds) the file, each with its page id (for paging). */
export function fileBacklinks(rev: RevisionDoc, file: FileEntry, loc: Locator): { id: string; item: z.input<typeof ContentLocation> }[] {
  return flattenPages(rev.pages)
    .map((e) => e.page)
    .filter((page) => linkTargets(page.markdown).some((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && fileReferenced([file], t)))
    .map((page) => ({ id: page.id, item: pageLocation(page, loc) }));
}
