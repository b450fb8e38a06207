import { ExitCode } from '../../api/errors.js';
import type { MergeResult } from '../../api/schemas/change-request.js';
import { CommandFailure } from '../errors.js';

export interface ConflictContext {
  bin: string;
  spaceId: string;
  /** The change request as the user named it (number or id). */
  id: string;
  /** What did not happen: a merge merges, an update applies. */
  nothing: 'merged' | 'applied';
  /** The change request's page in the app, when it could be read. */
  url?: string | undefined;
}

/**
 * The same words for the same state from `cr merge` and `cr update-branch`: what happened, the
 * server's own sentence (it names the pages), and one paragraph of ways out with docs commands.
 */
export function conflictFailure(result: MergeResult, ctx: ConflictContext): CommandFailure {
  const { bin, spaceId, id } = ctx;
  const said = typeof result.message === 'string' ? result.message.trim() : '';
  const server = said ? [/[.!?]$/.test(said) ? said : `${said}.`] : [];
  const app = ctx.url ? `, or resolve them in the app: ${ctx.url}` : `, or resolve them in the app (\`${bin} cr get ${id}\` shows the URL)`;
  const next =
    `What now: \`${bin} cr diff ${id}\` shows what the change request changes; ` +
    `\`${bin} spaces pull ${spaceId} <dir> --cr ${id}\` saves its version of those pages, which ` +
    `\`${bin} spaces import ${spaceId} --cr <new> --source markdown --url <page URL>\` brings into a new change request ` +
    `made from the current content (\`${bin} cr create\`)${app}.`;
  return new CommandFailure(
    [`change request ${id} conflicts with the primary content: nothing was ${ctx.nothing}.`, ...server, next].join(' '),
    ExitCode.conflict,
  );
}
