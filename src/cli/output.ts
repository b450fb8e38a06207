import { createRequire } from 'node:module';
import type Table from 'cli-table3';
import type { JqFilter } from './jq.js';
import { jsonLinesOf } from '../api/json-lines.js';
import { fitTable } from './format/table.js';
import { truncate } from './format/text.js';
import { isTimestamp, relativeTime } from './format/time.js';

// cli-table3 (and its string-width dependencies) is loaded on the first table, not by JSON or piped runs.
const require = createRequire(import.meta.url);
let TableClass: typeof Table | undefined;

/**
 * The one place that writes to the terminal. Commands describe WHAT to show (items and columns,
 * an object and its fields, a success message); this module decides HOW for the run:
 * - `table`: a TTY — aligned columns, short success lines, colour unless NO_COLOR/--no-color;
 * - `tsv`:   piped — tab-separated rows, no header decoration, no colour;
 * - `json`:  --json — only JSON on stdout (arrays for lists; one object per line when streaming).
 * Messages, progress and errors go to stderr in every mode, so stdout stays parseable.
 *
 * The answer to a change (create, edit, delete, run, ...) is shown one way by every command, with
 * `done`:
 * - on a TTY, a `✓` sentence saying what happened;
 * - piped, one tab-separated row with the id of what changed first (`id=$(docs … | cut -f1)`):
 *   the answer's key fields, or for an answer without content `id<TAB>outcome` (`col_abc	deleted`);
 * - with --json, the API's object as it came, and for an answer without content (204) nothing:
 *   the exit code is the result. The sentence goes to stderr.
 */
export type OutputMode = 'table' | 'tsv' | 'json';

export interface OutStream {
  /** As a Node.js Writable: `done` is called once the stream no longer needs `chunk` (written, or failed). */
  write(chunk: string | Uint8Array, done?: (error?: Error | null) => void): boolean;
  isTTY?: boolean;
  columns?: number;
  once?(event: 'drain', listener: () => void): unknown;
}

/** Header → field name or accessor; key order is column order. */
export type Columns<T> = Readonly<Record<string, (keyof T & string) | ((item: T) => unknown)>>;

export interface OutputOptions {
  mode: OutputMode;
  color: boolean;
  stdout: OutStream;
  stderr: OutStream;
  /** The clock for relative times on a terminal ("3 days ago"); tests fix it. */
  now?: () => number;
}

const ANSI = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] } as const;
export type Style = keyof typeof ANSI;

/** Characters of streamed lines written at once (`stream`). */
const STREAM_CHUNK = 64 * 1024;

/** Longest cell shown in a table, in columns, when the terminal's width is unknown; TSV and JSON keep full values. */
const MAX_CELL = 60;

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** TSV cells hold no tabs or newlines, so `cut -f2` and `while read` keep working. */
export function tsvCell(value: unknown): string {
  return cellText(value).replace(/[\t\r\n]+/g, ' ');
}

function pick<T>(item: T, accessor: (keyof T & string) | ((item: T) => unknown)): unknown {
  return typeof accessor === 'function' ? accessor(item) : item[accessor];
}

/** A change the API answered without content (204): the id of what changed and one word for what happened (`deleted`). */
export class NoContent {
  constructor(
    readonly id: string,
    readonly outcome: string,
  ) {}
}

export class Output {
  /** `--jq`: every JSON value written passes through it (src/cli/jq.ts); set by the base command. */
  jsonFilter?: JqFilter;
  private filtered: Promise<void> = Promise.resolve();
  private filterError?: Error;

  constructor(readonly options: OutputOptions) {}

  get mode(): OutputMode {
    return this.options.mode;
  }

  get isJson(): boolean {
    return this.options.mode === 'json';
  }

  paint(style: Style, text: string, stream: OutStream = this.options.stdout): string {
    if (!this.options.color || !stream.isTTY) return text;
    const [open, close] = ANSI[style];
    return `\u001B[${open}m${text}\u001B[${close}m`;
  }

  /** A list: a table on a TTY, TSV rows when piped, a JSON array with --json. */
  list<T>(items: readonly T[], columns: Columns<T>, empty = 'No results.'): void {
    if (this.isJson) return this.json(items);
    if (this.mode === 'tsv') {
      for (const item of items) this.out(this.tsvRow(item, columns));
      return;
    }
    if (items.length === 0) return this.info(empty);
    this.out(this.table(items, columns));
  }

  /**
   * Every page of a list as it arrives (`--all`): one JSON object per line with --json and TSV rows
   * when piped, holding one page at a time. A TTY table needs every width first, so it collects the
   * rows (a person reads a screenful; scripts use the streamed forms). Returns the item count.
   */
  async stream<T>(items: AsyncIterable<T>, columns: Columns<T>, empty = 'No results.'): Promise<number> {
    let count = 0;
    if (this.mode === 'table') {
      const rows: T[] = [];
      for await (const item of items) rows.push(item);
      this.list(rows, columns, empty);
      return rows.length;
    }
    // With --json, a list that has its items as JSON lines already (the API's paged lists) is written a
    // page at a time, the same lines without an object made of each item (src/api/json-lines.ts).
    const lines = this.isJson && !this.jsonFilter ? jsonLinesOf(items) : undefined;
    if (lines) {
      // Each page's bytes go back to the client once stdout is done with them, for a later page to be read
      // into (src/api/body-buffers.ts); the next page is asked for only then.
      for await (const page of lines()) {
        count += page.items;
        await this.written(this.options.stdout, page.lines);
        page.release?.();
      }
      return count;
    }
    // Lines go out in chunks of about 64 kB (a write per line is a system call each on a pipe); what
    // was received before a failure is still written.
    let chunk = '';
    try {
      for await (const item of items) {
        count++;
        if (this.isJson && this.jsonFilter) {
          await this.jsonLine(item);
          continue;
        }
        chunk += `${this.isJson ? JSON.stringify(item) : this.tsvRow(item, columns)}\n`;
        if (chunk.length >= STREAM_CHUNK) {
          const full = chunk;
          chunk = '';
          await this.write(this.options.stdout, full);
        }
      }
    } finally {
      if (chunk !== '') await this.write(this.options.stdout, chunk);
    }
    return count;
  }

  /** One object: `field  value` lines on a TTY, `field<TAB>value` when piped, the object with --json. */
  object<T>(item: T, fields: Columns<T>): void {
    if (this.isJson) return this.json(item);
    const rows = Object.entries(fields).map(([label, accessor]) => [label, pick(item, accessor)] as const);
    if (this.mode === 'tsv') {
      for (const [label, value] of rows) this.out(`${label}\t${tsvCell(value)}`);
      return;
    }
    const width = Math.max(...rows.map(([label]) => label.length));
    for (const [label, value] of rows) {
      const text = cellText(value);
      const shown = isTimestamp(text) ? `${text} (${relativeTime(text, this.now())})` : text;
      this.out(`${this.paint('bold', label.padEnd(width))}  ${shown}`);
    }
  }

  /**
   * The answer to a change (see the header): the API's object and its key fields (`row`, the id
   * first), or `NoContent` naming what changed when the API answered nothing.
   */
  done<T>(message: string, item: T, row: Columns<T>): void;
  done(message: string, answer: NoContent): void;
  done<T>(message: string, answer: T | NoContent, row?: Columns<T>): void {
    if (this.isJson) {
      if (!(answer instanceof NoContent)) this.json(answer);
      this.info(message);
    } else if (this.mode === 'tsv') {
      this.out(answer instanceof NoContent ? [answer.id, answer.outcome].map(tsvCell).join('\t') : this.tsvRow(answer, row ?? {}));
    } else {
      this.out(`${this.paint('green', '✓')} ${message}`);
    }
  }

  /** JSON on stdout, whatever the mode (`--json`, `docs api`). */
  json(value: unknown): void {
    if (this.jsonFilter) return void this.filter(value);
    this.out(JSON.stringify(value, null, 2) ?? 'null');
  }

  /** One JSON value per line (`--paginate`, `--all --json`). */
  async jsonLine(value: unknown): Promise<void> {
    if (this.jsonFilter) {
      await this.filter(value);
      return this.flushJson();
    }
    await this.write(this.options.stdout, `${JSON.stringify(value)}\n`);
  }

  /** A bare line on stdout (a URL, a token for piping). */
  line(text: string): void {
    this.out(text);
  }

  info(text: string): void {
    this.options.stderr.write(`${text}\n`);
  }

  warn(text: string): void {
    this.options.stderr.write(`${this.paint('yellow', 'Warning:', this.options.stderr)} ${text}\n`);
  }

  error(text: string): void {
    this.options.stderr.write(`${this.paint('red', 'Error:', this.options.stderr)} ${text}\n`);
  }

  /** Waits for the --jq output queued so far; rethrows jq's failure (the command exits 2). */
  async flushJson(): Promise<void> {
    await this.filtered;
    const err = this.filterError;
    this.filterError = undefined;
    if (err) throw err;
  }

  /** In order, one value after another (jq is async; `json()` is not); the first failure stops the rest. */
  private filter(value: unknown): Promise<void> {
    const jq = this.jsonFilter;
    if (!jq) return Promise.resolve();
    this.filtered = this.filtered
      .then(async () => {
        if (this.filterError) return;
        const text = await jq(value);
        if (text !== '') await this.write(this.options.stdout, text.endsWith('\n') ? text : `${text}\n`);
      })
      .catch((err: unknown) => {
        this.filterError ??= err instanceof Error ? err : new Error(String(err));
      });
    return this.filtered;
  }

  private out(text: string): void {
    this.options.stdout.write(`${text}\n`);
  }

  /** Waits for 'drain' when the consumer is slower than the API, so memory stays flat. */
  private async write(stream: OutStream, chunk: string | Uint8Array): Promise<void> {
    if (!stream.write(chunk) && stream.once) await new Promise<void>((resolve) => stream.once?.('drain', resolve));
  }

  /**
   * Writes `chunk` and waits until the stream no longer needs it: its bytes may be overwritten then. A write
   * that fails resolves too, and the stream's own error handling reports it (BaseCommand's onStdoutError).
   */
  private written(stream: OutStream, chunk: string | Uint8Array): Promise<void> {
    return new Promise<void>((resolve) => void stream.write(chunk, () => resolve()));
  }

  private tsvRow<T>(item: T, columns: Columns<T>): string {
    return Object.values(columns)
      .map((accessor) => tsvCell(pick(item, accessor)))
      .join('\t');
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /**
   * A table's cells as a person reads them: one line each, times relative, and cut to fit the
   * terminal's width (src/cli/format/table.ts: the widest text column ends in `…`, ids stay whole).
   */
  private tableCells<T>(items: readonly T[], columns: Columns<T>): string[][] {
    const now = this.now();
    const rows = items.map((item) =>
      Object.values(columns).map((accessor) => {
        const text = cellText(pick(item, accessor)).replace(/\s+/g, ' ');
        return isTimestamp(text) ? relativeTime(text, now) : text;
      }),
    );
    const width = this.options.stdout.columns;
    if (width && width > 0) return fitTable(Object.keys(columns), rows, width);
    return rows.map((row) => row.map((text) => truncate(text, MAX_CELL)));
  }

  private table<T>(items: readonly T[], columns: Columns<T>): string {
    const color = this.options.color && this.options.stdout.isTTY === true;
    TableClass ??= require('cli-table3') as typeof Table;
    const table = new TableClass({
      head: Object.keys(columns),
      // Borderless, like `gh` and `kubectl`: columns separated by two spaces.
      chars: {
        top: '',
        'top-mid': '',
        'top-left': '',
        'top-right': '',
        bottom: '',
        'bottom-mid': '',
        'bottom-left': '',
        'bottom-right': '',
        left: '',
        'left-mid': '',
        mid: '',
        'mid-mid': '',
        right: '',
        'right-mid': '',
        middle: '  ',
      },
      style: { head: color ? ['bold'] : [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
    });
    for (const row of this.tableCells(items, columns)) table.push(row);
    return table
      .toString()
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n');
  }
}

/** Pick the mode for a run: --json (or the profile's `output json`) wins; otherwise TTY or not. */
export function outputMode(opts: { json?: boolean; profileOutput?: string; stdoutIsTTY: boolean }): OutputMode {
  if (opts.json || opts.profileOutput === 'json') return 'json';
  return opts.stdoutIsTTY ? 'table' : 'tsv';
}

/**
 * Whether colour is allowed at all: never with --no-color, NO_COLOR (any non-empty value, per
 * no-color.org) or TERM=dumb. Each write still checks that its own stream is a terminal.
 */
export function colorAllowed(opts: { noColorFlag?: boolean; env: Readonly<Record<string, string | undefined>> }): boolean {
  if (opts.noColorFlag) return false;
  if (opts.env.NO_COLOR !== undefined && opts.env.NO_COLOR !== '') return false;
  return opts.env.TERM !== 'dumb';
}
