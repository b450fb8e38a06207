import { changeRequests } from '../../api/operations/change-requests.js';
import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import { Box, measureElement, Text, type DOMElement } from 'ink';
import { useEffect, useRef, useState } from 'react';
import type { OperationClient } from '../../api/request.js';
import type { ChangeRequest, MergeResult } from '../../api/schemas/change-request.js';
import { diffChangeRequest } from '../../content/diff.js';
import { KeyHelp } from '../components/KeyHelp.js';
import { moveSelection } from '../components/ScrollList.js';
import { StatusLine } from '../components/StatusLine.js';
import { describeError } from '../../cli/errors.js';
import { launchBrowser } from '../../cli/web.js';
import { wrapTokens } from '../wrap.js';
import { useRequest, useTerminalSize } from '../hooks.js';
import { MOVE_LETTERS, unknownKeySign, useDeferredKeys, useFirstScreen } from '../keys.js';
import { ActionDialog, type Dialog, type EditText } from './ActionDialog.js';
import { buildEntries, loadThreads, type Entry } from './data.js';
import { EditBox, HelpOverlay } from './Dialog.js';
import { conflictList, crHelp, crKeys, Detail, Header, headerLines, isActive, PageList, type Banner } from './parts.js';
import { pullPages, type Pulled } from './pull.js';
import { detailRows, sameLine, type Row } from './rows.js';
import { useKeys } from '../keys.js';
import { useInterruptNote, useParting } from '../parting.js';
import { wayOutRows, type Conflict } from './way-out.js';

/** Opens a URL in the browser; throws when none could be opened. */
export type OpenUrl = (url: string) => Promise<void>;

export const openInBrowser: OpenUrl = async (url) => {
  if (process.env.BROWSER === 'none') throw new Error('BROWSER=none');
  await launchBrowser(url);
};

/** The first row to show so that `cursor` is in view, moving the view as little as possible. */
function follow(top: number, cursor: number, height: number, count: number): number {
  const h = Math.max(1, height);
  let t = Math.min(top, Math.max(0, count - h));
  if (cursor < t) t = cursor;
  if (cursor >= t + h) t = cursor - h + 1;
  return Math.max(0, t);
}

const CONFLICT_KEY = 'conflict';

/** The printable keys this screen acts on (the handler below), for the sign that answers any other one. */
const REVIEW_KEYS = `?q []/nNwOcre-EDxmuasPCoRb${MOVE_LETTERS}`;

/** Where the diff pane is in its rows, as the browser says it (`lines 24–47 of 328`); nothing when they all show. */
export function position(top: number, height: number, count: number): string | undefined {
  if (count <= height) return undefined;
  return `lines ${top + 1}–${Math.min(count, top + height)} of ${count}`;
}

/** The rule under the header, with the diff pane's position at its right end. */
function rule(columns: number, where: string | undefined): string {
  if (!where || where.length + 6 > columns) return '─'.repeat(columns);
  return `${'─'.repeat(columns - where.length - 3)} ${where} ─`;
}

/** One change request: header, page list, the selected page's diff and comment threads, and the actions. */
export function ChangeRequestScreen({
  client,
  spaceId,
  initial,
  onBack,
  quit = 'back',
  bin = 'docs',
  openUrl = openInBrowser,
  editText,
}: {
  client: OperationClient;
  spaceId: string;
  initial: ChangeRequest;
  onBack: () => void;
  /** What q does, for the footer: back to the list, or quit (opened directly). */
  quit?: 'back' | 'quit';
  /** The CLI's name in the commands the view shows. */
  bin?: string;
  openUrl?: OpenUrl;
  /** The user's editor, for a long comment (Ctrl-G in the box). */
  editText?: EditText | undefined;
}) {
  const { columns, rows } = useTerminalSize();
  const id = initial.id;
  const params = { spaceId, changeRequestId: id };
  // The change request as the command or the list just read it: read again on R or after an action, not on opening.
  const crReq = useRequest((signal) => client.call(changeRequests.get, params, { signal }), [client, spaceId, id], initial);
  const cr = crReq.data ?? initial;
  const merged = cr.status === 'merged';
  const [progress, setProgress] = useState('');
  // A merged change request's changes are in the revision before its merge, which the contract cannot read.
  const diffReq = useRequest(
    (signal) =>
      merged
        ? Promise.resolve(undefined)
        : diffChangeRequest(client, params, { signal, onProgress: (done, total) => setProgress(` ${done}/${total}`) }),
    [client, spaceId, id, merged],
  );
  const threadsReq = useRequest((signal) => loadThreads(client, spaceId, id, signal), [client, spaceId, id]);
  useFirstScreen(diffReq.state !== 'loading' && threadsReq.state !== 'loading');

  const [focus, setFocus] = useState<'pages' | 'detail'>('pages');
  const [selectedKey, setSelectedKey] = useState<string>();
  const [view, setView] = useState({ cursor: 0, top: 0 });
  const [dialog, setDialog] = useState<Dialog>();
  const [searching, setSearching] = useState(false);
  const [search, setSearch] = useState<string>();
  const [wrapDiff, setWrapDiff] = useState(true);
  const [help, setHelp] = useState(false);
  const [busy, setBusy] = useState<string | false>(false);
  const deferKey = useDeferredKeys(busy !== false);
  const [failure, setFailure] = useState<unknown>();
  const [notice, setNotice] = useState<string>();
  // The answer to a key that does nothing here, until the next key (unknownKeySign).
  const [sign, setSign] = useState<string>();
  const [conflict, setConflict] = useState<Conflict>();
  const [pulled, setPulled] = useState<Pulled>();
  const [created, setCreated] = useState<ChangeRequest>();
  // The way out stays on the shell's screen after quitting, its commands whole for copying (wrapped in the pane, they are not).
  useParting(
    conflict
      ? [
          `The way out of #${cr.number}'s conflict:`,
          ...wayOutRows({ bin, spaceId, cr, conflict, pulled, created }).map((row) => row.text),
        ].join('\n')
      : undefined,
  );

  // The body takes what the header, banners, dialog and footer leave; its height is measured after layout.
  const bodyRef = useRef<DOMElement>(null);
  const [bodyHeight, setBodyHeight] = useState(Math.max(3, rows - 10));
  useEffect(() => {
    if (!bodyRef.current) return;
    const { height } = measureElement(bodyRef.current);
    if (height > 0 && height !== bodyHeight) setBodyHeight(height);
  });

  const conflictIds = new Set(conflict?.pages.flatMap((p) => (p.id ? [p.id] : [])) ?? []);
  const entries: Entry[] = [
    ...(conflict
      ? [
          {
            key: CONFLICT_KEY,
            label: 'Conflict: the way out',
            threads: [],
            lines: wayOutRows({ bin, spaceId, cr, conflict, pulled, created }),
          },
        ]
      : []),
    ...buildEntries(diffReq.data, threadsReq.data ?? [], conflictIds),
  ];
  const found = entries.findIndex((e) => e.key === selectedKey);
  const firstPage = entries.findIndex((e) => e.pageId);
  const selected = found >= 0 ? found : firstPage >= 0 ? firstPage : conflict ? 0 : entries.findIndex((e) => e.key === 'conversation');
  const entry = entries[selected];
  const leftWidth = Math.min(44, Math.max(18, Math.floor(columns * 0.35)));
  const rightWidth = Math.max(10, columns - leftWidth - 3);
  const diffNote =
    diffReq.state === 'loading'
      ? `Loading the diff…${progress}`
      : diffReq.state === 'error'
        ? `The diff could not be loaded: ${describeError(diffReq.error)}`
        : merged
          ? 'This page has comments; the change request is merged, so its change is not shown.'
          : undefined;
  // One column of the pane is the cursor mark.
  // Outdated: what the diff shows as added may be the primary content's deletion since; the rows say both.
  const outdated = !merged && cr.outdated === true;
  const rowsFor = (e: Entry | undefined): Row[] => detailRows(e, rightWidth - 1, { diffNote, wrapDiff, outdated });
  const detail = rowsFor(entry);
  const cursor = Math.min(view.cursor, Math.max(0, detail.length - 1));
  const top = follow(view.top, cursor, bodyHeight, detail.length);
  const under = focus === 'detail' ? detail[cursor] : undefined;
  const thread = threadsReq.data?.find((t) => t.comment.id === under?.thread);

  const reloadAll = () => {
    crReq.reload();
    diffReq.reload();
    threadsReq.reload();
  };
  const reloadComments = () => {
    crReq.reload();
    threadsReq.reload();
  };
  /**
   * The status line speaks of the page and the state it was said on: another page selected takes it away (an
   * action's answer or refusal, a search's match count, `w`'s note), as a refresh that starts does. A failed load
   * stays until it loads; moving in the page, or switching panes, keeps it.
   */
  const select = (key: string) => {
    if (key !== entry?.key) {
      setFailure(undefined);
      setNotice(undefined);
    }
    setSelectedKey(key);
  };
  const say = (message: string) => {
    setFailure(undefined);
    setNotice(message);
  };
  const refuse = (message: string) => {
    setNotice(undefined);
    setFailure(message);
  };

  const interruptNote = useInterruptNote();
  /**
   * Run one action: spinner while it runs, its error in the status line, then the views reloaded. `unsure`, for an
   * action that is not safe to repeat, is what Ctrl-C while it runs leaves on the shell's screen: it may have been applied.
   */
  const act = (label: string, work: () => Promise<string | undefined>, reload: () => void, unsure?: string, keep?: Dialog) => {
    setDialog(undefined);
    setBusy(label);
    setFailure(undefined);
    setNotice(undefined);
    interruptNote(unsure);
    work().then(
      (message) => {
        interruptNote(undefined);
        setBusy(false);
        setNotice(message);
        reload();
      },
      (error: unknown) => {
        interruptNote(undefined);
        setBusy(false);
        // The text that was sent goes back in its box, which says why it failed: nothing typed is lost.
        if (keep) setDialog({ ...keep, failed: describeError(error) });
        else setFailure(error);
        reload();
      },
    );
  };
  /** What Ctrl-C while `what` runs leaves on the shell's screen, with the command that shows whether it was applied. */
  const unsure = (what: string, check: string) =>
    `Interrupted while ${what}: the request was sent and may have been applied; check with \`${bin} ${check}\` before doing it again.`;
  const crCheck = `cr get ${cr.number} --space ${spaceId}`;

  const conflicted = (result: MergeResult, what: Conflict['what']) => {
    setConflict({ what, pages: conflictList(result) });
    setSelectedKey(CONFLICT_KEY);
    setView({ cursor: 0, top: 0 });
    // The banner says it; the status line stays free for the next step's answer.
    return undefined;
  };

  const merge = () =>
    act(
      'Merging…',
      async () => {
        const result = await client.call(changeRequests.merge, params);
        if (result.result === 'conflicts') return conflicted(result, 'Merge');
        setConflict(undefined);
        return `Merged #${cr.number} into the primary content (revision ${result.revision}).`;
      },
      reloadAll,
      unsure(`merging #${cr.number}`, crCheck),
    );

  const updateFromMain = () =>
    act(
      'Updating from main…',
      async () => {
        const result = await client.call(changeRequests.updateFromMain, params);
        if (result.result === 'conflicts') return conflicted(result, 'Update from main');
        setConflict(undefined);
        return `Updated from main (revision ${result.revision}).`;
      },
      reloadAll,
      unsure(`updating #${cr.number} from main`, crCheck),
    );

  const pull = (dir: string, keep?: Dialog) =>
    act(
      'Pulling the pages…',
      async () => {
        // The pages in conflict, else every page the change request changes and keeps.
        const ids = conflictIds.size
          ? conflictIds
          : new Set((diffReq.data?.pages ?? []).filter((p) => p.change !== 'removed').map((p) => p.id));
        const done = await pullPages(client, params, ids.size ? ids : undefined, dir.trim());
        setPulled(done);
        return `Pulled ${done.files.length} page${done.files.length === 1 ? '' : 's'} into ${done.root}: ${done.files.join(', ')}.`;
      },
      () => undefined,
      undefined,
      keep,
    );

  const create = (subject: string, keep?: Dialog) =>
    act(
      'Creating the change request…',
      async () => {
        const made = await client.call(changeRequests.create, { spaceId, body: { subject } });
        setCreated(made);
        return `Created change request #${made.number}.`;
      },
      () => undefined,
      unsure('creating a change request', `cr list --space ${spaceId}`),
      keep,
    );

  const open = () => {
    const url = cr.urls?.app ?? cr.urls?.location;
    if (!url) return refuse('The API gave no URL for this change request.');
    say(`Opening ${url} in the browser…`);
    openUrl(url).then(
      () => say(`Opened ${url} in the browser.`),
      () => say(`No browser could be opened; the URL: ${url}`),
    );
  };

  /** The comment under the cursor, or why there is none to act on. */
  const needThread = (what: string): string | undefined => {
    if (thread) return thread.comment.id;
    refuse(`move to a comment first (tab, then ↑↓) to ${what} it`);
    return undefined;
  };
  const noReplyChange = (what: string) =>
    refuse(
      `A reply in a change request can't be ${what}: the API has no operation that changes one (a space comment's reply has). Move to the comment to act on it.`,
    );
  const own = (what: string): boolean => {
    if (thread?.comment.permissions?.edit !== false) return true;
    refuse(`Only the comment's author (or an admin) can ${what} it.`);
    return false;
  };

  /** Put the cursor on `row` of entry `index`, a third down the pane, with the diff in focus. */
  const jump = (index: number, row: number) => {
    const target = entries[index];
    if (!target) return;
    select(target.key);
    setFocus('detail');
    setView({ cursor: row, top: Math.max(0, row - Math.floor(bodyHeight / 3)) });
  };

  /** The next (or previous) match of `needle` from the cursor, across the pages, wrapping around. */
  const findMatch = (needle: string, forward: boolean) => {
    const lower = needle.toLowerCase();
    const matches: [number, number][] = [];
    entries.forEach((e, ei) => {
      const list = ei === selected ? detail : rowsFor(e);
      list.forEach((row, ri) => {
        if (row.text.toLowerCase().includes(lower)) matches.push([ei, ri]);
      });
    });
    if (matches.length === 0) return refuse(`No match for "${needle}".`);
    const after = (m: [number, number]) => m[0] > selected || (m[0] === selected && m[1] > cursor);
    const before = (m: [number, number]) => m[0] < selected || (m[0] === selected && m[1] < cursor);
    const index = forward ? matches.findIndex(after) : matches.findLastIndex(before);
    const wrapped = index < 0;
    const at = wrapped ? (forward ? 0 : matches.length - 1) : index;
    const [ei, ri] = matches[at] ?? [0, 0];
    jump(ei, ri);
    say(`Match ${at + 1} of ${matches.length} for "${needle}"${wrapped ? (forward ? ' (from the top)' : ' (from the bottom)') : ''}.`);
  };

  /** `]` and `[`: the next or previous hunk, comment or page; past the last one of a page, the next page. */
  const nextStop = (forward: boolean) => {
    const stops = detail.flatMap((row, i) => (row.stop && row.stop !== 'page' ? [i] : []));
    const here = forward ? stops.find((i) => i > cursor) : stops.findLast((i) => i < cursor);
    if (here !== undefined) return jump(selected, here);
    const index = selected + (forward ? 1 : -1);
    const target = entries[index];
    if (!target) return say(forward ? 'This is the last page.' : 'This is the first page.');
    const rowsThere = rowsFor(target);
    const last = rowsThere.flatMap((row, i) => (row.stop ? [i] : [])).at(-1) ?? 0;
    select(target.key);
    setView({ cursor: forward ? 0 : last, top: forward ? 0 : Math.max(0, last - Math.floor(bodyHeight / 3)) });
  };

  /** Scroll the diff pane by `by` rows, the cursor with it. */
  const scroll = (by: number) =>
    setView((v) => {
      const count = detail.length;
      const last = Math.max(0, count - bodyHeight);
      const t = Math.max(0, Math.min(last, follow(v.top, Math.min(v.cursor, count - 1), bodyHeight, count) + by));
      const c = Math.max(0, Math.min(count - 1, v.cursor + by));
      return { cursor: Math.max(t, Math.min(c, t + bodyHeight - 1)), top: t };
    });

  useKeys((input, key) => {
    // The sign answers one key: the next one takes it away, whatever it does.
    const next = dialog || help || searching ? undefined : unknownKeySign(input, key, REVIEW_KEYS);
    if (next !== sign) setSign(next);
    // Dialogs and the help take their own keys; one subscription here, so none is lost in between.
    if (dialog || help || searching) return;
    const page = Math.max(1, bodyHeight - 1);
    const half = Math.max(1, Math.floor(bodyHeight / 2));
    if (input === '?') return setHelp(true);
    if (input === 'q') return onBack();
    if (key.escape) return focus === 'detail' ? setFocus('pages') : onBack();
    if (key.tab || key.rightArrow || key.leftArrow || (key.return && focus === 'pages')) {
      return setFocus(key.leftArrow ? 'pages' : key.rightArrow || key.return ? 'detail' : focus === 'pages' ? 'detail' : 'pages');
    }
    if (key.ctrl) {
      if (input === 'f') return scroll(page);
      if (input === 'b') return scroll(-page);
      if (input === 'd') return scroll(half);
      if (input === 'u') return scroll(-half);
      return;
    }
    if (input === ' ' || key.pageDown) return scroll(page);
    if (input === 'b' || key.pageUp) return scroll(-page);
    if (input === ']') return nextStop(true);
    if (input === '[') return nextStop(false);
    if (input === '/') return setSearching(true);
    if (input === 'n' || input === 'N') {
      if (!search) return refuse('Nothing to search for yet: / searches.');
      return findMatch(search, input === 'n');
    }
    if (input === 'w') {
      // The cursor stays on its line, which moves as the lines above it take more or fewer rows.
      const row = sameLine(detail, cursor, detailRows(entry, rightWidth - 1, { diffNote, wrapDiff: !wrapDiff, outdated }));
      setView((v) => ({ cursor: row, top: Math.max(0, row - (cursor - v.top)) }));
      setWrapDiff((w) => !w);
      return say(wrapDiff ? 'Long diff lines are cut (w wraps them).' : 'Long diff lines wrap (w cuts them).');
    }
    if (input === 'O') return open();
    // An action while another one runs waits for it, with the keys typed after it (`c`, the comment, Enter).
    if (busy) return deferKey();
    const commentId = thread?.comment.id;
    const onReply = under?.reply !== undefined;
    switch (input) {
      case 'c':
        // A page the change request does not have (removed here, or only in the primary content): the API refuses a comment on it.
        if (entry?.page?.change === 'removed')
          return refuse(
            `${entry.label} is not in this change request's content (${outdated ? 'removed here, or added to the primary content since' : 'removed here'}): it can't be commented on. Comment on the change request from Conversation.`,
          );
        return setDialog({ kind: 'comment' });
      case 'r':
        if (needThread('reply to')) setDialog({ kind: 'reply', thread: commentId ?? '' });
        return;
      case 'e':
        if (!needThread('react to')) return;
        if (onReply) return noReplyChange('reacted to');
        return setDialog({ kind: 'react', thread: commentId ?? '' });
      case '-':
        if (!needThread('remove a reaction from')) return;
        if (onReply) return noReplyChange('reacted to');
        if (!thread?.comment.reactions?.length) return refuse('This comment has no reactions to remove.');
        return setDialog({ kind: 'unreact', thread: commentId ?? '' });
      case 'E':
        if (!needThread('edit')) return;
        if (onReply) return noReplyChange('edited');
        if (own('edit')) setDialog({ kind: 'edit', thread: commentId ?? '' });
        return;
      case 'D':
        if (!needThread('delete')) return;
        if (onReply) return noReplyChange('deleted');
        if (own('delete')) setDialog({ kind: 'delete', thread: commentId ?? '' });
        return;
      case 'x': {
        const target = needThread('resolve or reopen');
        if (!target) return;
        const resolved = thread?.comment.status !== 'resolved';
        return act(
          resolved ? 'Resolving…' : 'Reopening…',
          async () => {
            await client.call(changeRequestComments.update, { ...params, commentId: target, body: { resolved } });
            return resolved ? 'Comment resolved.' : 'Comment reopened.';
          },
          reloadComments,
        );
      }
      case 'm':
      case 'u':
        if (!isActive(cr)) return refuse(`#${cr.number} is ${cr.status}: there is nothing to ${input === 'm' ? 'merge' : 'update'}.`);
        return setDialog({ kind: input === 'm' ? 'merge' : 'update' });
      case 'a':
        if (merged) return refuse(`#${cr.number} is merged: it can't be archived.`);
        return setDialog({ kind: 'archive' });
      case 's':
        return setDialog({ kind: 'subject' });
      case 'P':
        return setDialog({ kind: 'pull' });
      case 'C':
        return setDialog({ kind: 'create' });
      case 'o':
        return say(cr.urls?.app ?? cr.urls?.location ?? 'This change request has no URL.');
      case 'R':
        setFailure(undefined);
        setNotice(undefined);
        return reloadAll();
    }
    if (focus === 'pages') {
      const next = entries[moveSelection(selected, entries.length, input, key, bodyHeight)];
      if (next && next.key !== entry?.key) {
        select(next.key);
        setView({ cursor: 0, top: 0 });
      }
    } else {
      // From the latest cursor, so that keys pressed in a row all move it.
      setView((v) => {
        const c = moveSelection(Math.min(v.cursor, Math.max(0, detail.length - 1)), detail.length, input, key, bodyHeight);
        return { cursor: c, top: follow(v.top, c, bodyHeight, detail.length) };
      });
    }
  });

  const cancelled = (message: string) => {
    setDialog(undefined);
    say(message);
  };
  const dialogView = dialog ? (
    <ActionDialog
      dialog={dialog}
      client={client}
      params={params}
      cr={cr}
      entry={entry}
      thread={threadsReq.data?.find((t) => 'thread' in dialog && t.comment.id === dialog.thread)}
      width={columns}
      bin={bin}
      unchanged={!merged && diffReq.state === 'ready' && diffReq.data?.pages.length === 0}
      editText={editText}
      actions={{ act, cancelled, merge, updateFromMain, pull, create, reloadComments, reloadChangeRequest: crReq.reload }}
    />
  ) : searching ? (
    <EditBox
      prompt="/"
      defaultValue=""
      width={columns}
      onCancel={() => setSearching(false)}
      onSubmit={(text) => {
        setSearching(false);
        if (!text.trim()) return;
        setSearch(text);
        findMatch(text, true);
      }}
    />
  ) : null;

  // Said once, in words, above the panes: what this change request's state means for what is shown.
  const banners: Banner[] = [];
  if (merged) {
    banners.push({
      text: `Merged into the primary content${cr.revisionMerged ? ` (revision ${cr.revisionMerged})` : ''}. Its changes can't be shown: they are in the revision before the merge, and the API has no operation that reads a revision by id. Its comments are below.`,
      short: `Merged${cr.revisionMerged ? ` (revision ${cr.revisionMerged})` : ''}: its changes can't be shown`,
      color: 'magenta',
    });
  } else if (cr.status === 'archived') {
    banners.push({
      text: 'Archived: it can no longer be merged or updated; a reopens it.',
      short: 'Archived: a reopens it',
      color: 'yellow',
    });
  }
  if (!merged && cr.outdated) {
    banners.push({
      text: `Outdated: the primary content changed since, and this diff shows those changes reversed: A? is added here or removed from the primary content since, D? removed here or added there${isActive(cr) ? '; u brings them in and tells them apart' : ''}.`,
      short: `Outdated: A?/D? may be the primary content's changes${isActive(cr) ? ' (u)' : ''}`,
      color: 'yellow',
    });
  }
  if (!merged && diffReq.state === 'ready' && diffReq.data?.pages.length === 0) {
    banners.push({ text: 'No changes: no page differs from the primary content.', short: 'No changes', color: 'yellow' });
  }
  if (conflict) {
    const nothing = `nothing was ${conflict.what === 'Merge' ? 'merged' : 'applied'}`;
    banners.unshift({
      text: `✗ ${conflict.what} conflicts with the primary content: ${nothing}. Pages in conflict are marked !; the way out is under ✗ Conflict.`,
      short: `✗ ${conflict.what} conflicts: ${nothing}; see ✗ Conflict`,
      color: 'red',
    });
  }
  // The panes keep at least half of the screen: the header folds to leave it (rule, status line and two key lines besides).
  const head = headerLines(cr, banners, columns, Math.max(2, rows - 1 - 4 - Math.floor((rows - 1) / 2)), threadsReq.data);

  const loading =
    busy ||
    (crReq.state === 'loading' && 'Loading the change request…') ||
    (threadsReq.state === 'loading' && 'Loading comments…') ||
    (diffReq.state === 'loading' && `Loading the diff…${progress}`);
  const requestError = [crReq, threadsReq, diffReq].find((r) => r.state === 'error');
  // The answer to the last action wins over an older failed load.
  const error = failure ?? (notice || requestError?.state !== 'error' ? undefined : requestError.error);
  return (
    <Box flexDirection="column" width={columns} height={Math.max(8, rows - 1)}>
      <Header lines={head} />
      <Text dimColor>{rule(columns, help ? undefined : position(top, bodyHeight, detail.length))}</Text>
      <Box ref={bodyRef} flexGrow={1} flexShrink={1} flexBasis={0} overflowY="hidden">
        {help ? (
          <HelpOverlay title={`#${cr.number}`} keys={crHelp(cr, quit)} height={bodyHeight} width={columns} onClose={() => setHelp(false)} />
        ) : (
          <>
            <Box width={leftWidth} flexDirection="column" flexShrink={0}>
              <PageList
                entries={entries}
                selected={selected}
                focused={focus === 'pages'}
                height={bodyHeight}
                width={leftWidth}
                outdated={outdated}
              />
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
              flexShrink={0}
            >
              <Detail
                rows={detail}
                cursor={cursor}
                top={top}
                focused={focus === 'detail'}
                height={bodyHeight}
                width={rightWidth}
                search={search}
              />
            </Box>
          </>
        )}
      </Box>
      {dialogView}
      <Box flexShrink={0}>
        {loading || sign || (error === undefined && !notice) ? (
          <StatusLine loading={loading} sign={sign} width={columns} />
        ) : (
          // Wrapped, not cut: a URL or a folder in a notice is read whole.
          <Text color={error !== undefined ? 'red' : 'green'} wrap="wrap">
            {wrapTokens(error !== undefined ? `✗ ${describeError(error)}` : (notice ?? ''), columns).join('\n')}
          </Text>
        )}
      </Box>
      {crKeys(cr, quit).map((keys, i) => (
        <Box key={i} flexShrink={0}>
          <KeyHelp keys={keys} width={columns} />
        </Box>
      ))}
    </Box>
  );
}
