import { Box, Text } from 'ink';
import { useKeys } from './use-keys.js';
import { useState } from 'react';
import type { DocsClient } from '../../api/client.js';
import type { ChangeRequest, MergeResult } from '../../api/schemas/change-request.js';
import { diffChangeRequest } from '../../content/diff.js';
import { KeyHelp } from '../components/KeyHelp.js';
import { moveSelection } from '../components/ScrollList.js';
import { StatusLine } from '../components/StatusLine.js';
import { errorLine, truncate } from '../format.js';
import { useRequest, useTerminalSize } from '../hooks.js';
import { useFirstScreen } from '../keys.js';
import { buildEntries, loadThreads } from './data.js';
import { ActionDialog, type Dialog } from './ActionDialog.js';
import { HelpOverlay } from './Dialog.js';
import { conflictPages, CR_HELP, CR_KEYS, Detail, Header, PageList } from './parts.js';
import { detailRows, wrap } from './rows.js';

/** One change request: header, page list, the selected page's diff and comment threads, and the actions. */
export function ChangeRequestScreen({
  client,
  spaceId,
  initial,
  onBack,
}: {
  client: DocsClient;
  spaceId: string;
  initial: ChangeRequest;
  onBack: () => void;
}) {
  const { columns, rows } = useTerminalSize();
  const id = initial.id;
  const params = { spaceId, changeRequestId: id };
  const crReq = useRequest((signal) => client.changeRequests.get(params, { signal }), [client, spaceId, id]);
  const [progress, setProgress] = useState('');
  const diffReq = useRequest(
    (signal) => diffChangeRequest(client, params, { signal, onProgress: (done, total) => setProgress(` ${done}/${total}`) }),
    [client, spaceId, id],
  );
  const threadsReq = useRequest((signal) => loadThreads(client, spaceId, id, signal), [client, spaceId, id]);
  const cr = crReq.data ?? initial;
  useFirstScreen(diffReq.state !== 'loading' && threadsReq.state !== 'loading');

  const [focus, setFocus] = useState<'pages' | 'detail'>('pages');
  const [selectedKey, setSelectedKey] = useState<string>();
  const [cursor, setCursor] = useState(0);
  const [dialog, setDialog] = useState<Dialog>();
  const [help, setHelp] = useState(false);
  const [busy, setBusy] = useState<string | false>(false);
  const [failure, setFailure] = useState<unknown>();
  const [notice, setNotice] = useState<string>();
  const [conflict, setConflict] = useState<string>();

  const entries = buildEntries(diffReq.data, threadsReq.data ?? []);
  const found = entries.findIndex((e) => e.key === selectedKey);
  const selected = found >= 0 ? found : entries.length > 1 ? 1 : 0;
  const entry = entries[selected];
  const leftWidth = Math.min(30, Math.max(16, Math.floor(columns * 0.3)));
  const rightWidth = Math.max(10, columns - leftWidth - 2);
  const diffNote =
    diffReq.state === 'loading'
      ? `Loading the diff…${progress}`
      : diffReq.state === 'error'
        ? `The diff could not be loaded: ${errorLine(diffReq.error)}`
        : undefined;
  const detail = detailRows(entry, rightWidth, diffNote);
  const row = Math.min(cursor, Math.max(0, detail.length - 1));
  const threadId = focus === 'detail' ? detail[row]?.thread : undefined;
  const thread = threadsReq.data?.find((t) => t.comment.id === threadId);
  const dialogHeight = dialog ? 2 : 0;
  // Two lines at most, so that the page names a conflict lists are seen on a narrow terminal too.
  const conflictLines = conflict ? wrap(`✗ ${conflict}`, columns) : [];
  if (conflictLines.length > 2) conflictLines.splice(1, conflictLines.length - 1, truncate(conflictLines.slice(1).join(' '), columns));
  const bodyHeight = Math.max(3, rows - 3 - conflictLines.length - 1 - dialogHeight - 1 - CR_KEYS.length);

  const reloadAll = () => {
    crReq.reload();
    diffReq.reload();
    threadsReq.reload();
  };
  const reloadComments = () => {
    crReq.reload();
    threadsReq.reload();
  };

  /** Run one action: spinner while it runs, its error in the status line, then the views reloaded. */
  const act = (label: string, work: () => Promise<string | undefined>, reload: () => void) => {
    setDialog(undefined);
    setBusy(label);
    setFailure(undefined);
    setNotice(undefined);
    work().then(
      (message) => {
        setBusy(false);
        setNotice(message);
        reload();
      },
      (error: unknown) => {
        setBusy(false);
        setFailure(error);
        reload();
      },
    );
  };

  const conflicted = (result: MergeResult, what: string) => {
    const pages = conflictPages(result);
    setConflict(
      `${what} conflicts with the primary content: nothing was ${what === 'Merge' ? 'merged' : 'applied'}.${pages.length ? ` Pages in conflict: ${pages.join(', ')}.` : ''}`,
    );
  };

  const merge = () =>
    act(
      'Merging…',
      async () => {
        const result = await client.changeRequests.merge(params);
        if (result.result === 'conflicts') {
          conflicted(result, 'Merge');
          setDialog({ kind: 'update' });
          return undefined;
        }
        setConflict(undefined);
        return `Merged #${cr.number} into the primary content (revision ${result.revision}).`;
      },
      reloadAll,
    );

  const updateFromMain = () =>
    act(
      'Updating from main…',
      async () => {
        const result = await client.changeRequests.updateFromMain(params);
        if (result.result === 'conflicts') {
          conflicted(result, 'Update from main');
          return undefined;
        }
        setConflict(undefined);
        return `Updated from main (revision ${result.revision}).`;
      },
      reloadAll,
    );

  const needThread = (what: string): string | undefined => {
    if (thread) return thread.comment.id;
    setNotice(undefined);
    setFailure(`move to a comment first (tab, then ↑↓) to ${what} it`);
    return undefined;
  };

  useKeys((input, key) => {
    // Dialogs and the help take their own keys; one subscription here, so none is lost in between.
    if (dialog || help) return;
    if (input === '?') return setHelp(true);
    if (input === 'q') return onBack();
    if (key.escape) return focus === 'detail' ? setFocus('pages') : onBack();
    if (key.tab || key.rightArrow || key.leftArrow || (key.return && focus === 'pages')) {
      return setFocus(key.leftArrow ? 'pages' : key.rightArrow || key.return ? 'detail' : focus === 'pages' ? 'detail' : 'pages');
    }
    if (busy) return;
    const commentId = threadId;
    switch (input) {
      case 'c':
        return setDialog({ kind: 'comment' });
      case 'r':
        if (needThread('reply to')) setDialog({ kind: 'reply', thread: commentId ?? '' });
        return;
      case 'e':
        if (needThread('react to')) setDialog({ kind: 'react', thread: commentId ?? '' });
        return;
      case 'x': {
        const target = needThread('resolve or reopen');
        if (!target) return;
        const resolved = thread?.comment.status !== 'resolved';
        return act(
          resolved ? 'Resolving…' : 'Reopening…',
          async () => {
            await client.changeRequestComments.update({ ...params, commentId: target, body: { resolved } });
            return resolved ? 'Comment resolved.' : 'Comment reopened.';
          },
          reloadComments,
        );
      }
      case 'm':
        return setDialog({ kind: 'merge' });
      case 'u':
        return setDialog({ kind: 'update' });
      case 'a':
        return setDialog({ kind: 'archive' });
      case 's':
        return setDialog({ kind: 'subject' });
      case 'o':
        setFailure(undefined);
        return setNotice(cr.urls?.app ?? cr.urls?.location ?? 'This change request has no URL.');
      case 'R':
        setFailure(undefined);
        setNotice(undefined);
        return reloadAll();
    }
    if (focus === 'pages') {
      const next = entries[moveSelection(selected, entries.length, input, key, bodyHeight)];
      if (next && next.key !== entry?.key) {
        setSelectedKey(next.key);
        setCursor(0);
      }
    } else {
      // From the latest cursor, so that keys pressed in a row all move it.
      setCursor((c) => moveSelection(Math.min(c, Math.max(0, detail.length - 1)), detail.length, input, key, bodyHeight));
    }
  });

  const close = () => setDialog(undefined);
  const dialogView = dialog ? (
    <ActionDialog
      dialog={dialog}
      client={client}
      params={params}
      cr={cr}
      entry={entry}
      close={close}
      width={columns}
      actions={{ act, merge, updateFromMain, reloadComments, reloadChangeRequest: crReq.reload }}
    />
  ) : null;

  const loading =
    busy ||
    (crReq.state === 'loading' && 'Loading the change request…') ||
    (threadsReq.state === 'loading' && 'Loading comments…') ||
    (diffReq.state === 'loading' && `Loading the diff…${progress}`);
  const requestError = [crReq, threadsReq, diffReq].find((r) => r.state === 'error');
  // The answer to the last action wins over an older failed load.
  const error = failure ?? (notice || requestError?.state !== 'error' ? undefined : requestError.error);
  return (
    <Box flexDirection="column" width={columns}>
      <Header cr={cr} width={columns} />
      {conflictLines.map((line, i) => (
        <Text key={i} color="red" wrap="truncate">
          {line}
        </Text>
      ))}
      <Text dimColor>{'─'.repeat(columns)}</Text>
      {help ? (
        <HelpOverlay title={`#${cr.number}`} keys={CR_HELP} height={bodyHeight} width={columns} onClose={() => setHelp(false)} />
      ) : (
        <Box height={bodyHeight}>
          <Box width={leftWidth} flexDirection="column">
            <PageList entries={entries} selected={selected} focused={focus === 'pages'} height={bodyHeight} width={leftWidth} />
          </Box>
          <Box
            borderStyle="single"
            borderTop={false}
            borderBottom={false}
            borderRight={false}
            borderDimColor
            paddingLeft={1}
            width={rightWidth + 2}
            flexDirection="column"
          >
            <Detail rows={detail} cursor={row} focused={focus === 'detail'} height={bodyHeight} width={rightWidth} />
          </Box>
        </Box>
      )}
      {dialogView}
      <StatusLine loading={loading} error={error} {...(notice ? { notice } : {})} width={columns} />
      {CR_KEYS.map((keys, i) => (
        <KeyHelp key={i} keys={keys} width={columns} />
      ))}
    </Box>
  );
}
