import type { Translation } from '../../api/schemas/translation.js';
import type { Columns } from '../output.js';

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

/* ---------- instructions ---------- */

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
