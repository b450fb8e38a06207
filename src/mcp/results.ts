/**
 * What a tool answers: the value as `structuredContent` (an object), and beside it a short text a
 * person or a model can read at a glance. Large answers are cut at a stated size, with a note saying
 * how to ask for the rest.
 */

export interface ToolAnswer {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Characters of JSON an answer may have before it is cut (`docs mcp --max-result-chars`). */
export const DEFAULT_MAX_RESULT_CHARS = 50_000;

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function answer(structured: Record<string, unknown>, text: string): ToolAnswer {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

export function failure(text: string): ToolAnswer {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Fields that name an object, in the order they are shown: `#2 "Fix typos" open (id cr_abc)`. */
const NAMING_FIELDS = ['number', 'title', 'subject', 'name', 'displayName', 'path', 'slug', 'status', 'kind', 'type', 'role', 'id'];

const scalar = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One line for an object: its naming fields, `key: value`, separated by ` · `. */
export function oneLine(item: unknown): string {
  if (!isRecord(item)) return clip(JSON.stringify(item) ?? String(item));
  const parts: string[] = [];
  for (const key of NAMING_FIELDS) {
    const value = item[key];
    if (scalar(value) && value !== '') parts.push(`${key}: ${clip(String(value))}`);
  }
  // Something named otherwise (a member: its user; a search result: its page) shows its nested names.
  if (parts.length === 0) {
    for (const [key, value] of Object.entries(item)) {
      if (isRecord(value)) {
        const inner = oneLine(value);
        if (inner) parts.push(`${key} { ${inner} }`);
      }
      if (parts.length >= 2) break;
    }
  }
  return parts.join(' · ');
}

/** The text beside an object: its naming fields, then its other plain fields, a few lines at most. */
export function objectText(value: Record<string, unknown>, heading?: string): string {
  const lines = heading ? [heading] : [];
  const head = oneLine(value);
  if (head) lines.push(head);
  const shown = new Set(NAMING_FIELDS);
  const rest = Object.entries(value).filter(([k, v]) => !shown.has(k) && scalar(v));
  for (const [key, v] of rest.slice(0, 10)) lines.push(`${key}: ${clip(String(v))}`);
  const nested = Object.keys(value).filter((k) => !shown.has(k) && !scalar(value[k]) && value[k] != null);
  if (rest.length > 10 || nested.length > 0)
    lines.push(`(and ${[...rest.slice(10).map(([k]) => k), ...nested].join(', ')}: see the structured content)`);
  return lines.join('\n');
}

/** The text beside one page of a list: how many, whether more follow and how to get them, one line per item. */
export function listText(items: readonly unknown[], next: string | null, count: number | undefined, what = 'items'): string {
  const total = count !== undefined ? ` of ${count}` : '';
  const more = next ? `; more follow: call again with cursor "${next}"` : '; no more follow';
  const lines = [`${items.length}${total} ${what}${more}.`];
  for (const item of items) lines.push(`- ${oneLine(item)}`);
  return lines.join('\n');
}

/**
 * An answer whose JSON is longer than `max`: its first `max` characters as text, and in the
 * structured content a note with both sizes and what to do. Lists never come here (they are fetched
 * again with fewer items); a page's markdown and a diff are read in parts with `offset`.
 */
export function cutAnswer(json: string, max: number, how: string): ToolAnswer {
  const note = `The answer has ${json.length} characters, more than the limit of ${max}: it was cut. ${how}`;
  return answer({ cut: true, chars: json.length, limit: max, note, partialJson: json.slice(0, max) }, `${note}\n${json.slice(0, max)}`);
}

/** A part of a long text from `offset`, at most `max` characters, with the offset of the rest. */
export function textPart(
  text: string,
  offset: number,
  max: number,
): { text: string; offset: number; nextOffset: number | null; totalChars: number } {
  const start = Math.min(Math.max(0, offset), text.length);
  const end = Math.min(text.length, start + max);
  return { text: text.slice(start, end), offset: start, nextOffset: end < text.length ? end : null, totalChars: text.length };
}

export function partNote(part: { offset: number; nextOffset: number | null; totalChars: number }): string {
  if (part.nextOffset === null) return part.offset > 0 ? `(characters ${part.offset} to ${part.totalChars} of ${part.totalChars})` : '';
  return `(cut at ${part.nextOffset} of ${part.totalChars} characters: call again with offset: ${part.nextOffset} for the rest)`;
}
