import type { OperationClient } from '../../api/request.js';
import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import { changeRequests } from '../../api/operations/change-requests.js';
import type { ChangeRequest } from '../../api/schemas/change-request.js';
import type { Comment, CommentReply } from '../../api/schemas/comment.js';
import type { ContentDiff, PageDiff } from '../../content/diff.js';
import type { Row } from './rows.js';

/** The list's status filter, in the order the filter key cycles through. */
export const STATUS_FILTERS = ['open', 'draft', 'merged', 'archived', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

// A review screen is for reading, not for exporting: past this many items a list is cut.
const MAX_ITEMS = 500;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The change requests of a space in one status, or in all of them (the API takes one status per call). */
export async function listChangeRequests(
  client: Pick<OperationClient, 'paginate'>,
  spaceId: string,
  filter: StatusFilter,
  signal: AbortSignal,
): Promise<ChangeRequest[]> {
  const statuses = filter === 'all' ? (['open', 'draft', 'merged', 'archived'] as const) : [filter];
  const lists = await Promise.all(
    statuses.map((status) => collect(client.paginate(changeRequests.list, { spaceId, query: { status } }, { signal, max: MAX_ITEMS }))),
  );
  return lists.flat().sort((a, b) => b.number - a.number);
}

/** Case-insensitive match on the number, subject, author and status. */
export function matchesText(cr: ChangeRequest, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  const hay = [`#${cr.number}`, cr.subject, cr.createdBy?.displayName ?? '', cr.status].join(' ').toLowerCase();
  return hay.includes(needle);
}

export interface Thread {
  comment: Comment;
  replies: CommentReply[];
}

/** Every comment of the change request, oldest first, each with its replies. */
export async function loadThreads(
  client: OperationClient,
  spaceId: string,
  changeRequestId: string,
  signal: AbortSignal,
): Promise<Thread[]> {
  const comments = await collect(
    client.paginate(
      changeRequestComments.list,
      { spaceId, changeRequestId, query: { format: 'markdown', order: 'asc' } },
      { signal, max: MAX_ITEMS },
    ),
  );
  return Promise.all(
    comments.map(async (comment) => ({
      comment,
      replies: comment.replies
        ? await collect(
            client.paginate(
              changeRequestComments.listReplies,
              { spaceId, changeRequestId, commentId: comment.id, query: { format: 'markdown' } },
              { signal, max: MAX_ITEMS },
            ),
          )
        : [],
    })),
  );
}

/**
 * Comments (threads; their replies are not counted) by status: what the header, the page list and the pane count.
 * Open ones are what the API's `comments` counts ("count of opened comments on the change request"); once the
 * threads are read the header counts them too, so that it and the page list's `N✎` cannot disagree.
 */
export interface CommentCounts {
  open: number;
  resolved: number;
}

export function commentCounts(threads: readonly Thread[]): CommentCounts {
  const resolved = threads.filter((t) => t.comment.status === 'resolved').length;
  return { open: threads.length - resolved, resolved };
}

/**
 * One line of the page list: the conversation (comments on the change request itself), a page, or
 * a note the view adds (a conflict's way out), whose `lines` the detail pane shows.
 */
export interface Entry {
  key: string;
  /** Absent for the conversation and for notes. */
  pageId?: string;
  /** The page's path (or what names it best). */
  label: string;
  /** The page's title, shown beside its path. */
  title?: string;
  /** The page's diff; absent for the conversation and for pages that only carry comments. */
  page?: PageDiff;
  threads: Thread[];
  /** The page is in conflict with the primary content (the last merge or update said so). */
  conflict?: boolean;
  /** A note's text, instead of a diff and comments. */
  lines?: Row[];
}

export function pageLabel(page: PageDiff): string {
  return page.pathAfter ?? page.pathBefore ?? page.titleAfter ?? page.titleBefore ?? page.id;
}

/** The title the page has in the change request (or had, for a removed page). */
export function pageTitle(page: PageDiff): string | undefined {
  return page.titleAfter ?? page.titleBefore;
}

const MARKS: Record<string, string> = { added: 'A', removed: 'D', modified: 'M', moved: 'R', renamed: 'R' };
/**
 * The page list's mark of a page's change. In an outdated change request, `A` and `D` cannot be told from the
 * primary content's own changes since (a page it deleted shows as added here): they are `A?` and `D?`, and every
 * mark takes two columns so that the labels stay aligned.
 */
export function changeMark(page: PageDiff | undefined, outdated = false): string {
  const mark = page ? (MARKS[page.change] ?? '?') : ' ';
  if (!outdated) return mark;
  return page?.change === 'added' || page?.change === 'removed' ? `${mark}?` : `${mark} `;
}

/**
 * A change as the diff pane names it. In an outdated change request an addition may be the primary content's
 * deletion since, and a removal its addition: the view cannot tell them apart (the API reads no revision by id),
 * so it says both, and how to find out.
 */
export function changeWords(change: string, outdated = false): string {
  if (!outdated) return change;
  if (change === 'added') return 'added here, or removed from the primary content since (u updates and tells them apart)';
  if (change === 'removed') return 'removed here, or added to the primary content since (u updates and tells them apart)';
  return change;
}

/**
 * The page list: the conversation first, then the changed pages in the diff's order, then pages
 * that have comments but no change (a thread stays visible next to the page it is about).
 */
export function buildEntries(
  diff: ContentDiff | undefined,
  threads: readonly Thread[],
  conflicts: ReadonlySet<string> = new Set(),
): Entry[] {
  const byPage = new Map<string, Thread[]>();
  const general: Thread[] = [];
  for (const thread of threads) {
    const pageId = thread.comment.target?.page?.id;
    if (!pageId) general.push(thread);
    else byPage.set(pageId, [...(byPage.get(pageId) ?? []), thread]);
  }
  const entries: Entry[] = [{ key: 'conversation', label: 'Conversation', threads: general }];
  for (const page of diff?.pages ?? []) {
    const title = pageTitle(page);
    entries.push({
      key: `page:${page.id}`,
      pageId: page.id,
      label: pageLabel(page),
      ...(title ? { title } : {}),
      page,
      threads: byPage.get(page.id) ?? [],
      ...(conflicts.has(page.id) ? { conflict: true } : {}),
    });
    byPage.delete(page.id);
  }
  for (const [pageId, pageThreads] of byPage) {
    const target = pageThreads[0]?.comment.target?.page;
    entries.push({
      key: `page:${pageId}`,
      pageId,
      label: target?.path ?? target?.title ?? pageId,
      ...(target?.title ? { title: target.title } : {}),
      threads: pageThreads,
      ...(conflicts.has(pageId) ? { conflict: true } : {}),
    });
  }
  return entries;
}
