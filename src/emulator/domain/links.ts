import type { z } from 'zod';
import type { ContentLocation, LinkItem as PresentedLink } from '../../api/schemas/content.js';
import type { Organization } from '../../api/schemas/organization.js';
import type { Space } from '../../api/schemas/space.js';
import { DEFAULT_PAGE_SIZE, type DerivedRowInput, type Store } from '../store/store.js';
import { linkTargets } from './markdown.js';
import { decodeOrderedCursor, encodeOrderedCursor } from './ordered-list.js';
import { derived, isDerived, peekRevision } from './revision-cache.js';
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
export const linkWork = { pagesScanned: 0, /** pages of reports answered from the store's index */ storedPages: 0 };

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
 * The link index of a space's current revision, kept in the store so that the first report after a restart
 * neither parses the revision nor resolves its links nor presents its pages, and reads only what the page of
 * items it answers needs. It holds nothing the base URL changes (the port differs at each start):
 * - a header (the store's `derived` entry `links` of the space, version `<INDEX_FORMAT> <revision id>`): the
 *   counts, and what the positions below name; checked against the space's revision id, nothing parsed;
 * - the items in report order, a hundred to a row (`derived_parts` `links:items`, `ord` = position ÷ 100): each
 *   item's key, tag and target (a page or a file by its position in the revision, a URL by its key) as JSON, and
 *   the positions of the pages linking to it (`flattenPages` order, 4 bytes each) as bytes. The tag is the item's
 *   status, or for an http(s) URL outside `app.` hosts `host:<host>`: `in-app` when the host is the emulator's
 *   own at the time of the read;
 * - every item's key and tag in one row (`links:order`), read only to filter by status or to find a cursor's
 *   item elsewhere than where the cursor says it was;
 * - the location texts of the pages that link or are linked to, `CHUNK` pages per row (`links:texts`, `ord` =
 *   position ÷ CHUNK), each cut around its app URL (the one part naming the base URL, the organization and the
 *   space): the bytes before it, the page's path (as JSON escapes it) and the bytes after it.
 * Bump `INDEX_FORMAT` when what is stored, how links resolve or how a page is presented changes: an
 * entry of another format is ignored and computed again.
 */
const INDEX_FORMAT = 2;
const INDEX_NAME = 'links';
const ITEM_ROWS = 'links:items';
const ORDER_ROWS = 'links:order';
const TEXT_ROWS = 'links:texts';
/** Items per row: a page of 100 from the start is one row. */
const ITEMS_PER_ROW = 100;
/** Pages per row of location texts: the first 100 items of a report may name every page of the space. */
const CHUNK = 128;
/** Bytes before a text row's data: 3 × CHUNK + 1 bounds, 4 bytes each. */
const CHUNK_HEAD = 4 * (3 * CHUNK + 1);

interface StoredHeader {
  format: number;
  revision: string;
  /** How many pages and files the revision has: a check that the positions name the same ones. */
  pages: number;
  files: number;
  /** Items, and how many are broken. */
  total: number;
  broken: number;
}

const HOST_TAG = 'host:';

/** The tag of an item's row: its status, unless that depends on the emulator's host. */
function tagOf(link: ResolvedLink): string {
  const { target } = link;
  if (target.kind !== 'url' || link.status === 'broken') return link.status;
  const scheme = SCHEME.exec(target.url)?.[1]?.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return link.status;
  const host = new URL(target.url).host.toLowerCase();
  return host.startsWith('app.') ? 'in-app' : `${HOST_TAG}${host}`;
}

const statusOfTag = (tag: string, host: string): LinkStatus =>
  tag.startsWith(HOST_TAG) ? (tag.length === HOST_TAG.length + host.length && tag.endsWith(host) ? 'in-app' : 'ok') : (tag as LinkStatus);

/** An item as its row holds it: its key, its tag, its target and how many pages link to it. */
type StoredItem = [id: string, tag: string, target: string, locations: number];

/** A page's location text without its app URL: `bytes[at, cut)` before it, `bytes[from, end)` after it. */
interface Fragments {
  bytes: Buffer;
  at: number;
  cut: number;
  from: number;
  end: number;
}

/** Location texts read from the store, by page object (what `pageText` builds a page's text from). */
const pageFragments = new WeakMap<PageNode, Fragments>();

const APP_FIELD = '"urls":{"app":';

function joinFragments(kept: Fragments, ctx: PresentContext, page: PageNode): Buffer {
  const url = JSON.stringify(appUrl(ctx, page.path));
  const { bytes, at, cut, from, end } = kept;
  const text = Buffer.allocUnsafe(cut - at + end - from + Buffer.byteLength(url));
  // TypedArray#set rather than Buffer#copy: the same bytes, with less to check per call (10,000 pages, on a cold start).
  text.set(bytes.subarray(at, cut), 0);
  const to = cut - at + text.write(url, cut - at);
  text.set(bytes.subarray(from, end), to);
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

/** A JSON string's text without its quotes. */
const escaped = (s: string): string => JSON.stringify(s).slice(1, -1);

/** What an entry must have been computed from: this format, this revision. */
const indexVersion = (revision: string): string => `${INDEX_FORMAT} ${revision}`;

/** Forgets the link index of a space (purged). */
export function dropLinkIndex(store: Store, space: string): void {
  store.deleteDerived(INDEX_NAME, space);
  for (const name of [ITEM_ROWS, ORDER_ROWS, TEXT_ROWS]) store.deleteDerivedRows(name, space);
  keptOf(store).delete(space);
}

/** The fields of a file its presentation reads (not its bytes). */
const fileFields = (file: FileEntry): FileEntry => ({
  id: file.id,
  name: file.name,
  contentType: file.contentType,
  size: file.size,
  ...(file.git ? { git: file.git } : {}),
});

/** Writes the link index of a revision (its grouping, and the location texts of the pages it names in `ctx`). */
function storeLinkIndex(store: Store, rev: RevisionDoc, grouped: Grouped, ctx: PresentContext): void {
  const space = rev._space;
  const flat = flattenPages(rev.pages);
  const pageAt = new Map<PageNode, number>();
  flat.forEach((e, i) => pageAt.set(e.page, i));
  const fileAt = new Map<FileEntry, number>();
  rev.files.forEach((f, i) => fileAt.set(f, i));
  const named = new Set<number>();
  const items: StoredItem[] = [];
  const positions: number[] = [];
  let broken = 0;
  for (const { link, from } of grouped.values()) {
    for (const page of from) {
      const i = pageAt.get(page)!;
      named.add(i);
      positions.push(i);
    }
    let target = 'u';
    if (link.target.kind === 'page') {
      const i = pageAt.get(link.target.page)!;
      named.add(i);
      target = `p${i}`;
    } else if (link.target.kind === 'file') target = `f${fileAt.get(link.target.file)!}\n${JSON.stringify(fileFields(link.target.file))}`;
    if (link.status === 'broken') broken++;
    items.push([link.key, tagOf(link), target, from.length]);
  }
  const itemRows: DerivedRowInput[] = [];
  for (let r = 0, p = 0; r * ITEMS_PER_ROW < items.length; r++) {
    const part = items.slice(r * ITEMS_PER_ROW, (r + 1) * ITEMS_PER_ROW);
    const count = part.reduce((n, item) => n + item[3], 0);
    const bytes = Buffer.allocUnsafe(4 * count);
    for (let k = 0; k < count; k++) bytes.writeUInt32LE(positions[p++]!, 4 * k);
    itemRows.push({ ord: r, data: JSON.stringify(part), bytes });
  }
  const ctxKey = ctxKeyOf(ctx);
  const prefixLength = Buffer.byteLength(escaped(appUrl(ctx, '')));
  /** Per chunk, per slot: the page's text, where its URL is, and its path as JSON escapes it. */
  const chunks = new Map<number, ({ text: Buffer; cut: number; after: number; path: Buffer } | undefined)[]>();
  for (const i of [...named].sort((x, y) => x - y)) {
    const page = flat[i]!.page;
    const text = pageText(page, ctx, ctxKey);
    const cut = fragmentsOf(text, ctx, page);
    const path = Buffer.from(escaped(page.path));
    // The URL must be the prefix and the path, each as JSON escapes it (a read joins them so).
    if (!cut || cut.after - cut.cut - 2 !== prefixLength + path.length) {
      dropLinkIndex(store, space);
      return;
    }
    const c = Math.floor(i / CHUNK);
    let slots = chunks.get(c);
    if (!slots) chunks.set(c, (slots = []));
    slots[i % CHUNK] = { text, ...cut, path };
  }
  const texts: DerivedRowInput[] = [];
  for (const [c, slots] of chunks) {
    let size = CHUNK_HEAD;
    for (const slot of slots) if (slot) size += slot.cut + slot.path.length + slot.text.length - slot.after;
    const bytes = Buffer.allocUnsafe(size);
    let at = 0;
    bytes.writeUInt32LE(0, 0);
    for (let s = 0; s < CHUNK; s++) {
      const slot = slots[s];
      const base = CHUNK_HEAD + at;
      if (slot) {
        bytes.set(slot.text.subarray(0, slot.cut), base);
        bytes.set(slot.path, base + slot.cut);
        bytes.set(slot.text.subarray(slot.after), base + slot.cut + slot.path.length);
      }
      const cut = at + (slot?.cut ?? 0);
      const from = cut + (slot?.path.length ?? 0);
      at = from + (slot ? slot.text.length - slot.after : 0);
      bytes.writeUInt32LE(cut, 4 * (3 * s + 1));
      bytes.writeUInt32LE(from, 4 * (3 * s + 2));
      bytes.writeUInt32LE(at, 4 * (3 * s + 3));
    }
    texts.push({ ord: c, data: '', bytes });
  }
  const version = indexVersion(rev.id);
  const header: StoredHeader = {
    format: INDEX_FORMAT,
    revision: rev.id,
    pages: flat.length,
    files: rev.files.length,
    total: items.length,
    broken,
  };
  store.putDerived(INDEX_NAME, space, { version, data: JSON.stringify(header) });
  store.putDerivedRows(ITEM_ROWS, space, version, itemRows);
  store.putDerivedRows(ORDER_ROWS, space, version, [{ ord: 0, data: JSON.stringify(items.map(([id, tag]) => [id, tag])) }]);
  store.putDerivedRows(TEXT_ROWS, space, version, texts);
  keptOf(store).delete(space);
}

/** The header of a space's link index for this revision, or undefined when it holds none. */
function headerOf(store: Store, space: string, revision: string): StoredHeader | undefined {
  const row = store.getDerived(INDEX_NAME, space, indexVersion(revision));
  if (!row) return undefined;
  try {
    const header = JSON.parse(row.data) as StoredHeader;
    return header.format === INDEX_FORMAT && header.revision === revision ? header : undefined;
  } catch {
    return undefined;
  }
}

/** Where page `i`'s text is in its chunk: before the URL `[at, cut)`, the path `[cut, from)`, after it `[from, end)`. */
function slotOf(chunk: Buffer, i: number): Fragments | undefined {
  const s = i % CHUNK;
  const at = CHUNK_HEAD + chunk.readUInt32LE(12 * s);
  const cut = CHUNK_HEAD + chunk.readUInt32LE(12 * s + 4);
  // Every page's text starts with its id: nothing before the URL is no text.
  if (cut === at) return undefined;
  return { bytes: chunk, at, cut, from: CHUNK_HEAD + chunk.readUInt32LE(12 * s + 8), end: CHUNK_HEAD + chunk.readUInt32LE(12 * s + 12) };
}

/** A row of items, parsed: each item with where its pages' positions are in the row's bytes. */
interface ItemRow {
  items: { id: string; tag: string; target: string; from: number; to: number }[];
  bytes: Buffer;
}

function parseItemRow(row: { data: string; bytes: Buffer }): ItemRow | undefined {
  let stored: StoredItem[];
  try {
    stored = JSON.parse(row.data) as StoredItem[];
  } catch {
    return undefined;
  }
  let at = 0;
  const items = stored.map(([id, tag, target, n]) => ({ id, tag, target, from: at, to: (at += 4 * n) }));
  return at === row.bytes.length ? { items, bytes: row.bytes } : undefined;
}

function positionsOf(bytes: Buffer, from: number, to: number): number[] {
  const out = new Array<number>((to - from) / 4);
  for (let k = 0; k < out.length; k++) out[k] = bytes.readUInt32LE(from + 4 * k);
  return out;
}

/** The grouping of a revision from the store's link index, or undefined when it holds none for this revision. */
function readLinkIndex(store: Store, rev: RevisionDoc, baseUrl: string): Grouped | undefined {
  const header = headerOf(store, rev._space, rev.id);
  const flat = flattenPages(rev.pages);
  if (!header || header.pages !== flat.length || header.files !== rev.files.length) return undefined;
  const version = indexVersion(rev.id);
  const r = resolverOf(rev, baseUrl);
  const grouped: Grouped = new Map();
  for (const raw of store.derivedRows(ITEM_ROWS, rev._space, version)) {
    const row = parseItemRow(raw);
    if (!row) return undefined;
    for (const item of row.items) {
      let link: ResolvedLink;
      if (item.target.startsWith('p')) {
        const page = flat[Number(item.target.slice(1))]!.page;
        link = r.toPage.get(page) ?? { status: 'ok', target: { kind: 'page', page }, key: `page:${page.id}` };
        r.toPage.set(page, link);
      } else if (item.target.startsWith('f')) {
        const file = rev.files[Number(item.target.slice(1, item.target.indexOf('\n')))]!;
        link = r.toFile.get(file) ?? { status: 'ok', target: { kind: 'file', file }, key: `file:${file.id}` };
        r.toFile.set(file, link);
      } else link = { status: statusOfTag(item.tag, r.host), target: { kind: 'url', url: item.id.slice('url:'.length) }, key: item.id };
      grouped.set(link.key, { link, from: positionsOf(row.bytes, item.from, item.to).map((i) => flat[i]!.page) });
    }
  }
  if (grouped.size !== header.total) return undefined;
  for (const chunk of store.derivedRows(TEXT_ROWS, rev._space, version)) {
    for (let i = chunk.ord * CHUNK; i < Math.min(flat.length, (chunk.ord + 1) * CHUNK); i++) {
      const page = flat[i]!.page;
      const slot = slotOf(chunk.bytes, i);
      if (slot && !pageFragments.has(page)) pageFragments.set(page, slot);
    }
  }
  return grouped;
}

/* ---------- one page of a report, from the store ---------- */

/**
 * What the reads from the store keep per space (for its revision's index): the rows of items and of location
 * texts read so far, the keys and tags of all items once read, and the texts of items linked from many pages
 * per locator, as the report in memory keeps them.
 */
interface KeptIndex {
  version: string;
  rows: Map<number, ItemRow>;
  order?: [id: string, tag: string][];
  texts: Map<number, Buffer>;
  items: Map<string, Map<string, Buffer>>;
}

const keptIndexes = new WeakMap<Store, Map<string, KeptIndex>>();
/** Spaces whose index reads a store keeps. */
const SPACES_KEPT = 2;

function keptOf(store: Store): Map<string, KeptIndex> {
  let kept = keptIndexes.get(store);
  if (!kept) keptIndexes.set(store, (kept = new Map<string, KeptIndex>()));
  return kept;
}

function keptIndex(store: Store, space: string, version: string): KeptIndex {
  const all = keptOf(store);
  let kept = all.get(space);
  all.delete(space);
  if (kept?.version !== version) kept = { version, rows: new Map(), texts: new Map(), items: new Map() };
  for (const oldest of all.keys()) {
    if (all.size < SPACES_KEPT) break;
    all.delete(oldest);
  }
  // Most recently used last.
  all.set(space, kept);
  return kept;
}

/** A page of the space's link report, as `jsonList` sends it. */
export interface StoredLinkPage {
  items: Buffer[];
  count: number;
  next?: { page: string };
  stats: LinkReport['stats'];
}

/** Whether the link report of this revision is in memory already (then it answers faster than the store). */
export function linkReportKept(store: Store, revision: string, baseUrl: string): boolean {
  const rev = peekRevision(store, revision);
  return rev !== undefined && isDerived(rev, `links ${baseUrl}`);
}

/** The index's damaged or partial: the caller computes the report instead. */
class IndexMissing extends Error {}

/**
 * One page of the link report of a space's current revision, read from its link index in the store: the
 * header, the rows holding the page's items and the rows of location texts those items name, never the
 * revision. The same bytes, count, cursor and stats as `linkReport` paged with `pageOrdered`; undefined when
 * the store holds no index of this revision (the caller computes it).
 */
export function storedLinkPage(
  store: Store,
  revision: string,
  loc: Locator,
  query: { status?: LinkStatus; page?: string; limit?: number },
): StoredLinkPage | undefined {
  const { ctx } = loc;
  const space = ctx.space;
  const header = headerOf(store, space, revision);
  if (!header) return undefined;
  const version = indexVersion(revision);
  const kept = keptIndex(store, space, version);
  const host = ownHost(ctx.baseUrl);
  const size = query.limit ?? DEFAULT_PAGE_SIZE;
  const itemAt = (ord: number) => {
    const r = Math.floor(ord / ITEMS_PER_ROW);
    let row = kept.rows.get(r);
    if (!row) {
      const raw = store.derivedRow(ITEM_ROWS, space, version, r);
      row = raw && parseItemRow(raw);
      if (!row) throw new IndexMissing();
      kept.rows.set(r, row);
    }
    const item = row.items[ord % ITEMS_PER_ROW];
    if (!item) throw new IndexMissing();
    return { ...item, bytes: row.bytes };
  };
  const order = () => {
    if (!kept.order) {
      const raw = store.derivedRow(ORDER_ROWS, space, version, 0);
      try {
        kept.order = raw && (JSON.parse(raw.data) as [string, string][]);
      } catch {
        // damaged: computed again
      }
      if (kept.order?.length !== header.total) throw new IndexMissing();
    }
    return kept.order;
  };
  try {
    // The items of the report (with a status, those of that status) by their position in it.
    let ords: { length: number; at: (i: number) => number; indexOf: (id: string) => number };
    if (query.status === undefined) {
      ords = {
        length: header.total,
        at: (i) => i,
        indexOf: (id) => order().findIndex(([key]) => key === id),
      };
    } else {
      const status = query.status;
      const kept: number[] = [];
      order().forEach(([, tag], i) => {
        if (statusOfTag(tag, host) === status) kept.push(i);
      });
      ords = { length: kept.length, at: (i) => kept[i]!, indexOf: (id) => kept.findIndex((ord) => order()[ord]![0] === id) };
    }
    const count = ords.length;
    let start = 0;
    if (query.page !== undefined) {
      // As `pageOrdered`: after the last item returned; if it is gone, at the item that followed it then.
      const cursor = decodeOrderedCursor(query.page);
      // Where the cursor says its last item is, most often: then there is nothing to look for.
      const there = cursor.index < count && itemAt(ords.at(cursor.index)).id === cursor.last;
      const last = there ? cursor.index : ords.indexOf(cursor.last);
      const next = last >= 0 ? -1 : ords.indexOf(cursor.next);
      start = last >= 0 ? last + 1 : next >= 0 ? next : Math.min(cursor.index + 1, count);
    }
    const end = Math.min(start + size, count);
    const page: ReturnType<typeof itemAt>[] = [];
    for (let i = start; i < end; i++) page.push(itemAt(ords.at(i)));
    const last = page[page.length - 1];
    const following = end < count && size > 0 ? itemAt(ords.at(end)) : undefined;
    const items = itemTexts(store, header, kept, loc, page);
    linkWork.storedPages++;
    return {
      items,
      count,
      ...(following && last ? { next: { page: encodeOrderedCursor(start + page.length - 1, last.id, following.id) } } : {}),
      stats: { total: header.total, broken: { total: header.broken, changeRequest: 0 } },
    };
  } catch (err) {
    if (err instanceof IndexMissing) return undefined;
    throw err;
  }
}

/** The JSON texts of these items, as `itemJson` writes them. */
function itemTexts(
  store: Store,
  header: StoredHeader,
  kept: KeptIndex,
  loc: Locator,
  page: { id: string; tag: string; target: string; from: number; to: number; bytes: Buffer }[],
): Buffer[] {
  const { ctx } = loc;
  const space = ctx.space;
  const headText = `{"kind":"page","organization":${JSON.stringify(loc.organization)},"space":${JSON.stringify(loc.space)},"page":`;
  const locKey = `${ctxKeyOf(ctx)}\n${headText}`;
  let keptItems = kept.items.get(locKey);
  if (keptItems) kept.items.delete(locKey);
  else keptItems = new Map();
  for (const oldest of kept.items.keys()) {
    if (kept.items.size < LOCATORS_KEPT) break;
    kept.items.delete(oldest);
  }
  kept.items.set(locKey, keptItems);
  const host = ownHost(ctx.baseUrl);
  const head = Buffer.from(headText);
  const prefix = Buffer.from(`"${escaped(appUrl(ctx, ''))}`);
  const texts = kept.texts;
  const slot = (i: number): Fragments => {
    if (i >= header.pages) throw new IndexMissing();
    const c = Math.floor(i / CHUNK);
    let chunk = texts.get(c);
    if (!chunk) {
      chunk = store.derivedRow(TEXT_ROWS, space, kept.version, c)?.bytes;
      if (!chunk) throw new IndexMissing();
      texts.set(c, chunk);
    }
    const f = slotOf(chunk, i);
    if (!f) throw new IndexMissing();
    return f;
  };
  /** A page's location text: before its URL, the URL's prefix, its path, `"`, after it. */
  const sizeOf = (f: Fragments) => f.cut - f.at + prefix.length + f.end - f.cut + 1;
  const write = (out: Buffer, at: number, f: Fragments): number => {
    out.set(f.bytes.subarray(f.at, f.cut), at);
    let to = at + f.cut - f.at;
    out.set(prefix, to);
    to += prefix.length;
    out.set(f.bytes.subarray(f.cut, f.from), to);
    to += f.from - f.cut;
    out[to++] = QUOTE_BYTE;
    out.set(f.bytes.subarray(f.from, f.end), to);
    return to + f.end - f.from;
  };
  const out: Buffer[] = [];
  for (const item of page) {
    const hit = keptItems.get(item.id);
    if (hit) {
      out.push(hit);
      continue;
    }
    let target: Buffer;
    if (item.target.startsWith('p')) {
      const f = slot(Number(item.target.slice(1)));
      target = Buffer.allocUnsafe(head.length + sizeOf(f) + 1);
      target.set(head, 0);
      target[write(target, head.length, f)] = CLOSE_BYTE;
    } else if (item.target.startsWith('f')) {
      const file = JSON.parse(item.target.slice(item.target.indexOf('\n') + 1)) as FileEntry;
      target = Buffer.from(
        JSON.stringify({ kind: 'file', organization: loc.organization, space: loc.space, file: presentFile(file, ctx) }),
      );
    } else target = Buffer.from(JSON.stringify({ kind: 'url', url: item.id.slice('url:'.length) }));
    const open = Buffer.from(`{"status":${JSON.stringify(statusOfTag(item.tag, host))},"relation":"reference","targetReference":`);
    const positions = positionsOf(item.bytes, item.from, item.to);
    const locations: Fragments[] = [];
    let size = open.length + target.length + LOCATIONS.length + 2 + Math.max(0, positions.length - 1);
    for (const i of positions) {
      const f = slot(i);
      locations.push(f);
      size += head.length + sizeOf(f) + 1;
    }
    const text = Buffer.allocUnsafe(size);
    text.set(open, 0);
    let at = open.length;
    text.set(target, at);
    at += target.length;
    text.set(LOCATIONS, at);
    at += LOCATIONS.length;
    for (let k = 0; k < locations.length; k++) {
      if (k > 0) text[at++] = COMMA_BYTE;
      text.set(head, at);
      at = write(text, at + head.length, locations[k]!);
      text[at++] = CLOSE_BYTE;
    }
    text[at++] = 0x5d; // ]
    text[at++] = CLOSE_BYTE;
    if (at !== size) throw new Error(`link item ${item.id}: wrote ${at} of ${size} bytes`);
    if (positions.length >= KEEP_JSON_FROM) keptItems.set(item.id, text);
    out.push(text);
  }
  return out;
}

const QUOTE_BYTE = 0x22;
const LOCATIONS = Buffer.from(',"locationReferences":[');

/** Pages whose markdown links to (or embeds) the file, each with its page id (for paging). */
export function fileBacklinks(rev: RevisionDoc, file: FileEntry, loc: Locator): { id: string; item: z.input<typeof ContentLocation> }[] {
  return flattenPages(rev.pages)
    .map((e) => e.page)
    .filter((page) => linkTargets(page.markdown).some((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && fileReferenced([file], t)))
    .map((page) => ({ id: page.id, item: pageLocation(page, loc) }));
}
