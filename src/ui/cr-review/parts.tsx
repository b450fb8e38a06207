import { Box, Text } from 'ink';
import type { ChangeRequest } from '../../api/schemas/change-request.js';
import type { KeyBinding } from '../components/KeyHelp.js';
import { ScrollList } from '../components/ScrollList.js';
import { fit, relativeTime, truncate } from '../format.js';
import { changeMark, type Entry } from './data.js';
import type { Row } from './rows.js';

export const CR_KEYS: readonly (readonly KeyBinding[])[] = [
  [
    ['↑↓', 'move'],
    ['tab', 'pane'],
    ['c', 'comment'],
    ['r', 'reply'],
    ['x', 'resolve'],
    ['e', 'react'],
    ['?', 'help'],
    ['q', 'back'],
  ],
  [
    ['m', 'merge'],
    ['u', 'update'],
    ['a', 'archive'],
    ['s', 'subject'],
    ['o', 'url'],
    ['R', 'refresh'],
  ],
];

export const CR_HELP: readonly KeyBinding[] = [
  ['↑ ↓ / j k', 'move in the pane in focus (pgup/pgdn, g/G)'],
  ['tab ← →', 'switch between the page list and the diff and comments'],
  ['c', 'comment on the page in view (on the change request from Conversation)'],
  ['r', 'reply to the comment under the cursor (in the right pane)'],
  ['x', 'resolve or reopen the comment under the cursor'],
  ['e', 'react to the comment under the cursor'],
  ['m', 'merge into the primary content (asks first)'],
  ['u', 'update from main: bring in the primary content changes'],
  ['a', 'archive the change request (or reopen an archived one)'],
  ['s', 'edit the subject'],
  ['o', 'print the URL in the status line'],
  ['R', 'refresh the change request, diff and comments'],
  ['?', 'this help'],
  ['q / esc', 'back (esc in the right pane: back to the page list)'],
];

/** Subject, status, author, last update, comment count, outdated flag and URL: three lines. */
export function Header({ cr, width }: { cr: ChangeRequest; width: number }) {
  const meta = [
    cr.status,
    cr.createdBy?.displayName ? `by ${cr.createdBy.displayName}` : '',
    `updated ${relativeTime(cr.updatedAt)}`,
    `${cr.comments} comment${cr.comments === 1 ? '' : 's'}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const url = cr.urls?.app ?? cr.urls?.location ?? '';
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate">
        {truncate(`#${cr.number} ${cr.subject || '(no subject)'}`, width)}
      </Text>
      <Text wrap="truncate">
        <Text color={cr.status === 'merged' ? 'magenta' : cr.status === 'open' ? 'green' : 'yellow'}>{truncate(meta, width)}</Text>
        {cr.outdated && [...meta].length + 11 <= width ? <Text color="yellow"> · outdated</Text> : null}
      </Text>
      <Text dimColor wrap="truncate">
        {truncate(url || ' ', width)}
      </Text>
    </Box>
  );
}

export function PageList({
  entries,
  selected,
  focused,
  height,
  width,
}: {
  entries: readonly Entry[];
  selected: number;
  focused: boolean;
  height: number;
  width: number;
}) {
  return (
    <ScrollList
      items={entries}
      selected={selected}
      height={height}
      keyOf={(e) => e.key}
      renderItem={(entry, isSelected) => {
        const count = entry.threads.length ? ` ${entry.threads.length}✎` : '';
        // The › marks the selection without colour too (NO_COLOR, a screen reader's text).
        const text = `${isSelected ? '›' : ' '}${changeMark(entry.page)} ${entry.label}`;
        return (
          <Text inverse={isSelected && focused} bold={isSelected} wrap="truncate">
            {fit(text, width - [...count].length) + count}
          </Text>
        );
      }}
    />
  );
}

export function Detail({
  rows,
  cursor,
  focused,
  height,
  width,
}: {
  rows: readonly Row[];
  cursor: number;
  focused: boolean;
  height: number;
  width: number;
}) {
  return (
    <ScrollList
      items={rows}
      selected={cursor}
      height={height}
      keyOf={(_row, i) => String(i)}
      renderItem={(row, isSelected) => (
        <Text
          inverse={isSelected && focused}
          {...(row.color ? { color: row.color } : {})}
          dimColor={row.dim === true}
          bold={row.bold === true}
          wrap="truncate"
        >
          {truncate(`${isSelected && focused ? '›' : ' '}${row.text}`, width)}
        </Text>
      )}
    />
  );
}

/** The pages a `conflicts` answer names, when it names them (the API may send only the result). */
export function conflictPages(result: unknown): string[] {
  const list = (result as { conflicts?: unknown }).conflicts;
  if (!Array.isArray(list)) return [];
  return list.map((c: { title?: unknown; id?: unknown; path?: unknown }) => {
    const name = typeof c?.title === 'string' ? c.title : typeof c?.id === 'string' || typeof c?.id === 'number' ? String(c.id) : '?';
    return typeof c?.path === 'string' && c.path ? `${name} (${c.path})` : name;
  });
}
