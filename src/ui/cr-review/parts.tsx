import { Box, Text } from 'ink';
import type { ChangeRequest } from '../../api/schemas/change-request.js';
import type { KeyBinding } from '../components/KeyHelp.js';
import { ScrollList } from '../components/ScrollList.js';
import { clipWords, displayWidth, fitItems, foldPath, packItems, relativeTime, truncate } from '../format.js';
import { wrapTokens } from '../wrap.js';
import { changeMark, commentCounts, type Entry, type Thread } from './data.js';
import type { Row } from './rows.js';

/** Whether merge and update from main still apply: not to a merged or archived change request. */
export const isActive = (cr: ChangeRequest): boolean => cr.status !== 'merged' && cr.status !== 'archived';

/** The two footer lines; `quit` says what q does (back to the list, or quit when opened directly). */
export function crKeys(cr: ChangeRequest, quit: 'back' | 'quit'): KeyBinding[][] {
  return [
    [
      ['↑↓', 'move'],
      ['tab', 'pane'],
      ['/', 'search'],
      [']', 'next'],
      ['w', 'wrap'],
      ['x', 'resolve'],
      ['?', 'help'],
      ['q', quit],
    ],
    [
      ['c', 'comment'],
      ['r', 'reply'],
      ['e', 'react'],
      ...(isActive(cr)
        ? ([
            ['m', 'merge'],
            ['u', 'update'],
            ['a', 'archive'],
          ] as KeyBinding[])
        : cr.status === 'archived'
          ? ([['a', 'reopen']] as KeyBinding[])
          : []),
      ['O', 'browser'],
    ],
  ];
}

export function crHelp(cr: ChangeRequest, quit: 'back' | 'quit'): KeyBinding[] {
  return [
    ['↑ ↓ / j k', 'move in the pane in focus (g/G: first, last)'],
    ['tab ← →', 'switch between the page list and the diff and comments'],
    ['space ^F / b ^B', 'next / previous screenful of the diff (^D / ^U: half a screen)'],
    ['] / [', 'next / previous hunk, comment or page'],
    ['/  n N', 'search the diffs and comments; next and previous match'],
    ['w', 'wrap long diff lines, or cut them'],
    ['c', 'comment on the page in view (on the change request from Conversation)'],
    ['r', 'reply to the comment under the cursor (in the right pane)'],
    ['x', 'resolve or reopen the comment under the cursor'],
    ['e / -', 'react to the comment under the cursor / remove a reaction you gave'],
    ['E / D', 'edit / delete your comment under the cursor'],
    ...(isActive(cr)
      ? ([
          ['m', 'merge into the primary content (asks first)'],
          ['u', 'update from main: bring in the primary content changes'],
          ['a', 'archive the change request'],
        ] as KeyBinding[])
      : cr.status === 'archived'
        ? ([['a', 'reopen the change request']] as KeyBinding[])
        : []),
    ['s', 'edit the subject'],
    ['o / O', 'print the URL in the status line / open it in the browser'],
    ['P', 'pull the change request’s version of its pages (those in conflict, if any) into a folder'],
    ['C', 'create a new change request (to carry a conflicting one over)'],
    ['R', 'refresh the change request, diff and comments'],
    ['N✎ / N✓', 'in the page list: open comments on the page (the header counts the same) / all resolved'],
    ['?', 'this help'],
    ['q', quit === 'quit' ? 'quit' : 'back to the list'],
    ['esc', quit === 'quit' ? 'back to the page list, then quit' : 'back to the page list, then to the list'],
  ];
}

/** A state of the change request said above the panes: whole when there is room, `short` when the header folds. */
export interface Banner {
  text: string;
  short: string;
  color: 'magenta' | 'yellow' | 'red';
}

interface HeadLine {
  text: string;
  color?: 'magenta' | 'yellow' | 'red' | 'green';
  bold?: boolean;
  dim?: boolean;
}

/**
 * The header's lines in at most `budget` rows: the subject; status, author, last update and comment count; the
 * URL, whole (broken only after a `/`); the banners, wrapped between words. When they do not fit (a small
 * terminal), the header folds: the URL goes (o shows it) and each banner takes its short form on one line, then
 * all of them share the line after the subject.
 */
export function headerLines(
  cr: ChangeRequest,
  banners: readonly Banner[],
  width: number,
  budget: number,
  threads?: readonly Thread[],
): HeadLine[] {
  const { open, resolved } = threads ? commentCounts(threads) : { open: cr.comments, resolved: 0 };
  // In the order shown; `rank` says which stay when the line is short (status and the open comments last to go).
  const items = [
    { text: cr.status, rank: 0 },
    { text: cr.createdBy?.displayName ? `by ${cr.createdBy.displayName}` : '', rank: 4 },
    { text: `updated ${relativeTime(cr.updatedAt)}`, rank: 5 },
    { text: `${open} open comment${open === 1 ? '' : 's'}`, rank: 1 },
    { text: resolved ? `${resolved} resolved` : '', rank: 3 },
    { text: cr.outdated ? 'outdated' : '', rank: 2 },
  ].filter((item) => item.text !== '');
  const color: HeadLine['color'] = cr.status === 'merged' ? 'magenta' : cr.status === 'open' ? 'green' : 'yellow';
  const url = cr.urls?.app ?? cr.urls?.location ?? '';
  const subject = `#${cr.number} ${cr.subject || '(no subject)'}`;
  const whole: HeadLine[] = [
    ...wrapTokens(subject, width).map((text) => ({ text, bold: true })),
    ...packItems(
      items.map((item) => item.text),
      width,
      items.length,
    ).map((text) => ({ text, color })),
    ...(url ? wrapTokens(url, width).map((text) => ({ text, dim: true })) : []),
    ...banners.flatMap((b) => wrapTokens(b.text, width).map((text) => ({ text, color: b.color }))),
  ];
  if (whole.length <= budget) return whole;
  // Folded: the subject and the status on a line each (cut between words if need be), the URL gone (o shows it),
  // each banner in its short form.
  const title: HeadLine = { text: clipWords(subject, width), bold: true };
  const status: HeadLine = { text: fitItems(items, width), color };
  const folded: HeadLine[] = [
    title,
    status,
    ...banners.flatMap((b) => wrapTokens(b.short, width).map((text) => ({ text, color: b.color }))),
  ];
  if (folded.length <= budget) return folded;
  const first = banners[0];
  if (!first) return [title, status];
  if (budget >= 3) {
    // The short forms side by side in the rows left, whole; those that do not fit are left out (the most important
    // comes first, and the page list's marks and the status line still say the rest).
    return [
      title,
      status,
      ...packItems(
        banners.map((b) => b.short),
        width,
        budget - 2,
      ).map((text) => ({ text, color: first.color })),
    ];
  }
  // One line for the status and every banner that fits, in the colour of the first.
  return [title, { text: packItems([cr.status, ...banners.map((b) => b.short)], width, 1)[0] ?? cr.status, color: first.color }];
}

export function Header({ lines }: { lines: readonly HeadLine[] }) {
  return (
    <Box flexDirection="column" flexShrink={0}>
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate" bold={line.bold === true} dimColor={line.dim === true} {...(line.color ? { color: line.color } : {})}>
          {line.text || ' '}
        </Text>
      ))}
    </Box>
  );
}

export function PageList({
  entries,
  selected,
  focused,
  height,
  width,
  outdated = false,
}: {
  entries: readonly Entry[];
  selected: number;
  focused: boolean;
  height: number;
  width: number;
  /** The change request is outdated: additions and removals are marked `A?` and `D?` (changeMark). */
  outdated?: boolean;
}) {
  return (
    <ScrollList
      items={entries}
      selected={selected}
      height={height}
      keyOf={(e) => e.key}
      renderItem={(entry, isSelected) => {
        // Open comments as N✎ (the header counts the same ones); a page whose comments are all resolved, N✓.
        const { open, resolved } = commentCounts(entry.threads);
        const count = open ? ` ${open}✎` : resolved ? ` ${resolved}✓` : '';
        // The › marks the selection without colour too (NO_COLOR, a screen reader's text); ! a page in conflict.
        // Every mark takes the columns changeMark's do (two when outdated), so that the labels stay in one column.
        const own = entry.conflict ? '!' : entry.lines ? '✗' : undefined;
        const mark = own === undefined ? changeMark(entry.page, outdated) : own.padEnd(displayWidth(changeMark(undefined, outdated)));
        const room = Math.max(0, width - displayWidth(count));
        // A path keeps its last name whole (`…/macos`), a note is cut between words.
        const lead = `${isSelected ? '›' : ' '}${mark} `;
        const fold = entry.pageId ? foldPath : clipWords;
        const label = truncate(`${lead}${fold(entry.label, Math.max(1, room - displayWidth(lead)))}`, room);
        // The title beside the path when there is room for a useful part of it.
        const free = room - displayWidth(label) - 2;
        const title =
          entry.title && entry.title !== entry.label && free >= Math.min(8, displayWidth(entry.title))
            ? `  ${truncate(entry.title, free)}`
            : '';
        const pad = ' '.repeat(Math.max(0, room - displayWidth(label) - displayWidth(title)));
        return (
          <Text inverse={isSelected && focused} bold={isSelected} {...(entry.conflict || entry.lines ? { color: 'red' } : {})}>
            {label}
            <Text dimColor={!(isSelected && focused)}>{title}</Text>
            {pad}
            {count}
          </Text>
        );
      }}
    />
  );
}

/** Where `needle` is in `text`, case-insensitive: the text in three parts, the match in the middle. */
function splitMatch(text: string, needle: string | undefined): [string, string, string] | undefined {
  if (!needle) return undefined;
  const at = text.toLowerCase().indexOf(needle.toLowerCase());
  if (at < 0) return undefined;
  return [text.slice(0, at), text.slice(at, at + needle.length), text.slice(at + needle.length)];
}

/** The rows from `top`, `height` of them; the cursor's row marked when the pane has the focus, search matches highlighted. */
export function Detail({
  rows,
  cursor,
  top,
  focused,
  height,
  width,
  search,
}: {
  rows: readonly Row[];
  cursor: number;
  top: number;
  focused: boolean;
  height: number;
  width: number;
  search?: string | undefined;
}) {
  const shown = rows.slice(top, top + Math.max(1, height));
  return (
    <Box flexDirection="column">
      {shown.map((row, i) => {
        const isSelected = top + i === cursor && focused;
        const text = truncate(`${isSelected ? '›' : ' '}${row.text}`, width);
        const parts = splitMatch(text, search);
        return (
          <Text
            key={top + i}
            inverse={isSelected}
            {...(row.color ? { color: row.color } : {})}
            dimColor={row.dim === true}
            bold={row.bold === true}
            wrap="truncate"
          >
            {parts ? (
              <>
                {parts[0]}
                <Text backgroundColor="yellow" color="black">
                  {parts[1]}
                </Text>
                {parts[2]}
              </>
            ) : (
              text
            )}
          </Text>
        );
      })}
    </Box>
  );
}

export interface ConflictPage {
  id?: string;
  name: string;
}

/** The pages a `conflicts` answer names, when it names them (the API may send only the result). */
export function conflictList(result: unknown): ConflictPage[] {
  const list = (result as { conflicts?: unknown }).conflicts;
  if (!Array.isArray(list)) return [];
  return list.map((c: { title?: unknown; id?: unknown; path?: unknown }) => {
    const id = typeof c?.id === 'string' || typeof c?.id === 'number' ? String(c.id) : undefined;
    const title = typeof c?.title === 'string' ? c.title : (id ?? '?');
    const name = typeof c?.path === 'string' && c.path ? `${title} (${c.path})` : title;
    return { ...(id ? { id } : {}), name };
  });
}

export const conflictPages = (result: unknown): string[] => conflictList(result).map((c) => c.name);
