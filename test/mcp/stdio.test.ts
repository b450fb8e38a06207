import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanup, cleanEnv, docs, ensureBuilt, ROOT, tempDir } from '../helpers/e2e.js';

/**
 * `docs mcp` driven by the SDK's own Client over stdio (the real bin/run.js), against a real emulator process
 * seeded with what makes answers long: two pages of 139,704 characters and one of 300,000, a space of 500 pages
 * and 500 change requests, and two change requests that edit the same page. Every answer is checked against the
 * API's own answer, reassembled from its parts.
 */

const TOKEN = 'mcp-admin-token-0123456789';
const BIG = 'space_big';
const MANY = 'space_many';

/** Markdown of exactly `chars` characters, in lines, with words and characters outside the BMP. */
function markdownOf(chars: number, seed: string): string {
  let out = '';
  for (let i = 0; out.length < chars; i++) out += `Line ${i} of ${seed}: ünïcødé words and an emoji 😀 here.\n`;
  out = out.slice(0, chars);
  // Never end on half of a surrogate pair.
  return /[\uD800-\uDBFF]$/.test(out) ? `${out.slice(0, -1)}.` : out;
}

const seed = {
  users: [{ id: 'usr_ada', displayName: 'Ada Lovelace', email: 'ada@example.test', tokens: [TOKEN] }],
  organizations: [
    {
      id: 'org_long',
      title: 'Long answers',
      members: [{ user: 'usr_ada', role: 'admin' }],
      spaces: [
        {
          id: BIG,
          title: 'Large pages',
          pages: [
            { id: 'page_huge_a', title: 'Huge A', slug: 'huge-a', markdown: markdownOf(139_704, 'A') },
            { id: 'page_huge_b', title: 'Huge B', slug: 'huge-b', markdown: markdownOf(139_704, 'B') },
            { id: 'page_long', title: 'Very long', slug: 'very-long', markdown: markdownOf(300_000, 'L') },
            { id: 'page_small', title: 'Small', slug: 'small', markdown: 'A small page.\n' },
          ],
          changeRequests: [
            { id: 'cr_grow', subject: 'Add a long page', author: 'usr_ada', pages: { 'added-long': markdownOf(120_000, 'added') } },
            { id: 'cr_first', subject: 'First edit of small', author: 'usr_ada', pages: { small: 'Edited first.\n' } },
            { id: 'cr_second', subject: 'Second edit of small', author: 'usr_ada', pages: { small: 'Edited second.\n' } },
          ],
          comments: [
            { id: 'cm_old', markdown: 'The oldest comment', author: 'usr_ada', postedAt: '2026-01-01T10:00:00.000Z' },
            { id: 'cm_mid', markdown: 'A comment in between', author: 'usr_ada', postedAt: '2026-02-01T10:00:00.000Z' },
            { id: 'cm_new', markdown: 'The newest comment', author: 'usr_ada', postedAt: '2026-03-01T10:00:00.000Z' },
          ],
        },
        {
          id: MANY,
          title: 'Many pages',
          pages: Array.from({ length: 500 }, (_, i) => ({ id: `page_${i}`, title: `Page ${i}`, markdown: `Page ${i}.\n` })),
          changeRequests: Array.from({ length: 500 }, (_, i) => ({ id: `cr_${i}`, subject: `Change ${i}`, author: 'usr_ada' })),
        },
      ],
    },
  ],
};

let emulator: ChildProcess;
let url = '';
let configDir: string;
const clients: Client[] = [];

/** `docs emulator start --seed <file>` on an ephemeral port; its URL from the first line it prints. */
async function startEmulator(file: string): Promise<string> {
  emulator = spawn(process.execPath, [BIN, 'emulator', 'start', '--port', '0', '--seed', file], {
    cwd: ROOT,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  emulator.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the emulator did not start: ${stderr}`)), 60_000);
    emulator.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const first = /^(http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (first) {
        clearTimeout(timer);
        resolve(first[1]!);
      }
    });
    emulator.on('exit', (code) => reject(new Error(`the emulator exited with ${code}: ${stderr}`)));
  });
}

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function post<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Every item of a list, as the API pages it. */
async function all<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let page: string | undefined;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res = await get<{ items: T[]; next?: { page: string } }>(`${path}${sep}limit=100${page ? `&page=${page}` : ''}`);
    items.push(...res.items);
    page = res.next?.page;
  } while (page);
  return items;
}

interface Session {
  client: Client;
  /** Bytes on the wire (UTF-8, as written on stdout) of the answer to each call, in order. */
  wire: number[];
  stderr: () => string;
  /** The exit code of the server process, once it has exited. */
  exit: Promise<number | null>;
}

function transport(args: string[]): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', DOCS_TOKEN: TOKEN, DOCS_API_URL: url, DOCS_CONFIG_DIR: configDir, NO_COLOR: '1' },
    stderr: 'pipe',
  });
}

/** Connect the SDK client; the server's process is watched for its exit code. */
async function connect(...args: string[]): Promise<Session> {
  const t = transport(args);
  let stderr = '';
  t.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const client = new Client({ name: 'test', version: '1.0.0' });
  const start = t.start.bind(t);
  let exited: (code: number | null) => void = () => {};
  const exit = new Promise<number | null>((resolve) => (exited = resolve));
  t.start = async () => {
    await start();
    const child = (t as unknown as { _process?: ChildProcess })._process;
    child?.once('exit', (code) => exited(code));
  };
  const session: Session = { client, wire: [], stderr: () => stderr, exit };
  try {
    await client.connect(t);
  } catch (err) {
    await client.close().catch(() => undefined);
    throw Object.assign(err as Error, { session });
  }
  const receive = t.onmessage;
  t.onmessage = (message) => {
    if ('result' in message && 'id' in message) session.wire.push(Buffer.byteLength(`${JSON.stringify(message)}\n`));
    receive?.(message);
  };
  clients.push(client);
  return session;
}

const call = async (s: Session, name: string, args: Record<string, unknown> = {}) =>
  (await s.client.callTool({ name, arguments: args })) as CallToolResult;
const texts = (r: CallToolResult): string[] => r.content.map((c) => (c.type === 'text' ? c.text : ''));
const text = (r: CallToolResult): string => texts(r).join('\n');
const structured = <T = Record<string, unknown>>(r: CallToolResult): T => r.structuredContent as T;

/** Read a long answer's parts with docs_read_answer until the last, each within the limit; their JSON, joined. */
async function reassemble(s: Session, first: CallToolResult, limit: number): Promise<{ json: string; parts: number }> {
  const head = structured<{ cut: boolean; answer: string; nextOffset: number | null; totalChars: number }>(first);
  expect(head).toMatchObject({ cut: true, offset: 0 });
  expect(texts(first)[1]).toContain(`call docs_read_answer with answer: "${head.answer}", offset: ${head.nextOffset}`);
  let json = texts(first)[0]!;
  let offset = head.nextOffset;
  let parts = 1;
  while (offset !== null) {
    const part = await call(s, 'docs_read_answer', { answer: head.answer, offset });
    expect(part.isError, text(part)).toBeFalsy();
    const at = structured<{ offset: number; nextOffset: number | null }>(part);
    expect(at.offset).toBe(offset);
    expect(texts(part)[0]!.length).toBeLessThanOrEqual(limit);
    json += texts(part)[0];
    offset = at.nextOffset;
    parts++;
  }
  expect(json.length).toBe(head.totalChars);
  return { json, parts };
}

/** The page tree as listPages answers it over MCP: each page's markdown replaced by its length. */
function treeWithoutMarkdown(pages: Record<string, unknown>[]): Record<string, unknown>[] {
  return pages.map(({ markdown, pages: children, ...rest }) => ({
    ...rest,
    ...(typeof markdown === 'string' ? { markdownChars: markdown.length } : {}),
    ...(Array.isArray(children) ? { pages: treeWithoutMarkdown(children as Record<string, unknown>[]) } : {}),
  }));
}

let session: Session;

beforeAll(async () => {
  ensureBuilt();
  const dir = tempDir('docs-mcp-seed-');
  const file = join(dir, 'seed.json');
  writeFileSync(file, JSON.stringify(seed));
  configDir = tempDir('docs-mcp-config-');
  url = await startEmulator(file);
  session = await connect('--space', BIG);
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  emulator?.kill('SIGTERM');
  cleanup();
});

describe('long answers come in parts, at any size', () => {
  it('listPages on a space of two 139,704-character pages answers the tree in its text, each page with its size', async () => {
    const fromApi = await get<{ pages: Record<string, unknown>[] }>(`/v1/spaces/${BIG}/content/pages`);
    expect(fromApi.pages.filter((p) => (p.markdown as string).length === 139_704)).toHaveLength(2);
    const result = await call(session, 'listPages', { spaceId: BIG });
    expect(result.isError, text(result)).toBeFalsy();
    const expected = { pages: treeWithoutMarkdown(fromApi.pages) };
    expect(structured(result)).toEqual(expected);
    // The text carries the pages, for a client that shows the model only `content`: the same JSON.
    expect(texts(result)).toHaveLength(1);
    expect(JSON.parse(text(result).slice(text(result).indexOf('\n') + 1))).toEqual(expected);
    expect(text(result)).toContain('"path":"huge-a"');
    expect(text(result)).toContain('"markdownChars":139704');
    expect(text(result)).not.toMatch(/see the structured content|restart docs mcp/);
    expect(session.wire.at(-1)).toBeLessThan(20_000);
  });

  it('docs_read_page reads a 300,000-character page in parts that join into its markdown, each sent once', async () => {
    const fromApi = await get<{ markdown: string }>(`/v1/spaces/${BIG}/content/page/page_long?format=markdown`);
    expect(fromApi.markdown.length).toBeGreaterThanOrEqual(300_000);
    let whole = '';
    let offset: number | null = 0;
    let parts = 0;
    while (offset !== null) {
      const result = await call(session, 'docs_read_page', { spaceId: BIG, path: 'very-long', offset });
      expect(result.isError, text(result)).toBeFalsy();
      const at = structured<{ offset: number; nextOffset: number | null; totalChars: number; markdown?: string }>(result);
      expect(at).toMatchObject({ pageId: 'page_long', path: 'very-long', offset, totalChars: fromApi.markdown.length });
      // The markdown is in the text only: not again in the structured content.
      expect(at.markdown).toBeUndefined();
      const part = texts(result)[0]!;
      expect(part.length).toBeLessThanOrEqual(50_000);
      if (at.nextOffset !== null) expect(texts(result)[1]).toContain(`call again with offset: ${at.nextOffset} for the rest`);
      // On the wire: the part once (UTF-8, JSON-escaped), and a little more, not twice.
      expect(session.wire.at(-1)!).toBeLessThan(Buffer.byteLength(JSON.stringify(part)) + 1_000);
      whole += part;
      offset = at.nextOffset;
      parts++;
    }
    expect(parts).toBe(Math.ceil(fromApi.markdown.length / 50_000));
    expect(whole).toBe(fromApi.markdown);
  });

  it('getPageById of the 300,000-character page: the first part, then docs_read_answer, join into the API answer', async () => {
    const fromApi = await get<unknown>(`/v1/spaces/${BIG}/content/page/page_long?format=markdown`);
    const first = await call(session, 'getPageById', { spaceId: BIG, pageId: 'page_long', format: 'markdown' });
    expect(first.isError, text(first)).toBeFalsy();
    expect(texts(first)[0]!.length).toBe(50_000);
    expect(text(first)).not.toContain('restart docs mcp');
    const { json, parts } = await reassemble(session, first, 50_000);
    expect(parts).toBeGreaterThanOrEqual(7);
    expect(JSON.parse(json)).toEqual(fromApi);
    // A part not kept, or past the end, is a clear error.
    const gone = await call(session, 'docs_read_answer', { answer: 'a999', offset: 0 });
    expect(gone.isError).toBe(true);
    expect(text(gone)).toBe(
      'invalid arguments: answer: no answer "a999" is kept (the server keeps the last 16 long answers of the session): call the tool again.',
    );
  });

  it('listPages on a space of 500 pages: its parts join into the whole tree', async () => {
    const fromApi = await get<{ pages: Record<string, unknown>[] }>(`/v1/spaces/${MANY}/content/pages`);
    expect(fromApi.pages).toHaveLength(500);
    const first = await call(session, 'listPages', { spaceId: MANY });
    expect(first.isError, text(first)).toBeFalsy();
    const { json } = await reassemble(session, first, 50_000);
    expect(JSON.parse(json)).toEqual({ pages: treeWithoutMarkdown(fromApi.pages) });
  });

  it('a list of 500 change requests, asked for 1000 at a time, comes in pages under the limit that join into the whole', async () => {
    const fromApi = await all<{ id: string }>(`/v1/spaces/${MANY}/change-requests`);
    expect(fromApi).toHaveLength(500);
    const items: { id: string }[] = [];
    let cursor: string | null | undefined;
    let calls = 0;
    do {
      const result: CallToolResult = await call(session, 'listChangeRequestsForSpace', {
        spaceId: MANY,
        limit: 1000,
        ...(cursor ? { cursor } : {}),
      });
      expect(result.isError, text(result)).toBeFalsy();
      const page = structured<{ items: { id: string }[]; next: string | null; note?: string }>(result);
      expect(JSON.stringify(page.items).length).toBeLessThanOrEqual(50_000);
      // The text carries the items themselves, and how to get the next ones.
      expect(text(result)).toContain(JSON.stringify(page.items));
      if (page.next) expect(text(result)).toContain(`cursor "${page.next}"`);
      items.push(...page.items);
      cursor = page.next;
      calls++;
    } while (cursor);
    expect(calls).toBeGreaterThan(1);
    expect(items).toEqual(fromApi);
  });

  it('docs_cr_diff sends a 50,000-character part of its patch once, and its parts join into the whole patch', async () => {
    const cli = await docs(['cr', 'diff', 'cr_grow', '--space', BIG], {
      env: { DOCS_TOKEN: TOKEN, DOCS_API_URL: url, DOCS_CONFIG_DIR: configDir },
      timeoutMs: 60_000,
    });
    expect(cli.code, cli.stderr).toBe(0);
    let whole = '';
    let offset: number | null = 0;
    while (offset !== null) {
      const result: CallToolResult = await call(session, 'docs_cr_diff', { spaceId: BIG, changeRequestId: 'cr_grow', offset });
      expect(result.isError, text(result)).toBeFalsy();
      const at = structured<{ nextOffset: number | null; patch?: string; pages?: unknown[] }>(result);
      expect(at.patch).toBeUndefined();
      const content = texts(result);
      // The first part starts with the summary line; each holds the patch part once.
      const part = offset === 0 ? content[1]! : content[0]!;
      if (offset === 0) {
        expect(content[0]).toMatch(/^1 page changed, \d+ insertions\(\+\), \d+ deletions\(-\)\.$/);
        expect(at.pages).toHaveLength(1);
      }
      expect(part.length).toBeLessThanOrEqual(50_000);
      expect(session.wire.at(-1)!).toBeLessThan(Buffer.byteLength(JSON.stringify(part)) + 1_000);
      whole += part;
      offset = at.nextOffset;
    }
    expect(whole.length).toBeGreaterThan(100_000);
    expect(cli.stdout.trimEnd()).toBe(whole.trimEnd());
  }, 90_000);
});

describe('a merge conflict', () => {
  it('gives the way out as tool calls with their arguments, each a tool of the session', async () => {
    await post(`/v1/spaces/${BIG}/change-requests/cr_first/merge`);
    const writer = await connect('--allow-writes', '--allow-destructive');
    const before = await get<{ revision: string }>(`/v1/spaces/${BIG}`);
    const result = await call(writer, 'mergeChangeRequest', { spaceId: BIG, changeRequestId: 'cr_second' });
    expect(result.isError).toBe(true);
    const said = text(result);
    expect(said).toMatch(/^Change request cr_second conflicts with the primary content: nothing was merged\./);
    expect(said).toContain('The way out, in tool calls:');
    expect(said).toContain(`docs_cr_diff {"spaceId":"${BIG}","changeRequestId":"cr_second"}`);
    expect(said).toContain(`docs_read_page {"spaceId":"${BIG}","path":"small","changeRequestId":"cr_second"}`);
    expect(said).toContain(`docs_read_page {"spaceId":"${BIG}","path":"small"}`);
    expect(said).toContain('createChangeRequest {');
    expect(said).toContain('importContentInChangeRequest {');
    // No command line: an agent may have no shell.
    expect(said).not.toMatch(/`docs |docs cr |docs spaces /);
    const { wayOut } = structured<{ wayOut: { tool: string; arguments: Record<string, unknown> }[] }>(result);
    const tools = new Set((await writer.client.listTools()).tools.map((t: Tool) => t.name));
    for (const step of wayOut) expect(tools.has(step.tool), step.tool).toBe(true);
    // The first steps run as given, and show each side of the page.
    const [diff, ours, theirs] = wayOut;
    expect((await call(writer, diff!.tool, diff!.arguments)).isError).toBeFalsy();
    expect(texts(await call(writer, ours!.tool, ours!.arguments))[0]).toBe('Edited second.\n');
    expect(texts(await call(writer, theirs!.tool, theirs!.arguments))[0]).toBe('Edited first.\n');
    // Nothing was merged.
    expect((await get<{ revision: string }>(`/v1/spaces/${BIG}`)).revision).toBe(before.revision);
    expect((await get<{ status: string }>(`/v1/spaces/${BIG}/change-requests/cr_second`)).status).toBe('open');
  });
});

describe('lists say their order', () => {
  it('lists comments newest first by default, oldest first with order "asc", as the API orders them', async () => {
    const desc = await all<{ id: string }>(`/v1/spaces/${BIG}/comments?order=desc`);
    const asc = await all<{ id: string }>(`/v1/spaces/${BIG}/comments?order=asc`);
    expect(desc.map((c) => c.id)).toEqual(['cm_new', 'cm_mid', 'cm_old']);
    const byDefault = structured<{ items: { id: string }[] }>(await call(session, 'listCommentsInSpace', { spaceId: BIG }));
    expect(byDefault.items.map((c) => c.id)).toEqual(desc.map((c) => c.id));
    const oldest = structured<{ items: { id: string }[] }>(await call(session, 'listCommentsInSpace', { spaceId: BIG, order: 'asc' }));
    expect(oldest.items.map((c) => c.id)).toEqual(asc.map((c) => c.id));
  });

  it("says the order in every list tool's description: newest first where the API can order it, or that it cannot", async () => {
    const all = await connect('--toolsets', 'all');
    const { tools } = await all.client.listTools();
    const lists = tools.filter((t) => (t.inputSchema.properties as Record<string, unknown> | undefined)?.cursor !== undefined);
    expect(lists.length).toBeGreaterThan(20);
    for (const tool of lists) {
      const ordered = (tool.inputSchema.properties as Record<string, unknown>).order !== undefined;
      expect(tool.description, tool.name).toContain(
        ordered ? 'Newest first (order "desc", the default here)' : "In the API's order (it has no sort or order parameter for this list)",
      );
    }
    const byName = new Map(tools.map((t) => [t.name, t.description ?? '']));
    expect(byName.get('listCommentsInChangeRequest')).toContain('Newest first');
    expect(byName.get('listChangeRequestsForSpace')).toContain('no sort or order parameter');
    expect(byName.get('getPageById')).toContain('A long answer comes in parts (docs_read_answer)');
    expect(byName.get('docs_read_answer')).toContain('joined in order');
  });
});

describe('errors at start and in arguments', () => {
  it('--allow-destructive without --allow-writes refuses on stderr with exit 2, before the server starts', async () => {
    const failed = await connect('--allow-destructive').then(
      () => undefined,
      (err: Error & { session: Session }) => err,
    );
    expect(failed).toBeInstanceOf(Error);
    const { session: refused } = failed!;
    expect(await refused.exit).toBe(2);
    expect(refused.stderr()).toBe('Error: --allow-destructive needs --allow-writes: destructive tools are writes too\n');
  });

  it('an argument a task tool does not take is named, with the ones it takes', async () => {
    const result = await call(session, 'docs_read_page', { spaceId: BIG, path: 5, colour: 'red' });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      'invalid arguments: path: must be a string; colour: unknown argument (docs_read_page takes spaceId, path, changeRequestId, offset).',
    );
    const only = await call(session, 'docs_cr_check', { spaceId: BIG, changeRequestId: 'cr_grow', ignored: ['outdated'] });
    expect(text(only)).toBe('invalid arguments: ignored: unknown argument (docs_cr_check takes spaceId, changeRequestId, ignore).');
  });
});
