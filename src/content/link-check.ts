import { checkExternal, externalUrl, type ExternalOptions, type ExternalVerdict } from './external.js';
import { extractLinks, headingAnchors, type MarkdownLink } from './markdown-links.js';
import type { FlatPage } from './page-tree.js';

/**
 * The link checks the API's link report does not make, read from the pages' markdown: anchors
 * (`page#heading`, `#heading`) and, with `--external`, http(s) URLs. A relative link is resolved
 * to a page as the link report resolves it: its query and fragment cut, percent-decoding undone, a
 * `.md` suffix, a last `README` or `index` segment and trailing slashes dropped, then looked up
 * relative to the page's folder, to the page itself, then from the root (`/x` from the root only;
 * an empty path is the first page). A link that resolves to no page is the link report's to judge
 * (broken-link, or a file), never an anchor finding.
 */

/** What a link is, to these checks (and to the test corpus, which gives each link's expected verdict). */
export type LinkVerdict =
  /** mailto:, tel:, any other scheme, or an empty target: nothing to check. */
  | 'ignored'
  /** An absolute URL into the app (a host of the pages' app URLs, or an `app.` host): the link report's. */
  | 'in-app'
  /** http(s) or protocol-relative: checked with --external. */
  | 'external'
  /** A page of the space, without a fragment (or an empty one). */
  | 'page'
  /** A page of the space (or this one) and an anchor it has. */
  | 'anchor'
  /** A page of the space (or this one), and an anchor it does not have: a broken-anchor finding. */
  | 'broken-anchor'
  /** A relative link that names no page: a file, or the link report's broken link. */
  | 'unresolved';

export interface PageText {
  page: FlatPage;
  markdown: string;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

const decode = (text: string): string => {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

function stripPageSuffix(path: string): string {
  let out = path;
  if (/\.md$/i.test(out)) out = out.slice(0, -3);
  const slash = out.lastIndexOf('/');
  const last = out.slice(slash + 1).toLowerCase();
  if (last === 'readme' || last === 'index') out = slash < 0 ? '' : out.slice(0, slash);
  return out.replace(/\/+$/, '');
}

const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const join = (base: string, rel: string) => normalize(base === '' ? rel : `${base}/${rel}`);

/** The pages of a space by path, and its first page, for resolving links. */
export class PageIndex {
  private readonly byPath = new Map<string, FlatPage>();
  readonly first: FlatPage | undefined;
  constructor(pages: readonly FlatPage[]) {
    for (const page of pages) if (!this.byPath.has(page.path)) this.byPath.set(page.path, page);
    this.first = pages[0];
  }
  private at(candidate: string): FlatPage | undefined {
    const path = stripPageSuffix(candidate);
    return this.byPath.get(path) ?? (path === '' ? this.first : undefined);
  }
  /** The page a relative link's path (no query, no fragment) names from `from`. */
  resolve(from: FlatPage, rawPath: string): FlatPage | undefined {
    const clean = decode(rawPath);
    if (clean.startsWith('/')) return this.at(normalize(clean));
    return this.at(join(folderOf(from.path), clean)) ?? this.at(join(from.path, clean)) ?? this.at(normalize(clean));
  }
}

/** A link target's path, query and fragment (`undefined` when it has no `#`). */
function split(target: string): { path: string; fragment: string | undefined } {
  const hash = target.indexOf('#');
  const beforeHash = hash < 0 ? target : target.slice(0, hash);
  const q = beforeHash.indexOf('?');
  return { path: q < 0 ? beforeHash : beforeHash.slice(0, q), fragment: hash < 0 ? undefined : target.slice(hash + 1) };
}

export interface LinkContext {
  index: PageIndex;
  /** The anchors of a page (by id): undefined when its markdown is not known. */
  anchors: (page: FlatPage) => ReadonlySet<string> | undefined;
  /** Hosts whose URLs are the app's. */
  appHosts: ReadonlySet<string>;
}

/** What one link is (see LinkVerdict), and for anchors the page it points into. */
export function classify(target: string, from: FlatPage, context: LinkContext): { verdict: LinkVerdict; page?: FlatPage; anchor?: string } {
  const text = target.trim();
  if (text === '') return { verdict: 'ignored' };
  const url = externalUrl(text);
  if (url !== undefined) {
    let host: string;
    try {
      host = new URL(url).host.toLowerCase();
    } catch {
      return { verdict: 'external' };
    }
    return { verdict: context.appHosts.has(host) || host.startsWith('app.') ? 'in-app' : 'external' };
  }
  if (SCHEME.test(text)) return { verdict: 'ignored' };
  const { path, fragment } = split(text);
  const page = path === '' ? from : context.index.resolve(from, path);
  if (!page) return { verdict: 'unresolved' };
  const anchor = fragment === undefined ? '' : decode(fragment);
  if (anchor === '' || page.type !== 'document') return { verdict: 'page', page };
  const anchors = context.anchors(page);
  if (!anchors) return { verdict: 'page', page };
  // Anchors are lower case (GitHub's slugs); a link that capitalises one still reaches it in the app.
  const found =
    anchors.has(anchor) || anchors.has(anchor.toLowerCase()) || [...anchors].some((a) => a.toLowerCase() === anchor.toLowerCase());
  return { verdict: found ? 'anchor' : 'broken-anchor', page, anchor };
}

/** The context for a set of pages whose markdown is known. */
export function linkContext(pages: readonly FlatPage[], texts: ReadonlyMap<string, string>, appHosts: ReadonlySet<string>): LinkContext {
  const cache = new Map<string, Set<string>>();
  return {
    index: new PageIndex(pages),
    appHosts,
    anchors: (page) => {
      const markdown = texts.get(page.id);
      if (markdown === undefined) return undefined;
      let set = cache.get(page.id);
      if (!set) {
        set = headingAnchors(markdown, page.title);
        cache.set(page.id, set);
      }
      return set;
    },
  };
}

/** One link that a check reports on, where it is. */
export interface LinkAt {
  page: FlatPage;
  link: MarkdownLink;
}

/** Each page's links, once per (target, line). */
export function linksOf(pages: readonly PageText[]): LinkAt[] {
  const out: LinkAt[] = [];
  for (const { page, markdown } of pages) {
    const seen = new Set<string>();
    for (const link of extractLinks(markdown)) {
      const key = `${link.line}\0${link.target}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ page, link });
    }
  }
  return out;
}

export interface AnchorProblem extends LinkAt {
  anchor: string;
  target: FlatPage;
}

/** The links to an anchor their page does not have. */
export function brokenAnchors(links: readonly LinkAt[], context: LinkContext): AnchorProblem[] {
  const out: AnchorProblem[] = [];
  for (const at of links) {
    const result = classify(at.link.target, at.page, context);
    if (result.verdict === 'broken-anchor' && result.page) out.push({ ...at, anchor: result.anchor ?? '', target: result.page });
  }
  return out;
}

/** The external URLs of the links (protocol-relative ones as https), each with where it is. */
export function externalLinks(links: readonly LinkAt[], context: LinkContext): Map<string, LinkAt[]> {
  const out = new Map<string, LinkAt[]>();
  for (const at of links) {
    if (classify(at.link.target, at.page, context).verdict !== 'external') continue;
    const url = externalUrl(at.link.target) as string;
    out.set(url, [...(out.get(url) ?? []), at]);
  }
  return out;
}

export { checkExternal, type ExternalOptions, type ExternalVerdict };
