import type { ChangeRequest } from '../../api/schemas/change-request.js';
import type { ConflictPage } from './parts.js';
import type { Pulled } from './pull.js';
import type { Row } from './rows.js';

export interface Conflict {
  what: 'Merge' | 'Update from main';
  pages: ConflictPage[];
}

/** A string as the shell reads it back: bare when it is plain, else in single quotes. */
export const shellWord = (text: string): string => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/**
 * What a conflict leaves to do, in the steps `docs cr merge` prints and the README's "When a merge
 * conflicts" follows, as whole commands with the change request and space filled in, each beside
 * the key that does it from here when there is one. What the view has done (pulled the pages,
 * created the new change request) fills in the commands after it.
 */
export function wayOutRows(input: {
  bin: string;
  spaceId: string;
  cr: ChangeRequest;
  conflict: Conflict;
  pulled?: Pulled | undefined;
  created?: ChangeRequest | undefined;
}): Row[] {
  const { bin, spaceId, cr, conflict, pulled, created } = input;
  const n = cr.number;
  const space = `--space ${shellWord(spaceId)}`;
  const next = created ? String(created.number) : '<new>';
  const dir = pulled ? pulled.dir : `./cr${n}`;
  const names = conflict.pages.map((p) => p.name).join(', ');
  const cmd = (text: string): Row => ({ text: `  ${text}`, code: true, color: 'cyan' });
  const step = (text: string, done?: string): Row => ({ text: done ? `${text} ✓ ${done}` : text, bold: true, stop: 'hunk' });
  const rows: Row[] = [
    {
      text: `${conflict.what} conflicts with the primary content: nothing was ${conflict.what === 'Merge' ? 'merged' : 'applied'}.`,
      color: 'red',
      bold: true,
      stop: 'page',
    },
    { text: names ? `Pages changed on both sides (marked ! in the list): ${names}.` : 'The API did not say which pages.', color: 'red' },
    { text: '' },
    {
      text: `One way out: carry this change request's version of those pages into a new change request made from the current content, merge that one, and archive #${n}. The keys on the left do a step from here; every step is also a command to copy.`,
    },
    { text: '' },
    step('See what the change request changes:'),
    cmd(`${bin} cr diff ${n} --name-only ${space}`),
    step(
      `P  Pull its version of the pages into a folder:`,
      pulled ? `${pulled.files.length} file${pulled.files.length === 1 ? '' : 's'} in ${pulled.root}` : undefined,
    ),
    cmd(`${bin} spaces pull ${shellWord(spaceId)} ${shellWord(dir)} --cr ${n}`),
    step('C  Create the new change request:', created ? `#${created.number}` : undefined),
    cmd(`${bin} cr create --subject ${shellWord(cr.subject || `Carry over #${n}`)} ${space}`),
    step(`Bring each page into it (the service fetches --url itself, so put the file where it can read it):`),
    ...(pulled
      ? pulled.files.map((file) =>
          cmd(
            `${bin} spaces import ${shellWord(spaceId)} --cr ${next} --source markdown --url ${shellWord(`file://${pulled.root}/${file}`)} --yes`,
          ),
        )
      : [cmd(`${bin} spaces import ${shellWord(spaceId)} --cr ${next} --source markdown --url file://$PWD/cr${n}/<page>.md --yes`)]),
    step('Merge the new one:'),
    cmd(`${bin} cr merge ${next} --yes ${space}`),
    step(`a  Archive #${n}:`),
    cmd(`${bin} cr edit ${n} --status archived ${space}`),
    { text: '' },
    { text: 'Or O opens the change request in the browser, where the app resolves conflicts:' },
    cmd(cr.urls?.app ?? cr.urls?.location ?? `${bin} cr get ${n} ${space}`),
  ];
  return rows;
}
