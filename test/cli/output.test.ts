import { describe, expect, it } from 'vitest';
import { JSON_LINES } from '../../src/api/json-lines.js';
import { colorAllowed, NoContent, Output, outputMode, type Columns, type OutputMode } from '../../src/cli/output.js';

class Sink {
  chunks: string[] = [];
  drains = 0;
  private listeners: (() => void)[] = [];
  constructor(
    readonly isTTY: boolean,
    private readonly highWater = Number.POSITIVE_INFINITY,
  ) {}
  write(chunk: string | Uint8Array, done?: () => void): boolean {
    this.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    if (done) queueMicrotask(done);
    return this.chunks.length % this.highWater !== 0;
  }
  once(_event: 'drain', listener: () => void): void {
    this.listeners.push(listener);
    this.drains++;
    queueMicrotask(() => this.listeners.shift()?.());
  }
  get text(): string {
    return this.chunks.join('');
  }
}

interface Row {
  id: string;
  number: number;
  subject: string;
  author?: { name: string };
}
const rows: Row[] = [
  { id: 'cr_1', number: 1, subject: 'Fix\ttabs and\nnewlines', author: { name: 'Ada' } },
  { id: 'cr_2', number: 2, subject: 'Second' },
];
const columns: Columns<Row> = { '#': 'number', SUBJECT: 'subject', AUTHOR: (r) => r.author?.name, ID: 'id' };

function make(mode: OutputMode, opts: { color?: boolean; tty?: boolean; highWater?: number } = {}) {
  const stdout = new Sink(opts.tty ?? mode === 'table', opts.highWater);
  const stderr = new Sink(opts.tty ?? mode === 'table');
  return { out: new Output({ mode, color: opts.color ?? false, stdout, stderr }), stdout, stderr };
}

async function* generate<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

describe('Output', () => {
  it('prints an aligned table with a header on a TTY, no borders', () => {
    const { out, stdout } = make('table');
    out.list(rows, columns);
    const lines = stdout.text.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^#\s+SUBJECT\s+AUTHOR\s+ID$/);
    expect(lines[1]).toContain('Fix tabs and newlines');
    expect(lines[2]).toMatch(/^2\s+Second\s+cr_2$/);
    expect(stdout.text).not.toMatch(/[│─┌]/);
    // Columns line up: ID starts at the same offset on every row.
    expect(lines[1]!.indexOf('cr_1')).toBe(lines[0]!.indexOf('ID'));
  });

  it('writes TSV rows without header or colour when piped, escaping tabs and newlines', () => {
    const { out, stdout } = make('tsv', { color: true });
    out.list(rows, columns);
    expect(stdout.text).toBe('1\tFix tabs and newlines\tAda\tcr_1\n2\tSecond\t\tcr_2\n');
    expect(stdout.text).not.toContain('\u001B[');
  });

  it('writes only a JSON array with --json, whatever the columns', () => {
    const { out, stdout, stderr } = make('json');
    out.list(rows, columns);
    expect(JSON.parse(stdout.text)).toEqual(rows);
    expect(stderr.text).toBe('');
  });

  it('writes [] for an empty list in JSON and a message on stderr (not stdout) for a table', () => {
    const json = make('json');
    json.out.list([], columns);
    expect(JSON.parse(json.stdout.text)).toEqual([]);
    const table = make('table');
    table.out.list([], columns, 'No change requests.');
    expect(table.stdout.text).toBe('');
    expect(table.stderr.text).toBe('No change requests.\n');
  });

  it('streams one JSON object per line with --all --json, in chunks, waiting for drain', async () => {
    // About 1 MB of lines: several chunks of 64 kB.
    const many: Row[] = Array.from({ length: 5000 }, (_, i) => ({ id: `cr_${i}`, number: i, subject: `s${i}`.padEnd(150, '.') }));
    const { out, stdout } = make('json', { highWater: 3 });
    const count = await out.stream(generate(many), columns);
    expect(count).toBe(5000);
    const lines = stdout.text.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual(many);
    expect(stdout.chunks.length).toBeGreaterThan(10);
    expect(stdout.chunks.length).toBeLessThan(30);
    expect(stdout.drains).toBeGreaterThan(0);
  });

  it('stops pulling items while stdout is full, so a slow reader keeps memory flat', async () => {
    const written: string[] = [];
    let drain: (() => void) | undefined;
    // A pipe whose reader is asleep: every write fills it until the test lets it drain.
    const stdout = {
      isTTY: false,
      write: (chunk: string) => (written.push(chunk), false),
      once: (_event: 'drain', listener: () => void) => void (drain = listener),
    };
    const out = new Output({ mode: 'json', color: false, stdout, stderr: new Sink(false) });
    let pulled = 0;
    async function* endless(): AsyncGenerator<Row> {
      for (let i = 0; ; i++) {
        pulled++;
        yield { id: `cr_${i}`, number: i, subject: 'x'.repeat(200) };
        if (i === 5000) return;
      }
    }
    const done = out.stream(endless(), columns);
    await new Promise((r) => setTimeout(r, 20));
    // One chunk written (about 64 kB of lines), then nothing more is read until 'drain'.
    expect(written).toHaveLength(1);
    const held = pulled;
    expect(held).toBeLessThan(400);
    await new Promise((r) => setTimeout(r, 20));
    expect(pulled).toBe(held);
    while (drain) {
      const resume = drain;
      drain = undefined;
      resume();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await done).toBe(5001);
    expect(written.join('').split('\n').filter(Boolean)).toHaveLength(5001);
  });

  it('writes a list that has its JSON lines already a page at a time with --json, and its items otherwise', async () => {
    const lines = (chunk: Row[]) => chunk.map((r) => `${JSON.stringify(r)}\n`).join('');
    const pages = [rows, [{ id: 'cr_3', number: 3, subject: 'Third' }]];
    const list = () =>
      Object.assign(generate(pages.flat()), {
        [JSON_LINES]: async function* () {
          for (const page of pages) yield { lines: Buffer.from(lines(page)), items: page.length };
        },
      });
    const json = make('json');
    expect(await json.out.stream(list(), columns)).toBe(3);
    expect(json.stdout.chunks).toEqual(pages.map(lines));
    const tsv = make('tsv');
    expect(await tsv.out.stream(list(), columns)).toBe(3);
    expect(tsv.stdout.text.split('\n').filter(Boolean)).toHaveLength(3);
    // --jq reads each item.
    const jq = make('json');
    jq.out.jsonFilter = (value) => Promise.resolve(String((value as Row).number));
    expect(await jq.out.stream(list(), columns)).toBe(3);
    expect(jq.stdout.text).toBe('1\n2\n3\n');
  });

  it('gives each page of JSON lines back only once stdout is done with it, and asks for the next page only then', async () => {
    const pulled: number[] = [];
    const released: number[] = [];
    const list = Object.assign(generate<Row>([]), {
      [JSON_LINES]: async function* () {
        for (let i = 0; i < 3; i++) {
          pulled.push(i);
          yield { lines: Buffer.from(`{"number":${i}}\n`), items: 1, release: () => void released.push(i) };
        }
      },
    });
    // A pipe whose reader is slow: a write's callback comes when the test says so.
    const written: string[] = [];
    let done: (() => void) | undefined;
    const stdout = {
      write: (chunk: string | Uint8Array, callback?: () => void) => (written.push(String(chunk)), (done = callback), false),
      once: () => undefined,
    };
    const out = new Output({ mode: 'json', color: false, stdout, stderr: new Sink(false) });
    const streamed = out.stream(list, columns);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual(['{"number":0}\n']);
    expect(pulled).toEqual([0]);
    expect(released).toEqual([]);
    for (let page = 1; page < 3; page++) {
      const finish = done!;
      done = undefined;
      finish();
      await new Promise((resolve) => setImmediate(resolve));
      expect(released).toEqual([0, 1, 2].slice(0, page));
      expect(written).toHaveLength(page + 1);
      expect(pulled).toEqual([0, 1, 2].slice(0, page + 1));
    }
    done!();
    expect(await streamed).toBe(3);
    expect(released).toEqual([0, 1, 2]);
  });

  it('streams TSV rows when piped and collects a table on a TTY', async () => {
    const tsv = make('tsv');
    await tsv.out.stream(generate(rows), columns);
    expect(tsv.stdout.text.split('\n').filter(Boolean)).toHaveLength(2);
    const table = make('table');
    await table.out.stream(generate(rows), columns);
    expect(table.stdout.text.split('\n')[0]).toMatch(/^#\s+SUBJECT/);
  });

  it('shows an object as label/value lines, TSV pairs, or JSON', () => {
    const fields: Columns<Row> = { Number: 'number', Subject: 'subject' };
    const table = make('table');
    table.out.object(rows[1]!, fields);
    expect(table.stdout.text).toBe('Number   2\nSubject  Second\n');
    const tsv = make('tsv');
    tsv.out.object(rows[1]!, fields);
    expect(tsv.stdout.text).toBe('Number\t2\nSubject\tSecond\n');
    const json = make('json');
    json.out.object(rows[1]!, fields);
    expect(JSON.parse(json.stdout.text)).toEqual(rows[1]);
  });

  it('reports a change as a success line, a TSV row, or the JSON resource with the message on stderr', () => {
    const row = rows[1]!;
    const fields: Columns<Row> = { ID: 'id', NUMBER: 'number' };
    const table = make('table');
    table.out.done('Created #2', row, fields);
    expect(table.stdout.text).toBe('✓ Created #2\n');
    const tsv = make('tsv');
    tsv.out.done('Created #2', row, fields);
    expect(tsv.stdout.text).toBe('cr_2\t2\n');
    const json = make('json');
    json.out.done('Created #2', row, fields);
    expect(JSON.parse(json.stdout.text)).toEqual(row);
    expect(json.stderr.text).toBe('Created #2\n');
  });

  it('reports an answer without content as a success line, `id<TAB>outcome`, or nothing on stdout with --json', () => {
    const gone = new NoContent('col abc', 'deleted');
    const table = make('table');
    table.out.done('Deleted collection col abc', gone);
    expect(table.stdout.text).toBe('✓ Deleted collection col abc\n');
    const tsv = make('tsv');
    tsv.out.done('Deleted collection col abc', gone);
    expect(tsv.stdout.text).toBe('col abc\tdeleted\n');
    expect(tsv.stderr.text).toBe('');
    const json = make('json');
    json.out.done('Deleted collection col abc', gone);
    expect(json.stdout.text).toBe('');
    expect(json.stderr.text).toBe('Deleted collection col abc\n');
  });

  it('colours only when allowed and the stream is a terminal', () => {
    const coloured = make('table', { color: true, tty: true });
    coloured.out.done('ok', new NoContent('x', 'ok'));
    coloured.out.error('bad');
    expect(coloured.stdout.text).toContain('\u001B[32m✓\u001B[39m');
    expect(coloured.stderr.text).toContain('\u001B[31mError:\u001B[39m bad');
    const plain = make('table', { color: false, tty: true });
    plain.out.done('ok', new NoContent('x', 'ok'));
    expect(plain.stdout.text).toBe('✓ ok\n');
    const piped = make('table', { color: true, tty: false });
    piped.out.error('bad');
    expect(piped.stderr.text).toBe('Error: bad\n');
  });

  it('truncates long cells in tables only', () => {
    const long: Row[] = [{ id: 'x', number: 1, subject: 'a'.repeat(200) }];
    const table = make('table');
    table.out.list(long, columns);
    expect(table.stdout.text).toContain('…');
    expect(table.stdout.text).not.toContain('a'.repeat(61));
    const tsv = make('tsv');
    tsv.out.list(long, columns);
    expect(tsv.stdout.text).toContain('a'.repeat(200));
  });
});

describe('outputMode and colorAllowed', () => {
  it('picks json for --json or a profile default, else table on a TTY and tsv when piped', () => {
    expect(outputMode({ json: true, stdoutIsTTY: true })).toBe('json');
    expect(outputMode({ profileOutput: 'json', stdoutIsTTY: true })).toBe('json');
    expect(outputMode({ profileOutput: 'table', stdoutIsTTY: true })).toBe('table');
    expect(outputMode({ stdoutIsTTY: false })).toBe('tsv');
  });

  it('honours --no-color, NO_COLOR and TERM=dumb', () => {
    expect(colorAllowed({ env: {} })).toBe(true);
    expect(colorAllowed({ env: {}, noColorFlag: true })).toBe(false);
    expect(colorAllowed({ env: { NO_COLOR: '1' } })).toBe(false);
    expect(colorAllowed({ env: { NO_COLOR: '' } })).toBe(true);
    expect(colorAllowed({ env: { TERM: 'dumb' } })).toBe(false);
  });
});
