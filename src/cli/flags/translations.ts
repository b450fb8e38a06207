import { Args, Flags } from '@oclif/core';
import type { z } from 'zod';
import { JSONDocumentInput } from '../../api/schemas/comment.js';
import { formatIssues } from '../../api/validation.js';
import { UsageError } from '../errors.js';
import { readTextArg } from '../input.js';

/** Arguments and flags of `docs translations …`, and what the commands make of them: request bodies, checked values. */

interface JSONDoc {
  object: 'document';
  data: Record<string, unknown>;
  nodes: Array<Record<string, unknown>>;
}

/** The smallest document the schema accepts for some text: paragraphs of one plain text leaf each. */
export function instructionsDocument(text: string): InstructionsDocument & JSONDoc {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return {
    object: 'document',
    data: {},
    nodes: paragraphs.map((p) => ({
      object: 'block',
      type: 'paragraph',
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: p, marks: [] }] }],
    })),
  };
}

export const instructionsFlags = () => ({
  instructions: Flags.string({
    description: 'Instructions for the translators, as plain text (blank lines separate paragraphs)',
    helpValue: '<text>',
    exclusive: ['instructions-file'],
  }),
  'instructions-file': Flags.string({
    description: 'Instructions as a JSON document ({"object":"document","data":{},"nodes":[...]}) from a file, or - for stdin',
    helpValue: '<file|->',
    exclusive: ['instructions'],
  }),
});

export type InstructionsDocument = z.input<typeof JSONDocumentInput>;

/**
 * The instructions document from the flags, or undefined when neither is given. A file's JSON is
 * passed on as read (unknown block properties included) once its outline is a document.
 */
export async function instructionsFromFlags(
  flags: { instructions?: string; 'instructions-file'?: string },
  stdin: NodeJS.ReadableStream,
): Promise<InstructionsDocument | undefined> {
  if (flags.instructions !== undefined) {
    if (flags.instructions.trim() === '') throw new UsageError('--instructions is empty: write the instructions, or leave the flag out');
    return instructionsDocument(flags.instructions);
  }
  const file = flags['instructions-file'];
  if (file === undefined) return undefined;
  const text = await readTextArg('instructions-file', file, stdin);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--instructions-file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  // Checked here too so that the message names the file rather than `body.instructions`.
  const checked = JSONDocumentInput.safeParse(doc);
  if (!checked.success) throw new UsageError(`--instructions-file ${file} is not a document: ${formatIssues(checked.error.issues)}`);
  return doc as InstructionsDocument;
}

export const translationArg = () => Args.string({ description: 'Translation id', required: true });
