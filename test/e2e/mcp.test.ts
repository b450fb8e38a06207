import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { docsOnTty, hasPty } from '../helpers/tty.js';
import { api, BIN, cleanup, docs, ensureBuilt, ROOT, startEmulator, tempDir, type RunningEmulator } from '../helpers/e2e.js';

/**
 * `docs mcp` used the way an agent's client uses it: the real bin/run.js started as a child process
 * by the SDK's own Client over stdio, against a real emulator. Nothing is mocked; what the tools say
 * is checked against what the emulator's API answers.
 */

let emulator: RunningEmulator;
let token: string;
let configDir: string;
/** Every message any server sent and everything it wrote on stderr, for the token check. */
const transcript: string[] = [];
const clients: Client[] = [];

interface Session {
  client: Client;
  stderr: () => string;
  listChanged: () => number;
}

async function connect(...args: string[]): Promise<Session> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    cwd: ROOT,
    env: { DOCS_TOKEN: token, DOCS_API_URL: emulator.url, DOCS_CONFIG_DIR: configDir, NO_COLOR: '1' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
    transcript.push(c.toString());
  });
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  let changes = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes++;
  });
  await client.connect(transport);
  const receive = transport.onmessage;
  transport.onmessage = (message) => {
    transcript.push(JSON.stringify(message));
    receive?.(message);
  };
  clients.push(client);
  return { client, stderr: () => stderr, listChanged: () => changes };
}

async function call(session: Session, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  const result = (await session.client.callTool({ name, arguments: args })) as CallToolResult;
  transcript.push(JSON.stringify(result));
  return result;
}

const text = (result: CallToolResult): string => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const structured = <T = Record<string, unknown>>(result: CallToolResult): T => result.structuredContent as T;

const get = <T>(path: string) => api<T>(emulator, 'GET', path);
const post = <T>(path: string, body?: unknown) => api<T>(emulator, 'POST', path, body);

let readOnly: Session;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator([], { files: true });
  token = emulator.tokens.admin!;
  configDir = tempDir('docs-e2e-mcp-');
  // A few open change requests, so that lists have more than one page.
  for (const subject of ['First of the list', 'Second of the list', 'Third of the list'])
    await post(`/v1/spaces/${DEMO.spaces.guides}/change-requests`, { subject });
  readOnly = await connect();
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await emulator?.stop();
  cleanup();
});

describe('docs mcp, read-only by default', () => {
  it('initializes as the docs server with tools that can change', () => {
    expect(readOnly.client.getServerVersion()?.name).toBe('docs');
    expect(readOnly.client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    expect(readOnly.client.getInstructions()).toContain('read-only');
  });

  it('lists only read-only tools of the default toolsets (spaces, cr, comments), the task tools first', async () => {
    const { tools } = await readOnly.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names.slice(0, 4)).toEqual(['docs_read_page', 'docs_cr_diff', 'docs_cr_check', 'docs_search']);
    expect(names).toContain('docs_list_toolsets');
    expect(names).toContain('getChangeRequestById');
    expect(names).toContain('listCommentsInChangeRequest');
    expect(names).not.toContain('listSites');
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    for (const write of ['createChangeRequest', 'mergeChangeRequest', 'deleteSpaceById', 'postCommentInSpace'])
      expect(names).not.toContain(write);
    // Small enough for a model: the default set is a few dozen tools, not 134.
    expect(tools.length).toBeLessThan(40);
  });

  it('a list tool answers one page with a cursor, as the API pages it', async () => {
    const fromApi = await get<{ items: { id: string; number: number }[] }>(`/v1/spaces/${DEMO.spaces.guides}/change-requests?limit=100`);
    expect(fromApi.items.length).toBeGreaterThan(1);
    const first = await call(readOnly, 'listChangeRequestsForSpace', { spaceId: DEMO.spaces.guides, limit: 1 });
    expect(first.isError).toBeFalsy();
    const page1 = structured<{ items: { id: string }[]; next: string | null; more: boolean }>(first);
    expect(page1.items.map((i) => i.id)).toEqual([fromApi.items[0]!.id]);
    expect(page1.more).toBe(true);
    expect(text(first)).toContain(`cursor "${page1.next}"`);
    const second = structured<{ items: { id: string }[] }>(
      await call(readOnly, 'listChangeRequestsForSpace', { spaceId: DEMO.spaces.guides, limit: 1, cursor: page1.next }),
    );
    expect(second.items.map((i) => i.id)).toEqual([fromApi.items[1]!.id]);
  });

  it('a get tool answers the object the API answers, with a short text beside it', async () => {
    const fromApi = await get<{ id: string; title: string }>(`/v1/spaces/${DEMO.spaces.guides}`);
    const result = await call(readOnly, 'getSpaceById', { spaceId: DEMO.spaces.guides });
    expect(result.isError).toBeFalsy();
    expect(structured(result)).toMatchObject({ id: fromApi.id, title: fromApi.title });
    expect(text(result)).toContain(`title: ${fromApi.title}`);
    expect(text(result).length).toBeLessThan(1000);
  });

  it('a write is not listed, and refused when called by name: nothing is sent', async () => {
    const before = await get<{ items: unknown[] }>(`/v1/spaces/${DEMO.spaces.guides}/change-requests?limit=100`);
    const result = await call(readOnly, 'createChangeRequest', { spaceId: DEMO.spaces.guides, subject: 'From an agent' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('--allow-writes');
    const after = await get<{ items: unknown[] }>(`/v1/spaces/${DEMO.spaces.guides}/change-requests?limit=100`);
    expect(after.items.length).toBe(before.items.length);
  });

  it('a validation error names the field', async () => {
    const result = await call(readOnly, 'listChangeRequestsForSpace', { spaceId: DEMO.spaces.guides, status: 'bogus' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^listChangeRequestsForSpace: invalid arguments: status: must be one of "draft", "open"/);
    const unknown = await call(readOnly, 'getSpaceById', { spaceId: DEMO.spaces.guides, colour: 'red' });
    expect(text(unknown)).toBe('getSpaceById: invalid arguments: colour: unknown argument (getSpaceById takes spaceId, shareKey).');
    const limit = await call(readOnly, 'listChangeRequestsForSpace', { spaceId: DEMO.spaces.guides, limit: 5000 });
    expect(text(limit)).toContain('limit: must be a whole number from 1 to 1000');
    const task = await call(readOnly, 'docs_read_page', { spaceId: DEMO.spaces.guides, path: 5, colour: 'red' });
    expect(text(task)).toBe(
      'invalid arguments: path: must be a string; colour: unknown argument (docs_read_page takes spaceId, path, changeRequestId, offset).',
    );
    const missing = await call(readOnly, 'docs_cr_diff', { spaceId: DEMO.spaces.guides });
    expect(text(missing)).toBe('invalid arguments: changeRequestId: required.');
  });

  it('a 404 is a tool error in the CLI words, and the server keeps answering', async () => {
    const result = await call(readOnly, 'getChangeRequestById', { spaceId: DEMO.spaces.guides, changeRequestId: 999 });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('change request "999" not found (404).');
    expect(text(result)).not.toMatch(/\bat .*\.js:\d+/);
    const again = await call(readOnly, 'getSpaceById', { spaceId: DEMO.spaces.guides });
    expect(again.isError).toBeFalsy();
  });

  it('an unknown tool is a tool error that names the likely one', async () => {
    const result = await call(readOnly, 'getSpaceByID', { spaceId: DEMO.spaces.guides });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('unknown tool "getSpaceByID". Did you mean getSpaceById?');
  });

  it('lists the toolsets and turns one on during the session (tools/list_changed)', async () => {
    const session = await connect();
    const listed = structured<{ toolsets: { name: string; enabled: boolean; tools: number }[] }>(await call(session, 'docs_list_toolsets'));
    expect(listed.toolsets.find((t) => t.name === 'cr')?.enabled).toBe(true);
    expect(listed.toolsets.find((t) => t.name === 'sites')).toMatchObject({ enabled: false });
    const refused = await call(session, 'listSites', { organizationId: DEMO.org });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('docs_enable_toolset');
    const enabled = await call(session, 'docs_enable_toolset', { toolset: 'sites' });
    expect(enabled.isError).toBeFalsy();
    await expect.poll(() => session.listChanged()).toBe(1);
    const names = (await session.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('listSites');
    expect(names).not.toContain('createSite');
    const sites = await call(session, 'listSites', { organizationId: DEMO.org });
    const fromApi = await get<{ items: { id: string }[] }>(`/v1/orgs/${DEMO.org}/sites`);
    expect(structured<{ items: { id: string }[] }>(sites).items.map((s) => s.id)).toEqual(fromApi.items.map((s) => s.id));
  });
});

describe('task tools', () => {
  it('docs_read_page reads a page by its path, in the space and in a change request', async () => {
    const tree = await get<{ pages: { id: string; path: string; type: string }[] }>(`/v1/spaces/${DEMO.spaces.guides}/content/pages`);
    const page = tree.pages.find((p) => p.type === 'document')!;
    const fromApi = await get<{ markdown: string }>(`/v1/spaces/${DEMO.spaces.guides}/content/page/${page.id}?format=markdown`);
    const result = await call(readOnly, 'docs_read_page', { spaceId: DEMO.spaces.guides, path: page.path });
    expect(result.isError).toBeFalsy();
    expect(structured(result)).toMatchObject({ pageId: page.id, path: page.path, nextOffset: null });
    expect(structured(result)).not.toHaveProperty('markdown');
    expect(text(result)).toBe(fromApi.markdown);
    const inCr = await call(readOnly, 'docs_read_page', { spaceId: DEMO.spaces.guides, path: page.path, changeRequestId: 1 });
    expect(inCr.isError).toBeFalsy();
    const missing = await call(readOnly, 'docs_read_page', { spaceId: DEMO.spaces.guides, path: `${page.path}x` });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('no page with the path or id');
  });

  it('docs_cr_diff gives the unified patch, docs_cr_check the findings, docs_search the matches', async () => {
    const diff = await call(readOnly, 'docs_cr_diff', { spaceId: DEMO.spaces.guides, changeRequestId: 1 });
    expect(diff.isError).toBeFalsy();
    const d = structured<{ pages: unknown[] }>(diff);
    expect(d.pages.length).toBeGreaterThan(0);
    expect(text(diff)).toMatch(/^diff --git a\/.*\.md b\/.*\.md$/m);
    const check = await call(readOnly, 'docs_cr_check', { spaceId: DEMO.spaces.guides, changeRequestId: 1 });
    expect(check.isError).toBeFalsy();
    expect(structured(check)).toHaveProperty('ok');
    expect(structured(check)).toHaveProperty('findings');
    const search = await call(readOnly, 'docs_search', { spaceId: DEMO.spaces.guides, query: 'install' });
    expect(search.isError).toBeFalsy();
    const fromApi = await get<{ items: unknown[] }>(`/v1/spaces/${DEMO.spaces.guides}/search?query=install`);
    expect(structured<{ items: unknown[] }>(search).items.length).toBe(fromApi.items.length);
  });

  it('cuts a long page at the stated size and reads the rest from the offset; a long list is cut to fewer items', async () => {
    const session = await connect('--max-result-chars', '1000');
    const cr = await post<{ id: string; number: number }>(`/v1/spaces/${DEMO.spaces.guides}/change-requests`, { subject: 'Long page' });
    const file = join(tempDir('docs-e2e-mcp-page-'), 'long.md');
    writeFileSync(file, `# Long page\n\n${'Lorem ipsum dolor sit amet. '.repeat(100)}\n`);
    await post(`/v1/spaces/${DEMO.spaces.guides}/change-requests/${cr.id}/content/import`, {
      source: 'markdown',
      url: pathToFileURL(file).href,
    });
    const tree = await get<{ pages: { id: string; path: string; title: string }[] }>(
      `/v1/spaces/${DEMO.spaces.guides}/change-requests/${cr.id}/content/pages`,
    );
    const page = tree.pages.find((p) => p.title === 'Long page')!;
    const fromApi = await get<{ markdown: string }>(
      `/v1/spaces/${DEMO.spaces.guides}/change-requests/${cr.id}/content/page/${page.id}?format=markdown`,
    );
    expect(fromApi.markdown.length).toBeGreaterThan(2000);
    const args = { spaceId: DEMO.spaces.guides, path: page.path, changeRequestId: cr.number };
    const first = await call(session, 'docs_read_page', args);
    const part1 = structured<{ nextOffset: number; totalChars: number }>(first);
    expect(part1).toMatchObject({ nextOffset: 1000, totalChars: fromApi.markdown.length });
    expect(text(first)).toContain('call again with offset: 1000 for the rest');
    let whole = first.content[0]?.type === 'text' ? first.content[0].text : '';
    let offset: number | null = part1.nextOffset;
    while (offset !== null) {
      const result: CallToolResult = await call(session, 'docs_read_page', { ...args, offset });
      const part = structured<{ nextOffset: number | null }>(result);
      whole += result.content[0]?.type === 'text' ? result.content[0].text : '';
      offset = part.nextOffset;
    }
    expect(whole).toBe(fromApi.markdown);

    const list = await call(session, 'listChangeRequestsForSpace', { spaceId: DEMO.spaces.guides, limit: 100 });
    const cut = structured<{ items: unknown[]; note?: string; next: string | null }>(list);
    expect(JSON.stringify(cut.items).length).toBeLessThanOrEqual(1000);
    expect(cut.note).toMatch(/^Cut to \d+ items \(limit 100 asked\) to stay under 1000 characters/);
    expect(cut.next).not.toBeNull();
    const rest = structured<{ items: { id: string }[] }>(
      await call(session, 'listChangeRequestsForSpace', { spaceId: DEMO.spaces.guides, limit: 100, cursor: cut.next }),
    );
    expect(rest.items.length).toBeGreaterThan(0);
  });
});

describe('resources', () => {
  it("lists a space's pages as docs:// resources and reads one as markdown", async () => {
    const session = await connect('--space', DEMO.spaces.guides);
    const { resources } = await session.client.listResources();
    const tree = await get<{ pages: { id: string; path: string; type: string }[] }>(`/v1/spaces/${DEMO.spaces.guides}/content/pages`);
    const page = tree.pages.find((p) => p.type === 'document')!;
    const uri = `docs://spaces/${DEMO.spaces.guides}/pages/${page.path}`;
    expect(resources.map((r) => r.uri)).toContain(uri);
    const fromApi = await get<{ markdown: string }>(`/v1/spaces/${DEMO.spaces.guides}/content/page/${page.id}?format=markdown`);
    const read = await session.client.readResource({ uri });
    expect(read.contents).toEqual([{ uri, mimeType: 'text/markdown', text: fromApi.markdown }]);
    const templates = await session.client.listResourceTemplates();
    expect(templates.resourceTemplates.map((t) => t.uriTemplate)).toContain('docs://spaces/{spaceId}/pages/{+path}');
    await expect(session.client.readResource({ uri: `docs://spaces/${DEMO.spaces.guides}/pages/no/such/page` })).rejects.toThrow(
      /no page with the path or id "no\/such\/page"/,
    );
  });
});

describe('writes', () => {
  it('--toolsets all with both flags lists the 134 operations and the task tools, each with a valid JSON Schema', async () => {
    const session = await connect('--toolsets', 'all', '--allow-writes', '--allow-destructive');
    const { tools } = await session.client.listTools();
    const operations = tools.filter((t) => !t.name.startsWith('docs_'));
    expect(operations).toHaveLength(134);
    expect(tools.filter((t) => t.name.startsWith('docs_')).map((t) => t.name)).toEqual([
      'docs_read_page',
      'docs_cr_diff',
      'docs_cr_check',
      'docs_search',
      'docs_read_answer',
      'docs_list_toolsets',
      'docs_enable_toolset',
    ]);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
    }
    const byName = new Map<string, Tool>(tools.map((t) => [t.name, t]));
    expect(byName.get('mergeChangeRequest')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
    });
    expect(byName.get('updateChangeRequestById')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(byName.get('importContent')?.annotations).toMatchObject({ destructiveHint: true, openWorldHint: true });
    expect(byName.get('getSpaceById')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    // The contract's bounds are in the schema.
    const subject = (byName.get('createChangeRequest')?.inputSchema.properties as Record<string, { maxLength?: number }>).subject;
    expect(subject?.maxLength).toBe(100);
    // And its descriptions of the fields (from the built bundle's data file).
    expect(subject).toMatchObject({ description: 'Subject of the change-request' });
    expect((byName.get('listPages')?.inputSchema.properties as Record<string, { description?: string }>).computed?.description).toMatch(
      /content will not be computed/,
    );
  });

  it('with --allow-writes a write runs; a bad body field is named', async () => {
    const session = await connect('--allow-writes');
    const bad = await call(session, 'createChangeRequest', { spaceId: DEMO.spaces.guides, subject: 'x'.repeat(101) });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toBe('createChangeRequest: invalid arguments: subject: must be at most 100 characters.');
    const made = await call(session, 'createChangeRequest', { spaceId: DEMO.spaces.guides, subject: 'From an agent' });
    expect(made.isError).toBeFalsy();
    const { number } = structured<{ number: number }>(made);
    expect((await get<{ subject: string }>(`/v1/spaces/${DEMO.spaces.guides}/change-requests/${number}`)).subject).toBe('From an agent');
  });

  it('a merge without --allow-destructive answers a dry run naming what it would change, and changes nothing', async () => {
    const session = await connect('--allow-writes');
    const cr = await post<{ id: string; number: number }>(`/v1/spaces/${DEMO.spaces.guides}/change-requests`, { subject: 'Merge me' });
    const result = await call(session, 'mergeChangeRequest', { spaceId: DEMO.spaces.guides, changeRequestId: cr.number });
    expect(result.isError).toBeFalsy();
    const dry = structured<{ dryRun: boolean; sent: boolean; method: string; url: string; wouldChange: string[]; headers: unknown }>(
      result,
    );
    expect(dry).toMatchObject({ dryRun: true, sent: false, method: 'POST', headers: { authorization: 'Bearer ***' } });
    expect(dry.url).toBe(`${emulator.url}/v1/spaces/${DEMO.spaces.guides}/change-requests/${cr.number}/merge`);
    const title = (await get<{ title: string }>(`/v1/spaces/${DEMO.spaces.guides}`)).title;
    expect(dry.wouldChange).toEqual([`space "${title}"`, `change request #${cr.number} "Merge me"`]);
    expect(text(result)).toContain('--allow-destructive');
    expect((await get<{ status: string }>(`/v1/spaces/${DEMO.spaces.guides}/change-requests/${cr.number}`)).status).toBe('open');
  });

  it('with --allow-destructive the merge runs', async () => {
    const session = await connect('--allow-writes', '--allow-destructive');
    const cr = await post<{ id: string; number: number }>(`/v1/spaces/${DEMO.spaces.guides}/change-requests`, { subject: 'Merge me too' });
    const result = await call(session, 'mergeChangeRequest', { spaceId: DEMO.spaces.guides, changeRequestId: cr.number });
    expect(result.isError, text(result)).toBeFalsy();
    expect(structured(result)).toMatchObject({ result: 'merge' });
    expect((await get<{ status: string }>(`/v1/spaces/${DEMO.spaces.guides}/change-requests/${cr.number}`)).status).toBe('merged');
  });

  it.runIf(hasPty)('on a terminal, says what it waits for; Ctrl-D stops it', async () => {
    const res = await docsOnTty(['mcp'], {
      env: { DOCS_TOKEN: token, DOCS_API_URL: emulator.url, DOCS_CONFIG_DIR: configDir },
      answers: [{ after: 'Ctrl-D or Ctrl-C stops it.', type: '\x04' }],
    });
    expect(res.output).toContain('docs mcp speaks the Model Context Protocol on stdin/stdout: an MCP client starts it');
    expect(res.code).toBe(0);
  });

  it('--allow-destructive alone, or an unknown toolset, is refused with a clear error before anything starts', async () => {
    const res = await docs(['mcp', '--allow-destructive'], {
      env: { DOCS_TOKEN: token, DOCS_API_URL: emulator.url, DOCS_CONFIG_DIR: configDir },
    });
    expect(res.code).toBe(2);
    expect(res.stderr).toBe('Error: --allow-destructive needs --allow-writes: destructive tools are writes too\n');
    expect(res.stdout).toBe('');
    const typo = await docs(['mcp', '--toolsets', 'cr,sitez'], {
      env: { DOCS_TOKEN: token, DOCS_API_URL: emulator.url, DOCS_CONFIG_DIR: configDir },
    });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('--toolsets: unknown toolset "sitez"; the toolsets are spaces, cr, comments,');
  });
});

/**
 * The MCP inspector's command-line mode, when MCP_INSPECTOR names its binary (`npm install
 * @modelcontextprotocol/inspector@2.12.0` somewhere, then MCP_INSPECTOR=…/node_modules/.bin/mcp-inspector).
 * It is not a dev dependency: see the README ("Use with AI agents").
 */
describe.runIf(process.env.MCP_INSPECTOR)("the MCP inspector's --cli mode", () => {
  const inspect = (...args: string[]) => {
    const env = [`DOCS_TOKEN=${token}`, `DOCS_API_URL=${emulator.url}`, `DOCS_CONFIG_DIR=${configDir}`].flatMap((e) => ['-e', e]);
    const res = spawnSync(process.env.MCP_INSPECTOR!, ['--cli', ...env, ...args, '--', process.execPath, BIN, 'mcp'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: tempDir('docs-e2e-inspector-') },
      timeout: 60_000,
    });
    transcript.push(res.stdout, res.stderr);
    return res;
  };

  it('lists the tools and calls one', () => {
    const list = inspect('--method', 'tools/list');
    expect(list.status, list.stderr).toBe(0);
    const tools = (JSON.parse(list.stdout) as { tools: Tool[] }).tools;
    expect(tools.map((t) => t.name)).toContain('getSpaceById');
    const got = inspect('--method', 'tools/call', '--tool-name', 'getSpaceById', '--tool-arg', `spaceId=${DEMO.spaces.guides}`);
    expect(got.status, got.stderr).toBe(0);
    expect((JSON.parse(got.stdout) as CallToolResult).structuredContent).toMatchObject({ id: DEMO.spaces.guides });
  });
});

describe('secrets', () => {
  it('the token appears in no message, answer or error of any session', () => {
    expect(transcript.length).toBeGreaterThan(20);
    for (const line of transcript) expect(line).not.toContain(token);
  });
});
