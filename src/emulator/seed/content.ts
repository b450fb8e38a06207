import * as z from 'zod';
import { formatIssues } from '../../api/validation.js';
import type { MemberDoc } from '../access.js';
import { createChangeRequest, mergeChangeRequest, setChangeRequestRevision } from '../domain/change-requests.js';
import type { CommentDoc, ReplyDoc } from '../domain/comments.js';
import { splitTitle } from '../domain/markdown.js';
import { humanize } from '../domain/markdown-tree.js';
import {
  buildPages,
  createRevision,
  findPage,
  findPageByPath,
  getRevision,
  repath,
  type PageInput,
  type PageNode,
} from '../domain/revisions.js';
import { createSpace, type SpaceDoc } from '../domain/spaces.js';
import type { Store } from '../store/store.js';
import type { EmulatorContext } from '../types.js';
import { SeedError } from './schema.js';

/**
 * The spaces of a seeded organization: pages, files, change requests (with their page changes)
 * and comments. Ids are optional; give them when tests or sites refer to the object.
 *
 * A change request's `pages` is either a map `{"path/of/page": markdown | null}` (edit, create at
 * that path, or delete with null) or a list of pages to add (`parent` = page id) or replace (`id`).
 * Authors (`author` or `postedBy`/`createdBy`) are user ids; by default the organization's first admin.
 */

const Id = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'must use letters, digits and _ . : - only');

/** A seed's page is the emulator's PageInput without the Git fields (those come from Git imports). */
const SeedPage: z.ZodType<Omit<PageInput, 'git'>> = z.lazy(() =>
  z.strictObject({
    id: Id.optional(),
    title: z.string().min(1),
    slug: z.string().min(1).optional(),
    markdown: z.string(),
    emoji: z.string().max(50).optional(),
    description: z.string().optional(),
    pages: z.array(SeedPage).optional(),
  }),
);

const SeedFile = z
  .strictObject({
    id: Id.optional(),
    name: z.string().min(1),
    contentType: z.string().min(1),
    text: z.string().optional(),
    content: z.string().optional(),
  })
  .refine((f) => f.text !== undefined || f.content !== undefined, { message: 'needs text (or content)' });

const Body = {
  markdown: z.string().optional(),
  body: z.strictObject({ markdown: z.string() }).optional(),
  author: Id.optional(),
  postedBy: Id.optional(),
  /** When it was posted (default: when the seed is applied); lists are newest first. */
  postedAt: z.iso.datetime({ offset: true }).optional(),
};
const SeedReply = z.strictObject({ id: Id.optional(), ...Body });
const SeedComment = z.strictObject({
  id: Id.optional(),
  ...Body,
  /** Page id or path the comment is about. */
  page: z.string().optional(),
  resolved: z.boolean().optional(),
  replies: z.array(SeedReply).optional(),
});

const SeedChangeRequest = z.strictObject({
  id: Id.optional(),
  subject: z.string().max(100).optional(),
  status: z.enum(['draft', 'open', 'archived', 'merged']).optional(),
  author: Id.optional(),
  createdBy: Id.optional(),
  pages: z
    .union([
      z.record(z.string(), z.string().nullable()),
      z.array(
        z.strictObject({
          id: Id.optional(),
          parent: z.string().optional(),
          title: z.string().min(1),
          markdown: z.string(),
          pages: z.array(SeedPage).optional(),
        }),
      ),
    ])
    .optional(),
  comments: z.array(SeedComment).optional(),
});

export const SeedSpace = z.strictObject({
  id: Id.optional(),
  title: z.string().max(50),
  emoji: z.string().max(50).optional(),
  /** Id of the collection holding the space (`parent` is accepted too). */
  collection: Id.optional(),
  parent: Id.optional(),
  visibility: z.enum(['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private']).optional(),
  editMode: z.enum(['live', 'locked']).optional(),
  pages: z.array(SeedPage).default([]),
  files: z.array(SeedFile).optional(),
  changeRequests: z.array(SeedChangeRequest).optional(),
  comments: z.array(SeedComment).optional(),
});
export type SeedSpaceInput = z.input<typeof SeedSpace>;

type Comment = z.output<typeof SeedComment>;
type Reply = z.output<typeof SeedReply>;

const textOf = (c: Comment | Reply) => c.markdown ?? c.body?.markdown ?? '';

/** Apply a change request's `pages` to its content. */
function changePages(
  store: Store,
  pages: PageNode[],
  change: NonNullable<z.output<typeof SeedChangeRequest>['pages']>,
  at: string,
  where: string,
): PageNode[] {
  let tree = structuredClone(pages);
  const siblingsOf = (parentId: string | undefined): PageNode[] => {
    if (!parentId) return tree;
    const parent = findPage(tree, parentId) ?? findPageByPath(tree, parentId);
    if (!parent) throw new SeedError(`${where}: no page ${parentId} to add a page under`);
    return parent.pages;
  };
  if (Array.isArray(change)) {
    for (const entry of change) {
      const existing = entry.id ? findPage(tree, entry.id) : undefined;
      if (existing) Object.assign(existing, { title: entry.title, markdown: entry.markdown, updatedAt: at });
      else siblingsOf(entry.parent).push(...buildPages(store, [entry], at));
    }
    return repath(tree);
  }
  for (const [path, markdown] of Object.entries(change)) {
    const existing = findPageByPath(tree, path);
    if (markdown === null) {
      const remove = (list: PageNode[]): PageNode[] =>
        list.filter((p) => p.path !== existing?.path).map((p) => ({ ...p, pages: remove(p.pages) }));
      tree = remove(tree);
    } else if (existing) {
      Object.assign(existing, { markdown, updatedAt: at });
      // An edit moves nothing: the paths stay right without a new copy of the tree.
      continue;
    } else {
      const parts = path.replace(/^\/+|\/+$/g, '').split('/');
      const slug = parts.pop() ?? 'page';
      // A leading `# heading` names the new page, as in an import, and is not kept in its markdown.
      const { title, body } = splitTitle(markdown);
      siblingsOf(parts.length > 0 ? parts.join('/') : undefined).push(
        ...buildPages(store, [{ title: title ?? humanize(slug), slug, markdown: title ? body : markdown }], at),
      );
    }
    tree = repath(tree);
  }
  return tree;
}

export function seedContent(store: Store, ctx: Pick<EmulatorContext, 'now'>, organizationId: string, spaces: unknown[]): SpaceDoc[] {
  const parsed = z.array(SeedSpace).safeParse(spaces);
  if (!parsed.success)
    throw new SeedError(`seed: organization ${organizationId}: spaces${formatIssues(parsed.error.issues).replace(/^(\d)/, '.$1')}`);
  const members = store.all<MemberDoc>('member', organizationId);
  const fallback = (members.find((m) => m.role === 'admin') ?? members[0])?.userId;
  const authorOf = (where: string, ...ids: (string | undefined)[]): string => {
    const id = ids.find((x) => x !== undefined) ?? fallback;
    if (!id || !members.some((m) => m.userId === id))
      throw new SeedError(`${where}: author ${id ?? '(none)'} is not a member of ${organizationId}`);
    return id;
  };
  const now = ctx.now();
  const at = now.toISOString();

  const addComments = (space: SpaceDoc, list: Comment[] | undefined, revision: string, where: string, changeRequest?: string) => {
    (list ?? []).forEach((c, i) => {
      const here = `${where}.comments.${i}`;
      const author = authorOf(here, c.author, c.postedBy);
      const doc: CommentDoc = {
        id: c.id ?? store.newId('cm'),
        object: 'comment',
        postedAt: c.postedAt ?? at,
        status: 'open',
        _postedBy: author,
        _markdown: textOf(c),
        _space: space.id,
        _revision: revision,
        _reactions: {},
      };
      if (changeRequest) doc._changeRequest = changeRequest;
      if (c.resolved) Object.assign(doc, { status: 'resolved', resolvedAt: at, _resolvedBy: author });
      if (c.page !== undefined) {
        const pages = getRevision(store, revision).pages;
        const page = findPage(pages, c.page) ?? findPageByPath(pages, c.page);
        if (!page) throw new SeedError(`${here}.page: no page ${c.page}`);
        doc._page = { id: page.id, title: page.title, path: page.path };
      }
      store.insert('comment', doc, space.id);
      (c.replies ?? []).forEach((r, j) => {
        const reply: ReplyDoc = {
          id: r.id ?? store.newId('rp'),
          object: 'comment-reply',
          postedAt: r.postedAt ?? at,
          _postedBy: authorOf(`${here}.replies.${j}`, r.author, r.postedBy),
          _markdown: textOf(r),
          _comment: doc.id,
          _reactions: {},
        };
        store.insert('commentReply', reply, doc.id);
      });
    });
  };

  return parsed.data.map((input, index) => {
    const where = `seed: organization ${organizationId}: spaces.${index}`;
    const parent = input.collection ?? input.parent;
    if (parent && store.get<{ id: string; organization: string }>('collection', parent)?.organization !== organizationId) {
      throw new SeedError(`${where}: no collection ${parent} in ${organizationId}`);
    }
    let space = createSpace(store, now, {
      ...(input.id ? { id: input.id } : {}),
      organization: organizationId,
      title: input.title,
      ...(input.emoji !== undefined ? { emoji: input.emoji } : {}),
      ...(parent ? { parent } : {}),
      ...(input.visibility ? { visibility: input.visibility } : {}),
      pages: input.pages,
      files: (input.files ?? []).map((f) => ({
        ...(f.id ? { id: f.id } : {}),
        name: f.name,
        contentType: f.contentType,
        content: f.text ?? f.content ?? '',
      })),
    });
    addComments(space, input.comments, space.revision, where);
    (input.changeRequests ?? []).forEach((c, i) => {
      const here = `${where}.changeRequests.${i}`;
      const author = authorOf(here, c.author, c.createdBy);
      let cr = createChangeRequest(store, space, {
        ...(c.id ? { id: c.id } : {}),
        createdBy: author,
        now,
        ...(c.subject !== undefined ? { subject: c.subject } : {}),
        status: c.status === 'merged' ? 'open' : (c.status ?? 'open'),
      });
      if (c.pages) {
        const base = getRevision(store, cr.revision);
        const rev = createRevision(store, {
          space: space.id,
          parents: [base.id],
          pages: changePages(store, base.pages, c.pages, at, here),
          files: base.files,
          createdAt: at,
          type: 'edits',
        });
        cr = setChangeRequestRevision(store, cr, rev.id, author, now);
      }
      addComments(space, c.comments, cr.revision, here, cr.id);
      space = store.get<SpaceDoc>('space', space.id) ?? space;
      if (c.status === 'merged') {
        const outcome = mergeChangeRequest(store, space, cr, now);
        if (outcome.result !== 'merge') throw new SeedError(`${here}: cannot be merged (conflicts)`);
        space = store.get<SpaceDoc>('space', space.id) ?? space;
      }
    });
    if (input.editMode) space = store.put('space', { ...space, editMode: input.editMode });
    return space;
  });
}
