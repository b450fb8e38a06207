import { useApp } from 'ink';
import { useState, type ReactElement } from 'react';
import type { OperationClient } from '../../api/request.js';
import type { ChangeRequest } from '../../api/schemas/change-request.js';
import type { EditText } from './ActionDialog.js';
import { ChangeRequestScreen, type OpenUrl } from './ChangeRequestScreen.js';
import { ListScreen, type ListView } from './ListScreen.js';

export interface ReviewAppProps {
  client: OperationClient;
  spaceId: string;
  /** Opens this change request directly; going back from it quits. */
  changeRequest?: ChangeRequest;
  /** Called instead of exiting the app when the user quits (tests). */
  onQuit?: () => void;
  /** Opens a URL in the browser (tests pass their own). */
  openUrl?: OpenUrl;
  /** The open change requests, as the command read them while the view loaded: the first list shows them. */
  openList?: ChangeRequest[];
  /** The user's editor for a long comment (Ctrl-G in a comment box): the command gives it, the terminal handed over while it runs. */
  editText?: EditText;
}

/** `docs cr review`: the space's change requests, and one change request with its diff, comments and actions. */
export function ReviewApp({ client, spaceId, changeRequest, onQuit, openUrl, openList, editText }: ReviewAppProps) {
  const { exit } = useApp();
  const quit = onQuit ?? exit;
  const [open, setOpen] = useState<ChangeRequest | undefined>(changeRequest);
  const [view, setView] = useState<ListView>({ status: 'open', text: '' });
  // Used once: coming back from a change request, the list is read again (a merge may have changed it).
  const [firstList, setFirstList] = useState(openList);
  if (open) {
    return (
      <ChangeRequestScreen
        key={open.id}
        client={client}
        spaceId={spaceId}
        initial={open}
        onBack={changeRequest ? quit : () => setOpen(undefined)}
        quit={changeRequest ? 'quit' : 'back'}
        {...(openUrl ? { openUrl } : {})}
        editText={editText}
      />
    );
  }
  return (
    <ListScreen
      client={client}
      spaceId={spaceId}
      view={view}
      onView={setView}
      initial={firstList}
      onOpen={(cr) => {
        setFirstList(undefined);
        setView({ ...view, selectedId: cr.id });
        setOpen(cr);
      }}
      onQuit={quit}
    />
  );
}

/** The app as an element, for a command file (which has no JSX). */
export const reviewApp = (props: ReviewAppProps): ReactElement => <ReviewApp {...props} />;
