import type { DocsClient } from '../../api/client.js';
import type { ChangeRequest } from '../../api/schemas/change-request.js';
import type { Entry } from './data.js';
import { ConfirmDialog, ReactDialog, TextDialog } from './Dialog.js';

export type Dialog = { kind: 'comment' | 'subject' | 'merge' | 'archive' | 'update' } | { kind: 'reply' | 'react'; thread: string };

export interface DialogActions {
  /** Run one action with a label for the spinner; `work` answers the notice to show. */
  act: (label: string, work: () => Promise<string | undefined>, reload: () => void) => void;
  merge: () => void;
  updateFromMain: () => void;
  reloadComments: () => void;
  reloadChangeRequest: () => void;
}

/** The open dialog of the change request screen, wired to its action. */
export function ActionDialog({
  dialog,
  client,
  params,
  cr,
  entry,
  actions,
  close,
  width: columns,
}: {
  dialog: Dialog;
  client: DocsClient;
  params: { spaceId: string; changeRequestId: string };
  cr: ChangeRequest;
  entry: Entry | undefined;
  actions: DialogActions;
  close: () => void;
  width: number;
}) {
  const { act, merge, updateFromMain, reloadComments } = actions;
  const archived = cr.status === 'archived';
  if (dialog.kind === 'comment') {
    const pageId = entry?.pageId;
    return (
      <TextDialog
        title={pageId ? `Comment on ${entry?.label}` : 'Comment on the change request'}
        width={columns}
        onCancel={close}
        onSubmit={(text) =>
          text.trim()
            ? act(
                'Posting the comment…',
                async () => {
                  await client.changeRequestComments.create({
                    ...params,
                    body: { body: { markdown: text }, ...(pageId ? { page: pageId } : {}) },
                  });
                  return 'Comment posted.';
                },
                reloadComments,
              )
            : close()
        }
      />
    );
  } else if (dialog.kind === 'reply') {
    const commentId = dialog.thread;
    return (
      <TextDialog
        title="Reply"
        width={columns}
        onCancel={close}
        onSubmit={(text) =>
          text.trim()
            ? act(
                'Posting the reply…',
                async () => {
                  await client.changeRequestComments.createReply({ ...params, commentId, body: { body: { markdown: text } } });
                  return 'Reply posted.';
                },
                reloadComments,
              )
            : close()
        }
      />
    );
  } else if (dialog.kind === 'react') {
    const commentId = dialog.thread;
    return (
      <ReactDialog
        width={columns}
        onCancel={close}
        onPick={(emoji) =>
          act(
            'Reacting…',
            async () => {
              await client.changeRequestComments.update({ ...params, commentId, body: { addedReactions: [emoji] } });
              return `Reacted ${emoji}.`;
            },
            reloadComments,
          )
        }
      />
    );
  } else if (dialog.kind === 'subject') {
    return (
      <TextDialog
        title="Subject"
        defaultValue={cr.subject}
        width={columns}
        onCancel={close}
        onSubmit={(subject) =>
          act(
            'Saving the subject…',
            async () => {
              await client.changeRequests.update({ ...params, body: { subject } });
              return 'Subject saved.';
            },
            actions.reloadChangeRequest,
          )
        }
      />
    );
  } else if (dialog.kind === 'merge' || dialog.kind === 'update' || dialog.kind === 'archive') {
    const question =
      dialog.kind === 'merge'
        ? `Merge #${cr.number} "${cr.subject}" into the primary content?`
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
                  await client.changeRequests.update({ ...params, body: { status: archived ? 'open' : 'archived' } });
                  return archived ? `Reopened #${cr.number}.` : `Archived #${cr.number}.`;
                },
                actions.reloadChangeRequest,
              );
    return <ConfirmDialog question={question} width={columns} onConfirm={confirm} onCancel={close} />;
  }
  return null;
}
