/**
 * What a tool answers: the answer in its text content, once (a client may show the model only that), and the
 * value as `structuredContent` (an object) for the clients that read it. A long text (a page's markdown, a patch)
 * is in the text only, with its place in the structured content. An answer longer than the limit comes in parts:
 * the first, and the rest from docs_read_answer (or the tool's own `offset` or `cursor`).
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

/** A summary line and the value's JSON: the text carries the whole answer, for a client that shows only `content`. */
export function objectText(value: Record<string, unknown>, heading?: string): string {
  const head = [heading, oneLine(value)].filter(Boolean).join(' ');
  return head ? `${head}\n${JSON.stringify(value)}` : JSON.stringify(value);
}

/** The text of one page of a list: how many, whether more follow and how to get them, then the items' JSON. */
export function listText(items: readonly unknown[], next: string | null, count: number | undefined, what = 'items'): string {
  const total = count !== undefined ? ` of ${count}` : '';
  const more = next ? `; more follow: call again with cursor "${next}"` : '; no more follow';
  return `${items.length}${total} ${what}${more}.\n${JSON.stringify(items)}`;
}

/** The tool that reads the rest of a long answer. */
export const READ_ANSWER = 'docs_read_answer';

/**
 * The long answers of this session, kept so that their parts can be read in order with docs_read_answer: the
 * last `maxAnswers` of them, within `maxChars` characters in all (the oldest go first). A part read later is a
 * part of the same answer, not of a new request: a write is not sent again to read the rest of what it answered.
 */
export class AnswerStore {
  readonly #kept = new Map<string, string>();
  #chars = 0;
  #count = 0;
  constructor(
    readonly maxAnswers = 16,
    readonly maxChars = 64_000_000,
  ) {}

  keep(json: string): string {
    const id = `a${++this.#count}`;
    this.#kept.set(id, json);
    this.#chars += json.length;
    for (const [old, text] of this.#kept) {
      if (this.#kept.size <= 1 || (this.#kept.size <= this.maxAnswers && this.#chars <= this.maxChars)) break;
      this.#kept.delete(old);
      this.#chars -= text.length;
    }
    return id;
  }

  get(id: string): string | undefined {
    return this.#kept.get(id);
  }
}

/**
 * One part of a long answer kept in `store`: the text holds characters `offset` to `nextOffset` of its JSON (the
 * parts, joined in order, are that JSON), then a note saying which part it is and how to read the next; the
 * structured content says the same as fields. `head` (what the answer is about) comes with the first part.
 */
export function answerPart(id: string, json: string, offset: number, max: number, head?: string): ToolAnswer {
  const part = textPart(json, offset, max);
  const where = `characters ${part.offset} to ${part.nextOffset ?? part.totalChars} of the ${part.totalChars} of answer "${id}"'s JSON`;
  const note =
    part.nextOffset !== null
      ? `This is a part of a long answer (${where}; the limit is ${max} a part). ` +
        `The rest: call ${READ_ANSWER} with answer: "${id}", offset: ${part.nextOffset}. The parts, joined in order, are the answer's JSON.`
      : `This is the last part of a long answer (${where}). The parts, joined in order, are the answer's JSON.`;
  const structured = {
    cut: true,
    answer: id,
    offset: part.offset,
    nextOffset: part.nextOffset,
    totalChars: part.totalChars,
    limit: max,
    note,
  };
  return {
    content: [
      { type: 'text', text: part.text },
      { type: 'text', text: head && part.offset === 0 ? `${head}\n${note}` : note },
    ],
    structuredContent: structured,
  };
}

/** Where the answers of a session are kept, and how long a part may be: what `fitted` needs. */
export interface PartContext {
  maxResultChars: number;
  answers?: AnswerStore;
}

/**
 * An answer whole when its JSON fits the limit (the text: `text`, or a summary line and the JSON), or else its
 * first part, the whole kept for docs_read_answer.
 */
export function fitted(ctx: PartContext, structured: Record<string, unknown>, text?: string, head?: string): ToolAnswer {
  const json = JSON.stringify(structured);
  if (json.length <= ctx.maxResultChars) return answer(structured, text ?? objectText(structured, head));
  const store = (ctx.answers ??= new AnswerStore());
  return answerPart(store.keep(json), json, 0, ctx.maxResultChars, head);
}

/** A part of a long text from `offset`, at most `max` characters (never half of a surrogate pair), with the offset of the rest. */
export function textPart(
  text: string,
  offset: number,
  max: number,
): { text: string; offset: number; nextOffset: number | null; totalChars: number } {
  const start = Math.min(Math.max(0, offset), text.length);
  let end = Math.min(text.length, start + max);
  // A part ends before a high surrogate whose low half would start the next one.
  if (end < text.length && end > start + 1 && /[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end--;
  return { text: text.slice(start, end), offset: start, nextOffset: end < text.length ? end : null, totalChars: text.length };
}

/** The note after a part of a long text read with `offset`, or '' when the text came whole. */
export function partNote(part: { offset: number; nextOffset: number | null; totalChars: number }, what = 'characters'): string {
  if (part.nextOffset === null)
    return part.offset > 0 ? `(the last part: ${what} ${part.offset} to ${part.totalChars} of ${part.totalChars})` : '';
  return `(a part: ${what} ${part.offset} to ${part.nextOffset} of ${part.totalChars}; call again with offset: ${part.nextOffset} for the rest)`;
}

/** A long text's part as an answer: the part as the text content, the note (when cut) beside it, `about` as the structured content. */
export function textAnswer(
  part: { text: string; offset: number; nextOffset: number | null; totalChars: number },
  about: Record<string, unknown>,
  head?: string,
): ToolAnswer {
  const note = partNote(part);
  const content: ToolAnswer['content'] = [];
  if (head) content.push({ type: 'text', text: head });
  content.push({ type: 'text', text: part.text });
  if (note) content.push({ type: 'text', text: note });
  return { content, structuredContent: { ...about, offset: part.offset, nextOffset: part.nextOffset, totalChars: part.totalChars } };
}
