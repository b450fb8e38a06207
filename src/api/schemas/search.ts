import * as z from 'zod';
import { listQuery, urlsOf } from './common.js';
import { lazy } from './lazy.js';

/** Search queries: `query` is required, at most 512 characters (contract Limits). */
export const SEARCH_QUERY_MAX = 512;
export const SearchQuery = lazy(() => listQuery({ query: z.string().max(SEARCH_QUERY_MAX) }));

/** A section of a page that matched. */
export const SearchSectionResult = lazy(() =>
  z.looseObject({
    id: z.string(),
    title: z.string(),
    path: z.string().optional(),
    body: z.string().optional(),
    urls: urlsOf(['app']).optional(),
  }),
);
export type SearchSectionResult = z.infer<typeof SearchSectionResult>;

/**
 * Space search item: a page that matched, with its matching sections
 * (GET /v1/spaces/{spaceId}/search; `SearchPageResult` in the official spec).
 */
export const SearchSpaceResult = lazy(() =>
  z.looseObject({
    id: z.string(),
    title: z.string(),
    path: z.string(),
    sections: z.array(SearchSectionResult).optional(),
    urls: urlsOf(['app']).optional(),
  }),
);
export type SearchSpaceResult = z.infer<typeof SearchSpaceResult>;
export { SearchSpaceResult as SearchPageResult };

/**
 * A page of an organization search result: the space search item, with `path` optional (the organization
 * search has always been read this way).
 */
export const SearchPage = lazy(() => SearchSpaceResult.extend({ path: z.string().optional() }));
export type SearchPage = z.infer<typeof SearchPage>;

/**
 * Organization search item: a space (`id`, `title`) with its matching pages
 * (GET /v1/orgs/{organizationId}/search; named `SearchSpaceResult` in the official spec).
 */
export const SearchOrgItem = lazy(() =>
  z.looseObject({
    id: z.string(),
    title: z.string(),
    pages: z.array(SearchPage),
  }),
);
export type SearchOrgItem = z.infer<typeof SearchOrgItem>;
