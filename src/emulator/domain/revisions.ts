import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { PageDocument, Revision, RevisionFile } from '../../api/schemas/content.js';
import type { Store } from '../store/store.js';
import { titleSlug } from '../../api/slug.js';
import { linkTargets, markdownToDocument } from './markdown.js';
import { cachedRevision, derived, rememberRevision } from './revision-cache.js';

/**
 * Revisions are immutable snapshots of a space's content: a tree of pages (markdown) and files.
 * Every edit (import, template, merge, update, git import) writes a new revision whose `parents`
 * name the revision(s) it came from; spaces and change requests only move their pointer.
 */

export interface PageNode {
  id: string;
  title: string;
  slug: string;
  /** Complete path in the revision: the parent's path and this page's slug. */
  path: string;
  markdown: string;
  emoji?: string;
  description?: string;
  createdAt?: string;
  updatedAt?: string;
  git?: { oid: string; path: string };
  pages: PageNode[];
}

export interface FileEntry {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** The bytes: the id (sha-256) of a `blob` document, stored once however many revisions hold the file. */
  _blob?: string;
  /** Base64 bytes, as revisions written before blobs hold them. */
  _content?: string;
  git?: { oid: string; path: string };
}

export type RevisionType = 'edits' | 'merge' | 'rollback' | 'update' | 'computed';

export interface RevisionDoc {
  id: string;
  object: 'revision';
  parents: string[];
  pages: PageNode[];
  files: FileEntry[];
  createdAt: string;
  type: RevisionType;
  /** The space the revision belongs to. */
  _space: string;
  /** For `merge` revisions: the change request merged. */
  _mergedFrom?: string;
  git?: { oid: string; message: string; createdByService: boolean; ref?: string; url?: string };
}

/** A page as given by seeds, imports and templates: ids, slugs and paths are filled in. */
export interface PageInput {
  id?: string;
  title: string;
  slug?: string;
  markdown: string;
  emoji?: string;
  description?: string;
  git?: { oid: string; path: string };
  pages?: PageInput[];
}

export interface FileInput {
  id?: string;
  name: string;
  contentType: string;
  /** Raw bytes or text. */
  content: Uint8Array | string;
  git?: { oid: string; path: string };
}

export const newPageId = (store: Store) => store.newId('pg');

/** Fill ids, unique sibling slugs and paths. Existing PageNodes pass through with fresh paths. */
export function buildPages(store: Store, inputs: readonly PageInput[], now: string, parentPath = ''): PageNode[] {
  const used = new Set<string>();
  return inputs.map((input) => {
    let slug = titleSlug(input.slug ?? input.title);
    for (let n = 2; used.has(slug); n++) slug = `${titleSlug(input.slug ?? input.title)}-${n}`;
    used.add(slug);
    const path = parentPath ? `${parentPath}/${slug}` : slug;
    const existing = input as Partial<PageNode>;
    const page: PageNode = {
      id: input.id ?? newPageId(store),
      title: input.title,
      slug,
      path,
      markdown: input.markdown,
      createdAt: existing.createdAt ?? now,
      updatedAt: existing.updatedAt ?? now,
      pages: buildPages(store, input.pages ?? [], now, path),
    };
    if (input.emoji !== undefined) page.emoji = input.emoji;
    if (input.description !== undefined) page.description = input.description;
    if (input.git !== undefined) page.git = input.git;
    return page;
  });
}

export function buildFile(store: Store, input: FileInput): FileEntry {
  const bytes = typeof input.content === 'string' ? Buffer.from(input.content, 'utf8') : Buffer.from(input.content);
  const blob = createHash('sha256').update(bytes).digest('hex');
  if (store.seqOf('blob', blob) === undefined) store.insert('blob', { id: blob, content: bytes.toString('base64') });
  const file: FileEntry = {
    id: input.id ?? store.newId('fl'),
    name: input.name,
    contentType: input.contentType,
    size: bytes.length,
    _blob: blob,
  };
  if (input.git) file.git = input.git;
  return file;
}

/** A file's bytes (one index lookup, whatever revision the entry comes from). */
export function fileBytes(store: Store, file: Pick<FileEntry, '_blob' | '_content'>): Buffer {
  const base64 = file._blob === undefined ? file._content : store.get<{ id: string; content: string }>('blob', file._blob)?.content;
  return Buffer.from(base64 ?? '', 'base64');
}

/**
 * Writes a revision. It takes the pages and files it is given as they are: they become the cached revision's,
 * frozen (`rememberRevision`), so a caller that wants to go on changing them passes copies.
 */
export function createRevision(
  store: Store,
  fields: {
    space: string;
    parents: string[];
    pages: PageNode[];
    files: FileEntry[];
    createdAt: string;
    type: RevisionType;
    mergedFrom?: string;
    git?: RevisionDoc['git'];
  },
): RevisionDoc {
  const doc: RevisionDoc = {
    id: store.newId('rev'),
    object: 'revision',
    parents: fields.parents,
    pages: fields.pages,
    files: fields.files,
    createdAt: fields.createdAt,
    type: fields.type,
    _space: fields.space,
  };
  if (fields.mergedFrom) doc._mergedFrom = fields.mergedFrom;
  if (fields.git) doc.git = fields.git;
  // Links are indexed on write: the targets of each page's text (only texts not seen before are parsed).
  for (const { page } of flattenPages(fields.pages)) linkTargets(page.markdown);
  return rememberRevision(store, store.insert('revision', doc, fields.space));
}

/** The revision, parsed once and shared (frozen: copy before changing anything). */
export function getRevision(store: Store, id: string): RevisionDoc {
  const rev = cachedRevision(store, id);
  if (!rev) throw new Error(`revision ${id} is missing`);
  return rev;
}

export interface PageEntry {
  page: PageNode;
  parent: string | null;
  index: number;
}

function flatten(pages: readonly PageNode[], parent: string | null, out: PageEntry[]): PageEntry[] {
  pages.forEach((page, index) => {
    out.push({ page, parent, index });
    flatten(page.pages, page.id, out);
  });
  return out;
}

/** Every page of a tree, depth first, with its parent's id (computed once per cached revision: do not change it). */
export function flattenPages(pages: readonly PageNode[], parent: string | null = null): readonly PageEntry[] {
  if (parent !== null) return flatten(pages, parent, []);
  return derived(pages, 'flat', () => Object.freeze(flatten(pages, null, [])));
}

/** Pages by id and by path (the first in tree order, as a search of the flattened tree finds). */
export function pageIndex(pages: readonly PageNode[]): { byId: ReadonlyMap<string, PageNode>; byPath: ReadonlyMap<string, PageNode> } {
  return derived(pages, 'index', () => {
    const byId = new Map<string, PageNode>();
    const byPath = new Map<string, PageNode>();
    for (const { page } of flattenPages(pages)) {
      if (!byId.has(page.id)) byId.set(page.id, page);
      if (!byPath.has(page.path)) byPath.set(page.path, page);
    }
    return { byId, byPath };
  });
}

export function findPage(pages: readonly PageNode[], id: string): PageNode | undefined {
  return Object.isFrozen(pages) ? pageIndex(pages).byId.get(id) : flattenPages(pages).find((entry) => entry.page.id === id)?.page;
}

export function findPageByPath(pages: readonly PageNode[], path: string): PageNode | undefined {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return Object.isFrozen(pages) ? pageIndex(pages).byPath.get(clean) : flattenPages(pages).find((entry) => entry.page.path === clean)?.page;
}

/** A deep copy of a tree with fresh paths (after insertions, moves or renames). */
export function repath(pages: readonly PageNode[], parentPath = ''): PageNode[] {
  return pages.map((page) => {
    const path = parentPath ? `${parentPath}/${page.slug}` : page.slug;
    return { ...page, path, pages: repath(page.pages, path) };
  });
}

/* ---------- presentation ---------- */

export interface PresentContext {
  baseUrl: string;
  organization: string;
  space: string;
  /** Set when presenting a change request's content: app URLs point into it. */
  changeRequest?: string;
}

export function appUrl(ctx: PresentContext, suffix = ''): string {
  const base = `${ctx.baseUrl}/app/o/${ctx.organization}/s/${ctx.space}`;
  return `${base}${ctx.changeRequest ? `/~/changes/${ctx.changeRequest}` : ''}/${suffix}`;
}

const DEFAULT_LAYOUT = {
  width: 'default',
  cover: false,
  coverSize: 'hero',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
} as const;

export type PageFormat = 'markdown' | 'document';

/** A page in the spec's `RevisionPageDocument` shape (body as markdown or as a JSON document). */
export function presentPage(
  page: PageNode,
  ctx: PresentContext,
  options: { format?: PageFormat; metadata?: boolean; /** false: `pages` is empty (a location names one page) */ children?: boolean } = {},
): PageDocument {
  const out: PageDocument = {
    id: page.id,
    title: page.title,
    kind: 'sheet',
    type: 'document',
    slug: page.slug,
    path: page.path,
    urls: { app: appUrl(ctx, page.path) },
    layout: { ...DEFAULT_LAYOUT },
  };
  if (page.emoji) out.emoji = page.emoji;
  if (page.description) out.description = page.description;
  if (page.createdAt) out.createdAt = page.createdAt;
  if (page.updatedAt) out.updatedAt = page.updatedAt;
  if (page.git && options.metadata !== false) out.git = page.git;
  if (options.format === 'document') out.document = markdownToDocument(page.markdown);
  else out.markdown = page.markdown;
  out.pages = options.children === false ? [] : page.pages.map((child) => presentPage(child, ctx, options));
  return out;
}

export function presentFile(file: FileEntry, ctx: PresentContext, options: { metadata?: boolean } = {}): z.input<typeof RevisionFile> {
  const out: z.input<typeof RevisionFile> = {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    downloadURL: `${ctx.baseUrl}/_emulator/files/${ctx.space}/${file.id}/${encodeURIComponent(file.name)}`,
  };
  if (file.git && options.metadata !== false) out.git = file.git;
  return out;
}

/**
 * The spec's `Revision` (variant by `type`). `mergedFrom` (required by the `merge` variant) is
 * passed in already presented, since presenting a change request needs the space.
 */
export function presentRevision(
  rev: RevisionDoc,
  ctx: PresentContext,
  options: { metadata?: boolean; mergedFrom?: unknown } = {},
): z.input<typeof Revision> {
  const out: Record<string, unknown> = {
    object: 'revision',
    id: rev.id,
    parents: rev.parents,
    pages: rev.pages.map((page) => presentPage(page, ctx, options)),
    files: rev.files.map((file) => presentFile(file, ctx, options)),
    reusableContents: [],
    variables: {},
    createdAt: rev.createdAt,
    type: rev.type,
    urls: { app: appUrl(ctx) },
  };
  if (rev.git && options.metadata !== false) {
    // The contract calls it createdByService; the spec requires createdByGitBook: send both.
    out.git = { ...rev.git, createdByGitBook: rev.git.createdByService };
  }
  if (rev.type === 'merge' && options.mergedFrom !== undefined) out.mergedFrom = options.mergedFrom;
  // Built field by field, so the compiler cannot pick the variant: `type` says which, and a merge
  // revision whose change request was purged since has no `mergedFrom` to show.
  return out as z.input<typeof Revision>;
}
