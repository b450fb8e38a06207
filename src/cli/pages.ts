import { ApiError, ExitCode } from '../api/errors.js';
import type { Page } from '../api/schemas/content.js';
import { flattenTree, type FlatPage } from '../content/page-tree.js';
import { closest, CommandFailure } from './errors.js';

/**
 * A page named the way the user sees it: by its path (`installation/macos`, as `docs spaces pages`
 * and the site's URLs show it; a leading `/` or a trailing `.md` is allowed) or by its id. Resolved
 * through the page tree of the space or change request; an unknown one says which paths are near.
 */

const MAX_NEARBY = 6;

const normalise = (text: string) =>
  text
    .trim()
    .replace(/\.md$/i, '')
    .replace(/^\/+|\/+$/g, '');

/** The paths worth showing for a miss: the children of the deepest parent that exists, else the closest. */
function nearby(wanted: string, pages: readonly FlatPage[]): string[] {
  const paths = pages.map((p) => p.path).filter(Boolean);
  const parts = wanted.split('/');
  for (let n = parts.length - 1; n > 0; n--) {
    const parent = pages.find((p) => p.path === parts.slice(0, n).join('/'));
    if (!parent) continue;
    const children = pages.filter((p) => p.parentId === parent.id).map((p) => p.path);
    const guess = closest(wanted, children);
    return guess ? [guess, ...children.filter((c) => c !== guess)] : children.length > 0 ? children : [parent.path];
  }
  const guess = closest(wanted, paths);
  const last = parts[parts.length - 1] ?? wanted;
  const sameName = paths.filter((p) => p !== guess && (p.split('/').pop() === last || p.startsWith(`${wanted}`)));
  const tops = pages.filter((p) => p.parentId === null).map((p) => p.path);
  return [...new Set([...(guess ? [guess] : []), ...sameName, ...tops])];
}

/** The page of the tree named by `arg` (an id or a path), or a not-found failure (exit 3) listing nearby paths. */
export function resolvePage(tree: readonly Page[], arg: string, where: string): FlatPage {
  const pages = flattenTree(tree);
  const byId = pages.find((p) => p.id === arg);
  if (byId) return byId;
  const wanted = normalise(arg);
  const byPath = pages.find((p) => p.path === wanted) ?? pages.find((p) => p.path.toLowerCase() === wanted.toLowerCase());
  if (byPath) return byPath;
  const near = nearby(wanted, pages).slice(0, MAX_NEARBY);
  const hint = near.length > 0 ? ` Nearby: ${near.join(', ')}.` : ` ${where} has no pages.`;
  throw new CommandFailure(`no page with the path or id "${arg}" in ${where}.${hint}`, ExitCode.notFound);
}

/**
 * Could `arg` be a page id? Ids have no `/` and no `.md`; anything with them is a path, resolved through
 * the tree without asking for it by id first.
 */
export function mayBePageId(arg: string): boolean {
  return arg.trim() === arg && arg !== '' && !arg.includes('/') && !/\.md$/i.test(arg);
}

/** For `.catch()`: a 404 becomes undefined (ask another way), any other failure stays one. */
export function unlessNotFound(err: unknown): undefined {
  if (err instanceof ApiError && err.status === 404) return undefined;
  throw err;
}
