import { Args, Flags } from '@oclif/core';
import type { DOCUMENT_FORMATS } from '../../api/schemas/comment.js';
import { UsageError } from '../errors.js';
import { readTextArg } from '../input.js';

/** Arguments and flags of `docs comments …` and `docs comments replies …`, and what the commands make of them: request bodies, checked values. */

/** `--format` as the query wants it (oclif already checked it is one of the values); markdown by default so bodies read as text. */
export const documentFormat = (flag: string | undefined): (typeof DOCUMENT_FORMATS)[number] =>
  flag === 'document' ? 'document' : 'markdown';

export const commentFlagsOf = {
  body: () => Flags.string({ char: 'b', description: 'Text in markdown', helpValue: '<markdown>', exclusive: ['body-file'] }),
  bodyFile: () =>
    Flags.string({
      char: 'F',
      description: 'Read the markdown text from a file, or - for stdin',
      helpValue: '<file|->',
      exclusive: ['body'],
    }),
};

/** The markdown of `--body` / `--body-file` (`-`: `stdin`), or undefined when neither is given. Empty text is refused. */
export async function bodyFromFlags(
  flags: { body?: string; 'body-file'?: string },
  stdin: NodeJS.ReadableStream,
): Promise<{ markdown: string } | undefined> {
  let markdown: string | undefined = flags.body;
  if (flags['body-file'] !== undefined) markdown = await readTextArg('body-file', flags['body-file'], stdin);
  if (markdown === undefined) return undefined;
  if (markdown.trim() === '')
    throw new UsageError(`${flags['body-file'] !== undefined ? '--body-file' : '--body'} is empty: write the text of the comment`);
  return { markdown };
}

/** Where a command refuses because the API has no operation for that scope (exit 2, nothing sent). */
export function unsupported(what: string, instead: string): UsageError {
  return new UsageError(`the API has no operation to ${what}; ${instead}`);
}

export const commentArg = () => Args.string({ description: 'Comment id', required: true });

export const replyArg = () => Args.string({ description: 'Reply id', required: true });
