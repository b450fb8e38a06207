import * as z from 'zod';
import { DateTime, listOf, openEnum, qBool, resourceFields, urlsOf, User } from './common.js';
import { ChangeRequest } from './change-request.js';
import { DOCUMENT_FORMATS, JSONDocument } from './comment.js';
import { ContentRef, ContentRefInput, unknownVariant } from './content-ref.js';
import { Space } from './space.js';
import { formatIssues } from '../validation.js';
import { lazy } from './lazy.js';

/* ---------- enums (CONTRACT-NOTES §2) ---------- */

export const IMPORT_SOURCES = ['website', 'docx', 'markdown', 'html', 'zip', 'confluence', 'github-wiki', 'notion', 'google-docs'] as const;
export const REVISION_TYPES = ['edits', 'merge', 'rollback', 'update', 'computed'] as const;
export const PAGE_TYPES = ['document', 'group', 'link', 'computed'] as const;
export const PAGE_LAYOUT_WIDTHS = ['default', 'wide'] as const;
export const PAGE_COVER_SIZES = ['hero', 'full'] as const;
export const COMPUTED_SOURCE_TYPES = ['builtin:openapi', 'builtin:translation'] as const;
export const LINK_STATUSES = ['ok', 'broken', 'in-app'] as const;
export const LINK_RELATIONS = ['reference', 'dependsOn'] as const;
export const CONTENT_LOCATION_KINDS = ['file', 'url', 'page', 'user', 'collection', 'space', 'reusable-content', 'openapi'] as const;

/* ---------- queries ---------- */

/** `metadata` (default true: include mutable git metadata) and `computed` (default true: compute content). */
export const revisionQueryShape = lazy(() => ({ metadata: qBool().optional(), computed: qBool().optional() }));
export const RevisionQuery = lazy(() => z.strictObject(revisionQueryShape));

/** GET .../content/page/{pageId}. */
export const PageQuery = lazy(() =>
  z.strictObject({
    format: z.enum(DOCUMENT_FORMATS).optional(),
    evaluated: qBool().optional(),
    ...revisionQueryShape,
  }),
);

/* ---------- bodies ---------- */

export const ImportContentBody = lazy(() => z.strictObject({ url: z.url(), source: z.enum(IMPORT_SOURCES) }));
export type ImportContentBody = z.input<typeof ImportContentBody>;

export const ApplyTemplateBody = lazy(() =>
  z.strictObject({
    id: z.string(),
    params: z.strictObject({ contentRefs: z.record(z.string(), ContentRefInput).optional() }).optional(),
  }),
);
export type ApplyTemplateBody = z.input<typeof ApplyTemplateBody>;

/* ---------- shared response pieces ---------- */

export const GitSyncBlob = lazy(() => z.looseObject({ oid: z.string(), path: z.string() }));

/** The commit behind a revision; the spec names the flag `createdByGitBook`, the contract `createdByService`. */
export const GitSyncCommit = lazy(() =>
  z.looseObject({
    oid: z.string(),
    message: z.string().optional(),
    createdByService: z.boolean().optional(),
    createdByGitBook: z.boolean().optional(),
    url: z.string().optional(),
    ref: z.string().optional(),
  }),
);

export const Variables = lazy(() => z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])));

export const ComputedContentSource = lazy(() =>
  z.looseObject({
    type: openEnum(COMPUTED_SOURCE_TYPES),
    props: z.unknown().optional(),
    dependencies: z.record(z.string(), z.unknown()).optional(),
  }),
);

/* ---------- File ---------- */

export const RevisionFile = lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    contentType: z.string().optional(),
    downloadURL: z.string().optional(),
    size: z.number().optional(),
    dimensions: z.looseObject({ width: z.number(), height: z.number() }).optional(),
    git: GitSyncBlob.optional(),
  }),
);
export type RevisionFile = z.infer<typeof RevisionFile>;
export { RevisionFile as File };

/* ---------- Page: document | group | link | computed (+ kinds not known yet) ---------- */

export const PageLayout = lazy(() =>
  z.looseObject({
    width: openEnum(PAGE_LAYOUT_WIDTHS).optional(),
    cover: z.boolean().optional(),
    coverSize: openEnum(PAGE_COVER_SIZES).optional(),
    title: z.boolean().optional(),
    description: z.boolean().optional(),
    tableOfContents: z.boolean().optional(),
    outline: z.boolean().optional(),
    pagination: z.boolean().optional(),
    metadata: z.boolean().optional(),
  }),
);

export const PageCover = lazy(() =>
  z.looseObject({ ref: ContentRef.optional(), refDark: ContentRef.optional(), yPos: z.number().optional() }),
);

const pageBase = lazy(() => ({
  ...resourceFields,
  title: z.string(),
  emoji: z.string().optional(),
  icon: z.string().optional(),
  createdAt: DateTime.optional(),
  updatedAt: DateTime.optional(),
  /** Deprecated alias of `type` (`sheet`, `group`, `link`). */
  kind: z.string().optional(),
  slug: z.string().optional(),
  path: z.string().optional(),
  description: z.string().optional(),
  hidden: z.boolean().optional(),
  noIndex: z.boolean().optional(),
  noRobotsIndex: z.boolean().optional(),
  urls: urlsOf(['app']).optional(),
}));

// Nested pages make Page recursive: each variant is declared without `pages`, and the types say
// what the lazily-added field holds (annotations break the inference cycle).
const nestedPages = lazy(() => z.array(z.lazy((): z.ZodType<Page> => Page)).optional());

const PageDocumentShape = lazy(() =>
  z.looseObject({
    ...pageBase,
    type: z.literal('document'),
    /** With `format=markdown`. */
    markdown: z.string().optional(),
    /** With `format=document`. */
    document: JSONDocument.optional(),
    documentId: z.string().optional(),
    computed: ComputedContentSource.optional(),
    computedSeed: z.string().optional(),
    git: GitSyncBlob.optional(),
    layout: PageLayout.optional(),
    cover: PageCover.optional(),
    variables: Variables.optional(),
  }),
);
const PageGroupShape = lazy(() => z.looseObject({ ...pageBase, type: z.literal('group') }));
const PageLinkShape = lazy(() => z.looseObject({ ...pageBase, type: z.literal('link'), target: ContentRef, href: z.string().optional() }));
const PageComputedShape = lazy(() => z.looseObject({ ...pageBase, type: z.literal('computed'), computed: ComputedContentSource }));
const PageOtherShape = lazy(() => unknownVariant('type', PAGE_TYPES, pageBase));

// Only documents and groups have children in the spec. Every variant still declares `pages`, so
// that walking the tree (`page.pages`) needs no narrowing: on a link or computed page it is absent,
// instead of `unknown` from the open index signature.
export type PageDocument = z.infer<typeof PageDocumentShape> & { pages?: Page[] };
export type PageGroup = z.infer<typeof PageGroupShape> & { pages?: Page[] };
export type PageLink = z.infer<typeof PageLinkShape> & { pages?: Page[] };
export type PageComputed = z.infer<typeof PageComputedShape> & { pages?: Page[] };
export type PageOther = z.infer<typeof PageOtherShape> & { pages?: Page[] };

export const PageDocument: z.ZodType<PageDocument> = lazy(() => PageDocumentShape.extend({ pages: nestedPages }));
export const PageGroup: z.ZodType<PageGroup> = lazy(() => PageGroupShape.extend({ pages: nestedPages }));
export const PageLink: z.ZodType<PageLink> = lazy(() => PageLinkShape.extend({ pages: nestedPages }));
export const PageComputed: z.ZodType<PageComputed> = lazy(() => PageComputedShape.extend({ pages: nestedPages }));
/** A page type this client does not know yet. */
export const PageOther: z.ZodType<PageOther> = lazy(() => PageOtherShape.extend({ pages: nestedPages }));

export type Page = PageDocument | PageGroup | PageLink | PageComputed | PageOther;
export const Page: z.ZodType<Page> = lazy(() => z.union([PageDocument, PageGroup, PageLink, PageComputed, PageOther]));

/** GET .../content/pages. */
export const PageTree = lazy(() => z.looseObject({ pages: z.array(Page) }));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The fields of a page a walk of the tree reads (content/page-tree.ts), each a string when present. */
const TREE_STRINGS = ['slug', 'path', 'markdown', 'documentId'] as const;

/**
 * A lighter check of a page tree answer than PageTree (a `validate` call option): the first page,
 * its subtree with it, against the full Page schema; every page for being an object with a string
 * `id`, `title` and `type`, strings where it has `slug`, `path`, `markdown` or `documentId`, and
 * `pages` an array of such pages. That is all a walk of the tree reads. The full parse of a
 * 10,000-page tree took longer than serving it; this walk takes a few milliseconds.
 * Returns what is wrong, or undefined.
 */
export function checkPageTree(body: unknown): string | undefined {
  if (!isRecord(body)) return 'response: expected an object';
  if (!Array.isArray(body.pages)) return 'response.pages: expected an array';
  if (body.pages.length > 0) {
    const first = Page.safeParse(body.pages[0]);
    if (!first.success) return formatIssues(first.error.issues, 'response.pages.0');
  }
  return checkPages(body.pages, 'response.pages');
}

function checkPages(pages: readonly unknown[], at: string): string | undefined {
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i];
    const here = `${at}.${i}`;
    if (!isRecord(page)) return `${here}: expected an object`;
    for (const key of ['id', 'title', 'type'] as const) if (typeof page[key] !== 'string') return `${here}.${key}: expected a string`;
    for (const key of TREE_STRINGS)
      if (page[key] !== undefined && typeof page[key] !== 'string') return `${here}.${key}: expected a string`;
    if (page.pages !== undefined) {
      if (!Array.isArray(page.pages)) return `${here}.pages: expected an array`;
      const inner = checkPages(page.pages, `${here}.pages`);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/* ---------- Revision: edits | merge | rollback | update | computed ---------- */

export const ReusableContent = lazy(() =>
  z.looseObject({
    id: z.string(),
    title: z.string().optional(),
    git: GitSyncBlob.optional(),
    computed: ComputedContentSource.optional(),
    computedSeed: z.string().optional(),
    document: z.string().optional(),
  }),
);

const revisionBase = lazy(() => ({
  ...resourceFields,
  parents: z.array(z.string()).optional(),
  pages: z.array(Page).optional(),
  files: z.array(RevisionFile).optional(),
  reusableContents: z.array(ReusableContent).optional(),
  variables: Variables.optional(),
  createdAt: DateTime,
  git: GitSyncCommit.optional(),
  urls: urlsOf(['app', 'published', 'public']).optional(),
}));

/** Created by merging a change request: `mergedFrom` is that change request. */
export const RevisionMerge = lazy(() => z.looseObject({ ...revisionBase, type: z.literal('merge'), mergedFrom: ChangeRequest }));
export const RevisionOther = lazy(() => z.looseObject({ ...revisionBase, type: z.enum(['edits', 'rollback', 'update', 'computed']) }));
export const Revision = lazy(() => z.union([RevisionMerge, RevisionOther, unknownVariant('type', REVISION_TYPES, revisionBase)]));
export type Revision = z.infer<typeof Revision>;

/* ---------- import ---------- */

export const ImportResult = lazy(() => z.looseObject({ revision: z.string(), importedResources: z.number(), totalResources: z.number() }));
export type ImportResult = z.infer<typeof ImportResult>;

/* ---------- ContentLocation (backlink item, link target/locations) ---------- */

/** Organizations, collections and OpenAPI specs embedded in locations: only what identifies them. */
const Ref = lazy(() => z.looseObject({ id: z.string(), title: z.string().optional() }));

export const VersionContext = lazy(() =>
  z.union([
    z.looseObject({ type: z.literal('revision'), revision: Revision }),
    z.looseObject({ type: z.literal('changeRequest'), changeRequest: ChangeRequest }),
    unknownVariant('type', ['revision', 'changeRequest'], {}),
  ]),
);

const inSpace = lazy(() => ({ organization: Ref.optional(), space: Space, versionContext: VersionContext.optional() }));

export const ContentLocation = lazy(() =>
  z.union([
    z.looseObject({ kind: z.literal('file'), ...inSpace, file: RevisionFile }),
    z.looseObject({ kind: z.literal('url'), url: z.string() }),
    z.looseObject({
      kind: z.literal('page'),
      ...inSpace,
      page: Page,
      internalLocation: z.looseObject({ type: z.string(), anchor: z.string().optional(), node: z.string().optional() }).optional(),
    }),
    z.looseObject({ kind: z.literal('user'), user: User }),
    z.looseObject({ kind: z.literal('collection'), organization: Ref.optional(), collection: Ref }),
    z.looseObject({ kind: z.literal('space'), organization: Ref.optional(), space: Space }),
    z.looseObject({ kind: z.literal('reusable-content'), ...inSpace, reusableContent: ReusableContent }),
    z.looseObject({
      kind: z.literal('openapi'),
      organization: Ref.optional(),
      openAPISpec: z.looseObject({ id: z.string(), slug: z.string().optional() }),
    }),
    unknownVariant('kind', CONTENT_LOCATION_KINDS, {}),
  ]),
);
export type ContentLocation = z.infer<typeof ContentLocation>;

/** An item of a file's backlinks: where the file is used. */
export const Backlink = ContentLocation;
export type Backlink = ContentLocation;
export const BacklinkList = lazy(() => listOf(Backlink));

/* ---------- links ---------- */

export const LinkItem = lazy(() =>
  z.looseObject({
    status: openEnum(LINK_STATUSES),
    relation: openEnum(LINK_RELATIONS).optional(),
    targetReference: ContentLocation.optional(),
    locationReferences: z.array(ContentLocation).optional(),
  }),
);
export type LinkItem = z.infer<typeof LinkItem>;

export const LinkStats = lazy(() =>
  z.looseObject({
    total: z.number(),
    broken: z.looseObject({ total: z.number(), changeRequest: z.number().optional() }),
  }),
);

/** The links envelope: the list plus `stats`. */
export const LinkList = lazy(() => z.looseObject({ ...listOf(LinkItem).shape, stats: LinkStats }));
export type LinkList = z.infer<typeof LinkList>;

/** `?status=` on link lists. */
export const linkStatusFilter = lazy(() => z.enum(LINK_STATUSES));
