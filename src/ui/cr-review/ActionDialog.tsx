import { changeRequests } from '../../api/operations/change-requests.js';
import { changeRequestComments } from '../../api/operations/change-request-comments.js';
import type { OperationClient } from '../../api/request.js';
import { CHANGE_REQUEST_SUBJECT_MAX, type ChangeRequest } from '../../api/schemas/change-request.js';
import { requestProblem } from '../request-check.js';
import type { Entry, Thread } from './data.js';
import { ConfirmDialog, ReactDialog, TextDialog } from './Dialog.js';

/** A text box given back after a failed send holds the text (`draft`) and says why it failed (`failed`). */
interface Kept {
  draft?: string;
  failed?: string;
}

export type Dialog =
  | ({ kind: 'comment' | 'subject' | 'merge' | 'archive' | 'update' | 'create' | 'pull' } & Kept)
  | ({ kind: 'reply' | 'react' | 'unreact' | 'edit' | 'delete'; thread: string } & Kept);

/** Asks the user's editor for a text, starting from `text`; undefined when it gave none back (the box keeps its text). */
export type EditText = (what: string, text: string) => Promise<string | undefined>;

export interface DialogActions {
  /**
   * Run one action with a label for the spinner; `work` answers the notice to show. `keep`, for a text that is
   * sent, is the box given back with the text if the action fails (a 400, a network error): nothing typed is lost.
   */
  act: (label: string, work: () => Promise<string | undefined>, reload: () => void, unsure?: string, keep?: Dialog) => void;
  /** Close the dialog saying what did not happen. */
  cancelled: (message: string) => void;
  merge: () => void;
  updateFromMain: () => void;
  pull: (dir: string, keep?: Dialog) => void;
  create: (subject: string, keep?: Dialog) => void;
  reloadComments: () => void;
  reloadChangeRequest: () => void;
}

/** The contract's bound on a change request's subject, checked before sending: the text stays in the box to shorten. */
export function subjectCheck(subject: string): string | undefined {
  // As the contract's schema counts: UTF-16 code units.
  const length = subject.length;
  return length > CHANGE_REQUEST_SUBJECT_MAX
    ? `The subject is ${length} characters; the API takes at most ${CHANGE_REQUEST_SUBJECT_MAX}. Shorten it, or esc to cancel.`
    : undefined;
}

/** How many reactions `emoji` has on the comment (count, or its list of users). */
export function reactionCount(
  reactions: readonly { emoji: string; count?: number | undefined; users?: readonly unknown[] | undefined }[] = [],
  emoji: string,
): number {
  const found = reactions.find((r) => r.emoji === emoji);
  return found ? (found.count ?? found.users?.length ?? 0) : 0;
}

/** The open dialog of the change request screen, wired to its action. */
export function ActionDialog({
  dialog,
  client,
  params,
  cr,
  entry,
  thread,
  actions,
  width: columns,
  bin = 'docs',
  unchanged = false,
  editText,
}: {
  dialog: Dialog;
  client: OperationClient;
  params: { spaceId: string; changeRequestId: string };
  cr: ChangeRequest;
  entry: Entry | undefined;
  thread: Thread | undefined;
  actions: DialogActions;
  width: number;
  /** The CLI's name in the commands the view shows. */
  bin?: string;
  /** The diff is read and no page differs: a merge would change nothing, and the question says so. */
  unchanged?: boolean;
  /** The user's editor, for a long comment (Ctrl-G in the box); absent where there is none to run. */
  editText?: EditText | undefined;
}) {
  const { act, cancelled, merge, updateFromMain, reloadComments } = actions;
  const archived = cr.status === 'archived';
  // Posting twice posts twice: Ctrl-C while it runs says to look first.
  const commentUnsure = (what: string) =>
    `Interrupted while ${what}: the request was sent and may have been applied; check with \`${bin} comments list ${params.spaceId} --cr ${cr.number}\` before posting it again.`;
  const text = (
    title: string,
    send: (text: string, keep: Dialog) => void,
    what: string,
    defaultValue?: string,
    check?: (text: string) => string | undefined,
    options: { multiline?: boolean; draft?: string } = {},
  ) => {
    // Given back after a failed send: the text as it was sent, and why it failed.
    const value = dialog.draft ?? defaultValue;
    const onEditor = options.multiline && editText ? (now: string) => editText(what.toLowerCase(), now) : undefined;
    return (
      <TextDialog
        title={title}
        {...(value !== undefined ? { defaultValue: value } : {})}
        {...(check ? { check } : {})}
        failed={dialog.failed}
        multiline={options.multiline === true}
        onEditor={onEditor}
        draft={options.draft}
        width={columns}
        onCancel={() => cancelled(`${what}: cancelled.`)}
        onSubmit={(typed) =>
          typed.trim() ? send(typed, { ...dialog, draft: typed }) : cancelled(`${what}: nothing was typed, nothing sent.`)
        }
      />
    );
  };
  const commentBody = (markdown: string) => ({ body: { markdown } });
  switch (dialog.kind) {
    case 'comment': {
      const pageId = entry?.pageId;
      const request = (markdown: string) => ({ ...params, body: { ...commentBody(markdown), ...(pageId ? { page: pageId } : {}) } });
      const on = pageId ? `on ${entry?.label}` : 'on the change request';
      return text(
        `Comment ${on}`,
        (markdown, keep) =>
          act(
            'Posting the comment…',
            async () => {
              await client.call(changeRequestComments.create, request(markdown));
              return 'Comment posted.';
            },
            reloadComments,
            commentUnsure('posting the comment'),
            keep,
          ),
        'Comment',
        undefined,
        (markdown) => requestProblem(client, changeRequestComments.create, request(markdown)),
        { multiline: true, draft: `Your comment ${on}` },
      );
    }
    case 'reply': {
      const commentId = dialog.thread;
      const request = (markdown: string) => ({ ...params, commentId, body: commentBody(markdown) });
      return text(
        'Reply',
        (markdown, keep) =>
          act(
            'Posting the reply…',
            async () => {
              await client.call(changeRequestComments.createReply, request(markdown));
              return 'Reply posted.';
            },
            reloadComments,
            commentUnsure('posting the reply'),
            keep,
          ),
        'Reply',
        undefined,
        (markdown) => requestProblem(client, changeRequestComments.createReply, request(markdown)),
        { multiline: true, draft: 'Your reply' },
      );
    }
    case 'edit': {
      const commentId = dialog.thread;
      const request = (markdown: string) => ({ ...params, commentId, body: commentBody(markdown) });
      return text(
        'Edit your comment',
        (markdown, keep) =>
          act(
            'Saving the comment…',
            async () => {
              await client.call(changeRequestComments.update, request(markdown));
              return 'Comment saved.';
            },
            reloadComments,
            undefined,
            keep,
          ),
        'Edit',
        thread?.comment.body.markdown?.trimEnd() ?? '',
        (markdown) => requestProblem(client, changeRequestComments.update, request(markdown)),
        { multiline: true, draft: 'Your edit of the comment' },
      );
    }
    case 'delete': {
      const commentId = dialog.thread;
      const replies = thread?.replies.length ?? 0;
      return (
        <ConfirmDialog
          question={`Delete your comment${replies ? ` and its ${replies} repl${replies === 1 ? 'y' : 'ies'}` : ''}?`}
          width={columns}
          onCancel={() => cancelled('Nothing was deleted.')}
          onConfirm={() =>
            act(
              'Deleting the comment…',
              async () => {
                await client.call(changeRequestComments.delete, { ...params, commentId });
                return 'Comment deleted.';
              },
              reloadComments,
            )
          }
        />
      );
    }
    case 'react':
    case 'unreact': {
      const commentId = dialog.thread;
      const adding = dialog.kind === 'react';
      const before = thread?.comment.reactions ?? [];
      return (
        <ReactDialog
          width={columns}
          {...(adding ? {} : { title: 'Remove your reaction', choices: before.map((r) => r.emoji) })}
          onCancel={() => cancelled(adding ? 'No reaction added.' : 'No reaction removed.')}
          onPick={(emoji) =>
            act(
              adding ? 'Reacting…' : 'Removing the reaction…',
              async () => {
                const after = await client.call(changeRequestComments.update, {
                  ...params,
                  commentId,
                  body: adding ? { addedReactions: [emoji] } : { removedReactions: [emoji] },
                });
                // The API adds one reaction per person and emoji: an unchanged count means it was already there (or not).
                const [was, is] = [reactionCount(before, emoji), reactionCount(after.reactions, emoji)];
                if (adding) return is > was ? `Reacted ${emoji}.` : `You had already reacted ${emoji}.`;
                return is < was ? `Removed your ${emoji}.` : `You had not reacted ${emoji}: nothing to remove.`;
              },
              reloadComments,
            )
          }
        />
      );
    }
    case 'subject':
      return text(
        'Subject',
        (subject, keep) =>
          act(
            'Saving the subject…',
            async () => {
              await client.call(changeRequests.update, { ...params, body: { subject } });
              return 'Subject saved.';
            },
            actions.reloadChangeRequest,
            undefined,
            keep,
          ),
        'Subject',
        cr.subject,
        (subject) => subjectCheck(subject) ?? requestProblem(client, changeRequests.update, { ...params, body: { subject } }),
        { draft: 'The subject you typed' },
      );
    case 'pull':
      return text('Folder to pull the pages into', actions.pull, 'Pull', `./cr${cr.number}`);
    case 'create':
      return text(
        'Subject of the new change request',
        actions.create,
        'New change request',
        cr.subject,
        (subject) => subjectCheck(subject) ?? requestProblem(client, changeRequests.create, { spaceId: params.spaceId, body: { subject } }),
        { draft: 'The subject of the new change request' },
      );
    case 'merge':
    case 'update':
    case 'archive': {
      const question =
        dialog.kind === 'merge'
          ? unchanged
            ? `Merge #${cr.number} "${cr.subject}"? It changes nothing: no page differs from the primary content.`
            : `Merge #${cr.number} "${cr.subject}" into the primary content?`
          : dialog.kind === 'update'
            ? `Update #${cr.number} from main (bring in the primary content's changes)?`
            : archived
              ? `Reopen #${cr.number}?`
              : `Archive #${cr.number}? (a reopens it later)`;
      const confirm =
        dialog.kind === 'merge'
          ? merge
          : dialog.kind === 'update'
            ? updateFromMain
            : () =>
                act(
                  archived ? 'Reopening…' : 'Archiving…',
                  async () => {
                    await client.call(changeRequests.update, { ...params, body: { status: archived ? 'open' : 'archived' } });
                    return archived ? `Reopened #${cr.number}.` : `Archived #${cr.number}.`;
                  },
                  actions.reloadChangeRequest,
                );
      const no =
        dialog.kind === 'merge' ? 'Not merged.' : dialog.kind === 'update' ? 'Not updated.' : archived ? 'Not reopened.' : 'Not archived.';
      return <ConfirmDialog question={question} width={columns} onConfirm={confirm} onCancel={() => cancelled(no)} />;
    }
  }
}
