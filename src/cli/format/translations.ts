import { Args, Flags } from '@oclif/core';
import type { z } from 'zod';
import { JSONDocumentInput } from '../../api/schemas/comment.js';
import type { Translation } from '../../api/schemas/translation.js';
import { formatIssues } from '../../api/validation.js';
import { UsageError } from '../errors.js';
import type { Columns } from '../output.js';
import { readTextArg } from '../input.js';
import type { Progress } from '../progress.js';
import { DEFAULT_WAIT_TIMEOUT, parseDuration, waitFor } from '../wait.js';

/*
 * `docs translations ...`. Instructions are a document (JSONDocument) in the API: `--instructions`
 * takes plain text and wraps it (one paragraph per blank-line-separated block), `--instructions-file`
 * takes the raw document as JSON. A run or delete answers 204: see format/comments.ts for how that shows.
 */

const languages = (t: Translation): string => `${t.source?.language ?? '?'} → ${t.language}`;

export const translationColumns: Columns<Translation> = {
  ID: 'id',
  LANGUAGES: languages,
  SOURCE: (t) => t.source?.space,
  STATUS: 'status',
  RESULT: (t) => t.result?.space,
  RUNS: (t) => t.stats?.runs,
  UPDATED: 'updatedAt',
};

export const translationFields: Columns<Translation> = {
  ID: 'id',
  Status: 'status',
  Languages: languages,
  'Source space': (t) => t.source?.space,
  'Result space': (t) => t.result?.space,
  'Result revision': (t) => t.result?.revision,
  Runs: (t) => t.stats?.runs,
  'Last run': (t) =>
    t.stats?.latestPages !== undefined
      ? `${t.stats.latestPages} pages, ${t.stats.latestWords ?? '?'} words, ${t.stats.latestRunDuration ?? '?'} s`
      : undefined,
  Instructions: (t) => instructionsText(t.instructions),
  Created: 'createdAt',
  Updated: 'updatedAt',
  URL: (t) => t.urls?.location,
};

export const translationRow: Columns<Translation> = { ID: 'id', STATUS: 'status', SOURCE: (t) => t.source?.space, LANGUAGE: 'language' };

/* ---------- instructions: text ⇄ document ---------- */

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

/** The text of a document, one line per block, for showing instructions in a terminal. */
export function instructionsText(doc: unknown): string {
  const blocks: string[] = [];
  const textOf = (node: unknown): string => {
    if (typeof node !== 'object' || node === null) return '';
    const n = node as { leaves?: Array<{ text?: string }>; nodes?: unknown[] };
    if (n.leaves) return n.leaves.map((l) => l.text ?? '').join('');
    return (n.nodes ?? []).map(textOf).join('');
  };
  for (const block of (doc as { nodes?: unknown[] } | undefined)?.nodes ?? []) blocks.push(textOf(block));
  return blocks.filter((b) => b !== '').join('\n');
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

/**
 * `--wait` on `translations run` and `translations create`: polls the translation until its run is
 * `completed` (the contract's states: pending, running, completed).
 */
export async function waitForTranslation(options: {
  id: string;
  get: () => Promise<Translation>;
  timeout?: string;
  signal: AbortSignal;
  progress: Progress;
}): Promise<Translation> {
  const timeoutMs = parseDuration(options.timeout ?? DEFAULT_WAIT_TIMEOUT);
  try {
    return await waitFor({
      label: `translation ${options.id}`,
      poll: options.get,
      state: (t) => t.status,
      done: ['completed'],
      going: ['pending', 'running'],
      timeoutMs,
      signal: options.signal,
      progress: options.progress,
    });
  } finally {
    options.progress.stop();
  }
}

export const translationArg = () => Args.string({ description: 'Translation id', required: true });
