import type { Store } from '../store/store.js';
import { sections } from './markdown.js';
import { derived } from './revision-cache.js';
import { appUrl, flattenPages, getRevision, type PageNode, type PresentContext } from './revisions.js';
import type { SpaceDoc } from './spaces.js';

/**
 * Full-text search over page titles and markdown, case-insensitive. A page matches when its title
 * or any of its sections (heading or paragraph) contains the query; matching sections are listed
 * with the matching paragraph (or the heading) as body. Pages whose title matches come first.
 */

// A type, not an interface: answers are checked against loose response schemas, which an interface (closed to other keys) does not fit.
export type SearchPageResult = {
  id: string;
  title: string;
  path: string;
  sections: { id: string; title: string; path: string; body: string; urls: { app: string } }[];
  urls: { app: string };
};

function searchPage(page: PageNode, needle: string, ctx: PresentContext): { result: SearchPageResult; titleHit: boolean } | undefined {
  const titleHit = page.title.toLowerCase().includes(needle);
  const found: SearchPageResult['sections'] = [];
  for (const section of sections(page.markdown)) {
    const headingHit = section.heading?.toLowerCase().includes(needle) ?? false;
    const paragraph = section.paragraphs.find((p) => p.toLowerCase().includes(needle));
    if (!headingHit && paragraph === undefined) continue;
    const anchor = section.anchor;
    const path = anchor ? `${page.path}#${anchor}` : page.path;
    found.push({
      id: anchor ? `${page.id}#${anchor}` : page.id,
      title: section.heading ?? page.title,
      path,
      body: paragraph ?? section.paragraphs[0] ?? section.heading ?? '',
      urls: { app: appUrl(ctx, path) },
    });
  }
  if (!titleHit && found.length === 0) return undefined;
  return { titleHit, result: { id: page.id, title: page.title, path: page.path, sections: found, urls: { app: appUrl(ctx, page.path) } } };
}

/** Pages searched (tests check that the next page of hits searches none). */
export const searchWork = { pagesSearched: 0 };

/** Searches kept per cached revision, so that the next page of hits does not search again. */
const KEPT_SEARCHES = 4;

export function searchPages(pages: readonly PageNode[], query: string, ctx: PresentContext): SearchPageResult[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const kept = derived(pages, 'searches', () => new Map<string, SearchPageResult[]>());
  const key = JSON.stringify([needle, ctx.baseUrl, ctx.organization, ctx.space, ctx.changeRequest ?? null]);
  const hit = kept.get(key);
  if (hit) return hit;
  const results = search(pages, needle, ctx);
  kept.set(key, results);
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT_SEARCHES) break;
    kept.delete(oldest);
  }
  return results;
}

function search(pages: readonly PageNode[], needle: string, ctx: PresentContext): SearchPageResult[] {
  const hits = flattenPages(pages)
    .map((e) => {
      searchWork.pagesSearched++;
      return searchPage(e.page, needle, ctx);
    })
    .filter((hit): hit is NonNullable<typeof hit> => hit !== undefined);
  return [...hits.filter((h) => h.titleHit), ...hits.filter((h) => !h.titleHit)].map((h) => h.result);
}

export function searchSpace(store: Store, spaceId: string, query: string, baseUrl: string): SearchPageResult[] {
  const space = store.get<SpaceDoc>('space', spaceId);
  if (!space || space.deletedAt) return [];
  const rev = getRevision(store, space.revision);
  return searchPages(rev.pages, query, { baseUrl, organization: space.organization, space: space.id });
}

/** Organization search: every live space of the organization with matching pages. */
export function searchOrganization(
  store: Store,
  organizationId: string,
  query: string,
  baseUrl: string,
): { id: string; title: string; pages: SearchPageResult[] }[] {
  return store
    .all<SpaceDoc>('space', organizationId)
    .filter((space) => !space.deletedAt)
    .map((space) => ({ id: space.id, title: space.title, pages: searchSpace(store, space.id, query, baseUrl) }))
    .filter((result) => result.pages.length > 0);
}
