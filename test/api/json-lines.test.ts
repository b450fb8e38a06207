import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseError } from '../../src/api/errors.js';
import { jsonLinesOf, scanListPage } from '../../src/api/json-lines.js';
import { members } from '../../src/api/operations/members.js';
import { OperationClient } from '../../src/api/request.js';
import { startServer } from '../helpers/http-server.js';

/** What `--all --json` wrote before the scanner: each item parsed, then serialised on its own line. */
const reserialised = (body: string, count?: number): string => {
  const items = (JSON.parse(body) as { items: unknown[] }).items.slice(0, count);
  return items.map((item) => `${JSON.stringify(item)}\n`).join('');
};

const scan = (body: string | Buffer) => scanListPage(Buffer.isBuffer(body) ? Buffer.from(body) : Buffer.from(body, 'utf8'));

const member = (i: number) => ({
  object: 'member',
  id: `usr_${i}`,
  role: i % 2 ? 'read' : null,
  user: { object: 'user', id: `usr_${i}`, displayName: `Zoë "${i}" \\ 👩‍💻\u2028`, urls: { location: `http://h/v1/users/usr_${i}` } },
  disabled: false,
  joinedAt: '2024-10-01T00:00:04.000Z',
  spaces: i * 3,
  ratio: i / 7,
  tags: [[], {}, [1, 'a', null, true], { 'a b': { c: [] } }],
});

/** Whether a value holds what the scanner leaves to the full parse although JSON.stringify wrote it. */
function leftToParse(value: unknown): boolean {
  const lone = (text: string) => /[\uD800-\uDFFF]/u.test(text);
  if (typeof value === 'string') return lone(value);
  if (Array.isArray(value)) return value.some(leftToParse);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([key, v]) => /^\d/.test(key) || lone(key) || leftToParse(v));
  return false;
}

describe('scanListPage', () => {
  it('cuts the lines JSON.parse and JSON.stringify would give from a compact body, and reads next and count', () => {
    const body = JSON.stringify({ items: [member(1), member(2), member(3)], count: 3, next: { page: 'c2' } });
    const page = scan(body)!;
    expect(page).toBeDefined();
    expect(page.envelope).toEqual({ count: 3, next: { page: 'c2' } });
    expect(page.ends).toHaveLength(3);
    expect(JSON.parse(page.firstItem()!)).toEqual(member(1));
    expect(page.lines(3).toString('utf8')).toBe(reserialised(body));
  });

  it('cuts only the first n items when asked for fewer', () => {
    const body = JSON.stringify({ next: null, items: [member(1), member(2), member(3)] });
    expect(scan(body)!.lines(2).toString('utf8')).toBe(reserialised(body, 2));
    expect(scan(body)!.lines(0)).toHaveLength(0);
  });

  it('reads an empty page, and a body followed by a line feed', () => {
    const page = scan('{"items":[],"count":0}\n')!;
    expect(page.ends).toEqual([]);
    expect(page.firstItem()).toBeUndefined();
    expect(page.lines(10)).toHaveLength(0);
  });

  it('keeps the escapes JSON.stringify writes: quotes, backslashes, short forms and \\u00XX of control characters', () => {
    const text = 'a"b\\c\b\f\n\r\t\u0000\u001f\u007f';
    const body = JSON.stringify({ items: [{ text }] });
    expect(scan(body)!.lines(1).toString('utf8')).toBe(reserialised(body));
  });

  it.each([
    ['pretty-printed', JSON.stringify({ items: [{ a: 1 }] }, null, 2)],
    ['whitespace inside an item', '{"items":[{"a": 1}]}'],
    ['an escaped slash', '{"items":[{"a":"x\\/y"}]}'],
    ['a \\u escape of a printable character', '{"items":[{"a":"\\u00e9"}]}'],
    ['an upper-case \\u escape', '{"items":[{"a":"\\u001F"}]}'],
    ['a \\u escape that has a short form', '{"items":[{"a":"\\u000a"}]}'],
    ['an escaped lone surrogate', '{"items":[{"a":"\\ud800"}]}'],
    ['a repeated key', '{"items":[{"a":1,"b":2,"a":3}]}'],
    ['a repeated key in a nested object', '{"items":[{"a":{"k":1,"k":1}}]}'],
    ['a repeated items key', '{"items":[{"a":1}],"items":[]}'],
    ['a key of digits (ordered first by JavaScript)', '{"items":[{"b":1,"1":2}]}'],
    ['a number with a fraction of zero', '{"items":[{"a":1.0}]}'],
    ['an exponent', '{"items":[{"a":1e5}]}'],
    ['minus zero', '{"items":[{"a":-0}]}'],
    ['a long integer', '{"items":[{"a":12345678901234567890}]}'],
    ['an item that is not an object', '{"items":[{"a":1},2]}'],
    ['a body without items', '{"count":1}'],
    ['items that are not an array', '{"items":{}}'],
    ['a byte order mark', '\uFEFF{"items":[]}'],
    ['something after the body', '{"items":[]}x'],
    ['a truncated body', '{"items":[{"a":"b'],
    ['a bare control character in a string', '{"items":[{"a":"\n"}]}'],
    ['a leading zero', '{"items":[{"a":01}]}'],
    ['an array, not an object', '[{"a":1}]'],
  ])('leaves %s to the full parse', (_what, body) => {
    expect(scan(body)).toBeUndefined();
  });

  it('leaves invalid UTF-8 to the full parse (decoding it replaces the bytes)', () => {
    const bytes = Buffer.concat([Buffer.from('{"items":[{"a":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}]}')]);
    expect(scan(bytes)).toBeUndefined();
  });

  it('accepts numbers in their shortest form: fractions, exponents and long integers JSON.stringify writes', () => {
    const items = [{ a: 0.1, b: -2.5, c: 1e21, d: 1.5e-7, e: 2 ** 60, f: -123, g: 0 }];
    const body = JSON.stringify({ items });
    expect(scan(body)!.lines(1).toString('utf8')).toBe(reserialised(body));
  });

  it('gives the lines of parse-then-stringify for any list JSON.stringify writes', () => {
    const item = fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue({ maxDepth: 3 }));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 5 }), fc.option(fc.string()), (items, next) => {
        const body = JSON.stringify({ items, count: items.length, next: next === null ? null : { page: next } });
        const page = scan(body);
        // Only a key starting with a digit or a lone surrogate (written \uDXXX) is left to the full parse.
        if (page === undefined) return leftToParse({ items, next });
        return page.lines(items.length).toString('utf8') === reserialised(body);
      }),
      { numRuns: 500 },
    );
  });

  it('never gives lines that differ from parse-then-stringify, whatever the bytes', () => {
    // Bodies near the compact form: JSON of a list with bytes changed, cut or inserted.
    const body = fc
      .tuple(
        fc.array(fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })), { maxLength: 3 }),
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom('', ' ', '1', '"', '\\', ',', '}', ']', '{', '[', ':', '-', '.', 'e', '\\u0041', '\\/', '0', '\n'),
        fc.integer({ min: 0, max: 2 }),
      )
      .map(([items, at, text, cut]) => {
        const json = JSON.stringify({ items });
        const i = at % (json.length + 1);
        return json.slice(0, i) + text + json.slice(i + cut);
      });
    fc.assert(
      fc.property(body, (text) => {
        const page = scan(text);
        if (page === undefined) return true;
        let expected: string;
        try {
          expected = reserialised(text);
        } catch {
          return false;
        }
        return page.lines(page.ends.length).toString('utf8') === expected;
      }),
      { numRuns: 3000 },
    );
  });
});

describe('OperationClient.paginate as JSON lines', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });

  /** Members paged by offset; `write` turns each page into the body sent (compact, pretty, ...). */
  async function client(total: number, write: (page: object) => string, bad?: (item: Record<string, unknown>) => void) {
    const server = await startServer((req, res) => {
      const offset = Number(req.query.get('page') ?? '0');
      const limit = Number(req.query.get('limit') ?? '100');
      const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => member(offset + i));
      if (bad && items[0]) bad(items[0]);
      const body = { items, count: total, ...(offset + items.length < total ? { next: { page: String(offset + items.length) } } : {}) };
      const text = write(body);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
    const api = new OperationClient({ baseUrl: server.url, retry: { maxRetries: 0 } });
    cleanups.push(server.close, () => api.close());
    return api;
  }

  async function lines(api: OperationClient, options: { pageSize?: number; max?: number } = {}) {
    const list = api.paginate(members.list, { organizationId: 'org' }, options);
    const read = jsonLinesOf(list)!;
    let text = '';
    let items = 0;
    const kinds = new Set<string>();
    for await (const chunk of read()) {
      kinds.add(typeof chunk.lines === 'string' ? 'parsed' : 'cut');
      text += typeof chunk.lines === 'string' ? chunk.lines : Buffer.from(chunk.lines).toString('utf8');
      items += chunk.items;
    }
    return { text, items, kinds: [...kinds] };
  }

  const expected = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => `${JSON.stringify(member(from + i))}\n`).join('');

  it('gives the same lines whether the server writes compact JSON (cut in place) or pretty JSON (parsed)', async () => {
    const compact = await lines(await client(250, (p) => JSON.stringify(p)), { pageSize: 100 });
    const pretty = await lines(await client(250, (p) => JSON.stringify(p, null, 2)), { pageSize: 100 });
    expect(compact).toEqual({ text: expected(0, 250), items: 250, kinds: ['cut'] });
    expect(pretty).toEqual({ ...compact, kinds: ['parsed'] });
  });

  it('reads the pages into the same two buffers when each is given back once written, into new ones when not', async () => {
    const run = async (release: boolean) => {
      const api = await client(1000, (p) => JSON.stringify(p));
      const buffers = new Set<ArrayBufferLike>();
      const held: Uint8Array[] = [];
      let text = '';
      for await (const chunk of jsonLinesOf(api.paginate(members.list, { organizationId: 'org' }, { pageSize: 100 }))!()) {
        const bytes = chunk.lines as Uint8Array;
        buffers.add(bytes.buffer);
        text += Buffer.from(bytes).toString('utf8');
        if (release) chunk.release?.();
        else held.push(bytes);
      }
      expect(text).toBe(expected(0, 1000));
      // Pages kept (not given back) are not read over: each still holds its own lines.
      expect(held.map((bytes) => Buffer.from(bytes).toString('utf8')).join('')).toBe(release ? '' : text);
      return buffers.size;
    };
    // Ten pages: one is written while the next is fetched, so at most two buffers take turns.
    expect(await run(true)).toBeLessThanOrEqual(2);
    expect(await run(false)).toBe(10);
  });

  it('stops at max items in both forms', async () => {
    for (const write of [(p: object) => JSON.stringify(p), (p: object) => JSON.stringify(p, null, 1)]) {
      expect(await lines(await client(250, write), { pageSize: 100, max: 130 })).toMatchObject({ text: expected(0, 130), items: 130 });
    }
  });

  it('checks the first item of each page against the item schema in both forms, with the same message', async () => {
    const failures: string[] = [];
    for (const write of [(p: object) => JSON.stringify(p), (p: object) => JSON.stringify(p, null, 1)]) {
      const api = await client(10, write, (item) => delete item.user);
      const err = await lines(api).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ResponseError);
      failures.push((err as Error).message);
    }
    expect(failures[0]).toMatch(/unexpected response shape \(response\.items\.0\.user/);
    expect(failures[1]).toBe(failures[0]);
  });

  it('checks the envelope in both forms', async () => {
    for (const write of [
      (p: object) => JSON.stringify({ ...p, count: 'many' }),
      (p: object) => JSON.stringify({ ...p, count: 'many' }, null, 1),
    ]) {
      await expect(lines(await client(10, write))).rejects.toThrow(/response\.count: expected a number/);
    }
  });
});
