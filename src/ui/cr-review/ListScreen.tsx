import { TextInput } from '@inkjs/ui';
import { Box, Text } from 'ink';
import { useKeys } from '../keys.js';
import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import type { OperationClient } from '../../api/request.js';
import type { ChangeRequest } from '../../api/schemas/change-request.js';
import { KeyHelp, type KeyBinding } from '../components/KeyHelp.js';
import { moveSelection, ScrollList } from '../components/ScrollList.js';
import { StatusLine } from '../components/StatusLine.js';
import { fit, fitWords, relativeTime, truncate } from '../format.js';
import { useRequest, useTerminalSize } from '../hooks.js';
import { MOVE_LETTERS, unknownKeySign, useFirstScreen } from '../keys.js';
import { listChangeRequests, matchesText, STATUS_FILTERS, type StatusFilter } from './data.js';
import { HelpOverlay } from './Dialog.js';

/** What the list shows; kept by the app so that coming back from a change request restores it. */
export interface ListView {
  status: StatusFilter;
  text: string;
  selectedId?: string;
}

const KEYS: readonly KeyBinding[] = [
  ['↑↓', 'move'],
  ['enter', 'open'],
  ['s', 'status'],
  ['/', 'filter'],
  ['R', 'refresh'],
  ['?', 'help'],
  ['q', 'quit'],
];
const HELP: readonly KeyBinding[] = [
  ['↑ ↓ / j k', 'move the selection (pgup/pgdn, g/G: page, first, last)'],
  ['enter', 'open the selected change request'],
  ['s / tab', 'next status filter: open, draft, merged, archived, all'],
  ['/', 'filter by text (number, subject, author); enter keeps it, esc clears it'],
  ['R', 'refresh the list'],
  ['?', 'this help'],
  ['q / esc', 'quit (esc clears a text filter first)'],
];

function columnsFor(width: number) {
  // Below 80 columns the last update goes, so that the subject keeps room for its words.
  const fixed = { num: 5, author: width >= 100 ? 18 : 14, status: 9, updated: width >= 80 ? 15 : 0, out: 4, comments: 4 };
  const gaps = fixed.updated ? 6 : 5;
  const subject = Math.max(8, width - (fixed.num + fixed.author + fixed.status + fixed.updated + fixed.out + fixed.comments + gaps));
  return { ...fixed, subject };
}

/** A row of the list (the header without a change request); cells are cut between words (fitWords). */
function rowText(cr: ChangeRequest | undefined, width: number, now: number): string {
  const c = columnsFor(width);
  const cells = cr
    ? [
        fit(`#${cr.number}`, c.num),
        fitWords(cr.subject || '(no subject)', c.subject),
        fitWords(cr.createdBy?.displayName ?? '', c.author),
        fit(cr.status, c.status),
        c.updated ? fit(relativeTime(cr.updatedAt, now), c.updated) : undefined,
        fit(cr.outdated ? 'yes' : '', c.out),
        String(cr.comments).padStart(c.comments),
      ]
    : [
        fit('#', c.num),
        fit('Subject', c.subject),
        fit('Author', c.author),
        fit('Status', c.status),
        c.updated ? fit('Updated', c.updated) : undefined,
        fit('Out', c.out),
        'Cmt'.padStart(c.comments),
      ];
  return cells.filter((cell) => cell !== undefined).join(' ');
}

export function ListScreen({
  client,
  spaceId,
  view,
  onView,
  onOpen,
  onQuit,
  initial,
}: {
  client: OperationClient;
  /** The list of the view's status as the command already read it: shown at once instead of read again. */
  initial?: ChangeRequest[] | undefined;
  spaceId: string;
  view: ListView;
  onView: Dispatch<SetStateAction<ListView>>;
  onOpen: (cr: ChangeRequest) => void;
  onQuit: () => void;
}) {
  const { columns, rows } = useTerminalSize();
  const request = useRequest((signal) => listChangeRequests(client, spaceId, view.status, signal), [client, spaceId, view.status], initial);
  useFirstScreen(request.state !== 'loading');
  const [filtering, setFiltering] = useState(false);
  const [help, setHelp] = useState(false);
  // The answer to a key that does nothing here, until the next key (unknownKeySign).
  const [sign, setSign] = useState<string>();
  const items = (request.data ?? []).filter((cr) => matchesText(cr, view.text));
  const found = items.findIndex((cr) => cr.id === view.selectedId);
  const selected = found >= 0 ? found : 0;
  const listHeight = Math.max(1, rows - 5 - (filtering ? 1 : 0));
  const now = Date.now();
  // Stable: the text input calls onChange again whenever its identity changes, which would put
  // back a filter that Esc has just cleared.
  const onFilter = useCallback((text: string) => onView((v) => ({ status: v.status, text })), [onView]);

  // One subscription for both modes: a key that arrives while the mode changes is not lost.
  useKeys((input, key) => {
    // The sign answers one key: the next one takes it away, whatever it does.
    const next = filtering ? undefined : unknownKeySign(input, key, `?q/sR${MOVE_LETTERS}`);
    if (next !== sign) setSign(next);
    if (filtering) {
      // Letters go to the text input; Esc drops the filter.
      if (key.escape) {
        onView((v) => ({ status: v.status, text: '' }));
        setFiltering(false);
      }
      return;
    }
    if (input === '?') setHelp(true);
    else if (key.escape && view.text) onView((v) => ({ status: v.status, text: '' }));
    else if (input === 'q' || key.escape) onQuit();
    else if (key.return) {
      const cr = items[selected];
      if (cr) onOpen(cr);
    } else if (input === '/') setFiltering(true);
    else if (input === 's' || key.tab) {
      // From the latest view, not this render's: keys pressed in a row all count.
      onView((v) => ({ status: STATUS_FILTERS[(STATUS_FILTERS.indexOf(v.status) + 1) % STATUS_FILTERS.length] ?? 'open', text: v.text }));
    } else if (input === 'R') request.reload();
    else {
      const next = items[moveSelection(selected, items.length, input, key, listHeight)];
      if (next) onView({ ...view, selectedId: next.id });
    }
  }, !help);

  const title = `Change requests · ${spaceId} · ${view.status}${view.text ? ` · matching "${view.text}"` : ''}${request.data ? ` · ${items.length}` : ''}`;
  const empty =
    // Nothing read (yet): the status line says why, and "no change requests" would not be true.
    request.state === 'loading' || (request.state === 'error' && request.data === undefined)
      ? ' '
      : view.text
        ? `No ${view.status === 'all' ? '' : `${view.status} `}change request matches "${view.text}".`
        : `No ${view.status === 'all' ? '' : `${view.status} `}change requests; s shows another status.`;
  return (
    <Box flexDirection="column" width={columns}>
      <Text bold>{truncate(title, columns)}</Text>
      <Text dimColor>{truncate(rowText(undefined, columns, now), columns)}</Text>
      {help ? (
        <HelpOverlay title="Change requests" keys={HELP} height={listHeight} width={columns} onClose={() => setHelp(false)} />
      ) : (
        <Box flexDirection="column" height={listHeight}>
          <ScrollList
            items={items}
            selected={selected}
            height={listHeight}
            keyOf={(cr) => cr.id}
            empty={empty}
            renderItem={(cr, isSelected) => (
              <Text inverse={isSelected} wrap="truncate">
                {truncate(rowText(cr, columns, now), columns)}
              </Text>
            )}
          />
        </Box>
      )}
      {filtering ? (
        <Box>
          <Text color="cyan">/ </Text>
          <TextInput defaultValue={view.text} onChange={onFilter} onSubmit={() => setFiltering(false)} />
        </Box>
      ) : null}
      <StatusLine
        loading={request.state === 'loading' && 'Loading change requests…'}
        error={request.state === 'error' ? request.error : undefined}
        sign={sign}
        width={columns}
      />
      <KeyHelp keys={KEYS} width={columns} />
    </Box>
  );
}
