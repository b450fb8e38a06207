import type { PageDiff } from '../../content/diff.js';
import { displayWidth, relativeTime, truncate, wrapLines } from '../format.js';
import { wrapTokens } from '../wrap.js';
import { changeWords, commentCounts, pageLabel, pageTitle, type Entry, type Thread } from './data.js';

/**
 * One line of the detail pane. `thread` ties it to a comment and `reply` to one of its replies, so
 * the comment keys act on what is under the cursor; `stop` marks where `]` and `[` land.
 */
export interface Row {
  text: string;
  color?: 'green' | 'red' | 'cyan' | 'yellow' | 'magenta';
  dim?: boolean;
  bold?: boolean;
  thread?: string;
  reply?: string;
  stop?: 'page' | 'hunk' | 'comment';
  /** The second or a later row of one diff line wrapped (w cuts long lines instead, and keeps the cursor's line). */
  cont?: boolean;
  /**
   * A command: wrapped only between its words (an argument longer than a line breaks after a `/` or `=`
   * in it), each continuation indented two columns more, so that no flag or value is cut in its middle.
   */
  code?: boolean;
}

/**
 * Words to lines of at most `width` columns (display width: a wide character counts two), broken only
 * between words; a word longer than the width (a URL) is broken after a `/` in it where it can (wrapTokens).
 * A paragraph's own indentation stays on its first line, and every following line starts at the same
 * column, so the text does not drift.
 */
export function wrap(text: string, width: number): string[] {
  const lines = wrapTokens(text, Math.max(1, width));
  while (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/** A command to lines: broken between its words, the lines after the first indented under it by two more columns. */
export function codeLines(text: string, width: number): string[] {
  const lead = /^ */.exec(text)?.[0] ?? '';
  return wrapTokens(text, Math.max(2, width), `${lead}  `);
}

export interface RowOptions {
  /** What to say where the diff is not there (loading, failed, not readable). */
  diffNote?: string | undefined;
  /** Long diff lines wrap onto more rows (else they are cut with `…`). */
  wrapDiff?: boolean;
  /** The change request is outdated: an addition may be the primary content's deletion since (changeWords). */
  outdated?: boolean;
  now?: number;
}

function pageRows(page: PageDiff, width: number, wrapDiff: boolean, outdated = false): Row[] {
  const rows: Row[] = [];
  const changes = (page.changes.length > 0 ? page.changes : [page.change]).map((c) => changeWords(c, outdated));
  const title = pageTitle(page);
  const head = [
    changes.join(', '),
    pageLabel(page),
    title && title !== pageLabel(page) ? `"${title}"` : '',
    `+${page.added} −${page.removed}`,
  ]
    .filter(Boolean)
    .join(' · ');
  wrap(head, width).forEach((text, i) => rows.push({ text, bold: true, ...(i === 0 ? { stop: 'page' as const } : {}) }));
  if (page.pathBefore && page.pathAfter && page.pathBefore !== page.pathAfter) {
    for (const text of wrap(`path: ${page.pathBefore} → ${page.pathAfter}`, width)) rows.push({ text, color: 'yellow' });
  }
  if (page.titleBefore && page.titleAfter && page.titleBefore !== page.titleAfter) {
    for (const text of wrap(`title: ${page.titleBefore} → ${page.titleAfter}`, width)) rows.push({ text, color: 'yellow' });
  }
  if (page.hunks.length === 0) rows.push({ text: 'No change to the text.', dim: true });
  for (const hunk of page.hunks) {
    rows.push({ text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, color: 'cyan', stop: 'hunk' });
    for (const line of hunk.lines) {
      const color = line.startsWith('+') ? 'green' : line.startsWith('-') ? 'red' : undefined;
      const text = line.replace(/\t/g, '  ');
      // A wrapped line goes on under its text, past the +/- column, broken between words (pages are prose).
      const pieces = wrapDiff
        ? wrapLines(text.slice(1).trimEnd(), width - 1).map((piece, i) =>
            i === 0 ? text.slice(0, 1) + piece.trimEnd() : ` ${piece.trim()}`,
          )
        : [truncate(text, width)];
      pieces.forEach((piece, i) => rows.push({ text: piece, ...(color ? { color } : {}), ...(i > 0 ? { cont: true } : {}) }));
    }
  }
  return rows;
}

function author(name: string | undefined, at: string | undefined, now: number, edited?: string): string {
  return `${name ?? 'someone'} · ${relativeTime(at, now)}${edited ? ' (edited)' : ''}`;
}

function reactionText(
  reactions: readonly { emoji: string; count?: number | undefined; users?: readonly unknown[] | undefined }[] = [],
): string {
  return reactions.map((r) => `${r.emoji}${r.count ?? r.users?.length ?? ''}`).join(' ');
}

function threadRows(thread: Thread, width: number, now: number): Row[] {
  const { comment, replies } = thread;
  const id = comment.id;
  const status = comment.status === 'resolved' ? 'resolved' : 'open';
  const head = [
    `● ${author(comment.postedBy.displayName, comment.postedAt, now, comment.editedAt)}`,
    status,
    replies.length ? `${replies.length} repl${replies.length === 1 ? 'y' : 'ies'}` : '',
    reactionText(comment.reactions),
  ]
    .filter(Boolean)
    .join(' · ');
  const rows: Row[] = [];
  wrap(head, width).forEach((text, i) =>
    rows.push({
      text: i === 0 ? text : `  ${text}`,
      bold: true,
      thread: id,
      ...(i === 0 ? { stop: 'comment' as const } : {}),
      ...(status === 'resolved' ? { dim: true } : {}),
    }),
  );
  // The block the comment is anchored to (the id `docs comments create --node` takes), and its text as the API previews it.
  const node = comment.target?.node;
  if (node?.id) for (const line of wrap(`on block ${node.id}`, width - 4)) rows.push({ text: `  ▏ ${line}`, dim: true, thread: id });
  const preview = node?.preview?.trim();
  if (preview) for (const line of wrap(preview, width - 4)) rows.push({ text: `  ▏ ${line}`, dim: true, thread: id });
  for (const line of wrap(comment.body.markdown ?? '', width - 2)) rows.push({ text: `  ${line}`, thread: id });
  for (const reply of replies) {
    const replyHead = [`↳ ${author(reply.postedBy.displayName, reply.postedAt, now, reply.editedAt)}`, reactionText(reply.reactions)]
      .filter(Boolean)
      .join(' · ');
    wrap(replyHead, width - 2).forEach((text, i) =>
      rows.push({ text: i === 0 ? `  ${text}` : `    ${text}`, color: 'magenta', thread: id, reply: reply.id }),
    );
    for (const line of wrap(reply.body.markdown ?? '', width - 4)) rows.push({ text: `    ${line}`, thread: id, reply: reply.id });
  }
  return rows;
}

/**
 * Where the row `cursor` of `from` is in `to`, the same rows laid out with diff lines wrapped or cut: the first row
 * of the same line (the rows that are not `cont` are the same in both, in the same order).
 */
export function sameLine(from: readonly Row[], cursor: number, to: readonly Row[]): number {
  let line = -1;
  for (let i = 0; i <= Math.min(cursor, from.length - 1); i += 1) if (!from[i]?.cont) line += 1;
  let seen = -1;
  for (let j = 0; j < to.length; j += 1) {
    if (to[j]?.cont) continue;
    seen += 1;
    if (seen === line) return j;
  }
  return Math.max(0, to.length - 1);
}

/** What the detail pane shows for the selected entry: the page's diff, then its comment threads. */
export function detailRows(entry: Entry | undefined, width: number, options: RowOptions = {}): Row[] {
  if (!entry) return [];
  const { diffNote, wrapDiff = true, outdated = false, now = Date.now() } = options;
  const rows: Row[] = [];
  if (entry.lines) {
    return entry.lines.flatMap((line) =>
      line.text
        ? (line.code ? codeLines(line.text, width) : wrap(line.text, width)).map((text, i) => ({
            ...line,
            text,
            ...(i > 0 ? { stop: undefined } : {}),
          }))
        : [line],
    );
  }
  if (!entry.pageId) {
    // Wrapped between words, as every row of the pane.
    wrap('Comments on the change request as a whole', width).forEach((text, i) =>
      rows.push({ text, bold: true, ...(i === 0 ? { stop: 'page' as const } : {}) }),
    );
  } else if (entry.page) {
    rows.push(...pageRows(entry.page, width, wrapDiff, outdated));
  } else {
    const title = entry.title ? ` "${entry.title}"` : '';
    rows.push({ text: `${entry.label}${title}`, bold: true, stop: 'page' });
    for (const text of wrap(diffNote ?? 'This page has comments but no change.', width)) rows.push({ text, dim: true });
  }
  rows.push({ text: '' });
  const count = entry.threads.length;
  const { open, resolved } = commentCounts(entry.threads);
  const rule = `── ${count} comment${count === 1 ? '' : 's'}${resolved ? ` (${open} open, ${resolved} resolved)` : ''} `;
  rows.push({ text: rule + '─'.repeat(Math.max(0, width - displayWidth(rule))), dim: true });
  if (count === 0) rows.push({ text: entry.pageId ? 'No comments on this page; c adds one.' : 'No comments yet; c adds one.', dim: true });
  for (const thread of entry.threads) rows.push(...threadRows(thread, width, now));
  return rows;
}
