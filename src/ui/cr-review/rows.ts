import type { PageDiff } from '../../content/diff.js';
import { relativeTime, truncate } from '../format.js';
import { pageLabel, type Entry, type Thread } from './data.js';

/** One line of the detail pane. `thread` ties it to a comment, so reply/resolve/react act on it. */
export interface Row {
  text: string;
  color?: 'green' | 'red' | 'cyan' | 'yellow' | 'magenta';
  dim?: boolean;
  bold?: boolean;
  thread?: string;
}

/** Words to lines of at most `width` columns; a word longer than the width is cut into pieces. */
export function wrap(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while ([...rest].length > w) {
        if (line) lines.push(line);
        line = '';
        lines.push([...rest].slice(0, w).join(''));
        rest = [...rest].slice(w).join('');
      }
      if (!line) line = rest;
      else if ([...line].length + 1 + [...rest].length <= w) line += ` ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  while (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

function pageRows(page: PageDiff, width: number): Row[] {
  const rows: Row[] = [];
  const changes = page.changes.length > 0 ? page.changes : [page.change];
  rows.push({ text: truncate(`${changes.join(', ')} · ${pageLabel(page)} · +${page.added} −${page.removed}`, width), bold: true });
  if (page.pathBefore && page.pathAfter && page.pathBefore !== page.pathAfter) {
    rows.push({ text: truncate(`path: ${page.pathBefore} → ${page.pathAfter}`, width), color: 'yellow' });
  }
  if (page.titleBefore && page.titleAfter && page.titleBefore !== page.titleAfter) {
    rows.push({ text: truncate(`title: ${page.titleBefore} → ${page.titleAfter}`, width), color: 'yellow' });
  }
  if (page.hunks.length === 0) rows.push({ text: 'No change to the text.', dim: true });
  for (const hunk of page.hunks) {
    rows.push({ text: truncate(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, width), color: 'cyan' });
    for (const line of hunk.lines) {
      const color = line.startsWith('+') ? 'green' : line.startsWith('-') ? 'red' : undefined;
      rows.push({ text: truncate(line.replace(/\t/g, '  '), width), ...(color ? { color } : {}) });
    }
  }
  return rows;
}

function author(name: string | undefined, at: string | undefined, now: number): string {
  return `${name ?? 'someone'} · ${relativeTime(at, now)}`;
}

function threadRows(thread: Thread, width: number, now: number): Row[] {
  const { comment, replies } = thread;
  const thread_ = comment.id;
  const status = comment.status === 'resolved' ? 'resolved' : 'open';
  const reactions = (comment.reactions ?? []).map((r) => `${r.emoji}${r.count ?? r.users?.length ?? ''}`).join(' ');
  const head = [
    `● ${author(comment.postedBy.displayName, comment.postedAt, now)}`,
    status,
    replies.length ? `${replies.length} repl${replies.length === 1 ? 'y' : 'ies'}` : '',
    reactions,
  ]
    .filter(Boolean)
    .join(' · ');
  const rows: Row[] = [{ text: truncate(head, width), bold: true, thread: thread_, ...(status === 'resolved' ? { dim: true } : {}) }];
  for (const line of wrap(comment.body.markdown ?? '', width - 2)) rows.push({ text: `  ${line}`, thread: thread_ });
  for (const reply of replies) {
    rows.push({
      text: truncate(`  ↳ ${author(reply.postedBy.displayName, reply.postedAt, now)}`, width),
      color: 'magenta',
      thread: thread_,
    });
    for (const line of wrap(reply.body.markdown ?? '', width - 4)) rows.push({ text: `    ${line}`, thread: thread_ });
  }
  return rows;
}

/** What the detail pane shows for the selected entry: the page's diff, then its comment threads. */
export function detailRows(entry: Entry | undefined, width: number, diffNote?: string, now: number = Date.now()): Row[] {
  if (!entry) return [];
  const rows: Row[] = [];
  if (!entry.pageId) {
    rows.push({ text: 'Comments on the change request as a whole', bold: true });
  } else if (entry.page) {
    rows.push(...pageRows(entry.page, width));
  } else {
    rows.push({ text: truncate(diffNote ?? 'This page has comments but no change.', width), dim: true });
  }
  rows.push({ text: '' });
  const count = entry.threads.length;
  rows.push({ text: truncate(`── ${count} comment${count === 1 ? '' : 's'} ${'─'.repeat(width)}`, width), dim: true });
  if (count === 0) rows.push({ text: entry.pageId ? 'No comments on this page; c adds one.' : 'No comments yet; c adds one.', dim: true });
  for (const thread of entry.threads) rows.push(...threadRows(thread, width, now));
  return rows;
}
