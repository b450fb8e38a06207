import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { BIN, cleanup, ensureBuilt, ROOT, startEmulator, tempDir, type RunningEmulator } from '../helpers/e2e.js';
import { docsOnPty, KEY } from '../helpers/pty.js';
import { demoEnv } from '../helpers/setup.js';

/*
 * The views and `docs mcp` under the API's rate limit (issue 33, §3 and §5): `cr review`'s first screen is the same
 * with and without the limit; while a load waits the status line says so, counting down, and Esc cancels it, the
 * view staying usable; an MCP tool that lists answers the same under the limit, and one whose wait passes its
 * budget answers an error saying when to retry. The window is spent first by another client on the same token.
 */

const space = DEMO.spaces.guides;
let free: RunningEmulator;
/** A short window: the view waits for its reset, then loads. */
let short: RunningEmulator;
/** A long window: the view waits long enough to be cancelled, and an MCP call's wait passes its budget. */
let long: RunningEmulator;

beforeAll(async () => {
  ensureBuilt();
  [free, short, long] = await Promise.all([
    startEmulator(),
    startEmulator(['--rate-limit', '6/6s']),
    startEmulator(['--rate-limit', '6/1m']),
  ]);
});

afterAll(async () => {
  await Promise.all([free?.stop(), short?.stop(), long?.stop()]);
  cleanup();
});

/** Another client spends the token's window: reads until the emulator answers 429. Returns when the window resets. */
async function spendWindow(emulator: RunningEmulator): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${emulator.url}/v1/orgs/${DEMO.org}/collections`, {
      headers: { authorization: `Bearer ${emulator.tokens.admin}` },
    });
    await res.arrayBuffer();
    if (res.status === 429) return Number(res.headers.get('x-ratelimit-reset')) * 1000;
  }
  throw new Error('the emulator never answered 429');
}

/** The list's rows, as the first full screen shows them (the status line and the key line left out). */
const listRows = (lines: string[]) => lines.filter((l) => /^(Change requests|#)/.test(l));

describe('docs cr review under the rate limit', () => {
  it('shows the same first screen as without the limit, after saying it waits for the window', async () => {
    const plain = docsOnPty(['cr', 'review'], { env: demoEnv(free, { space }), columns: 80, rows: 24 });
    const expected = listRows(await plain.waitFor(/#1 /));
    plain.type('q');
    expect((await plain.exitedWithin(15_000)).code).toBe(0);

    // Wait for a fresh window, so that the view meets the spent one rather than its reset.
    const reset = await spendWindow(short);
    if (reset - Date.now() < 4000) {
      await new Promise((r) => setTimeout(r, Math.max(0, reset - Date.now()) + 50));
      await spendWindow(short);
    }
    const limited = docsOnPty(['cr', 'review'], { env: demoEnv(short, { space }), columns: 80, rows: 24 });
    const waiting = await limited.waitFor(/Rate limited: resuming in \d+ s .*esc cancels/);
    expect(waiting.join('\n')).not.toMatch(/#1 /);
    const lines = await limited.waitFor(/#1 /, 15_000);
    expect(listRows(lines)).toEqual(expected);
    expect(lines.join('\n')).not.toMatch(/Rate limited|✗/);
    limited.type('q');
    expect((await limited.exitedWithin(15_000)).code).toBe(0);
  });

  it('Esc cancels the load that waits: the view says so and stays usable; keys typed meanwhile are kept', async () => {
    await spendWindow(long);
    const run = docsOnPty(['cr', 'review'], { env: demoEnv(long, { space }), columns: 80, rows: 24 });
    await run.waitFor(/Rate limited: resuming in \d+ s .*esc cancels/);
    // `?` typed while the first screen waits is held for it; Esc goes first and cancels the wait.
    run.type('?');
    run.type(KEY.escape);
    const help = await run.waitFor(
      (lines) => /Cancelled while waiting on the rate limit/.test(lines.join('\n')) && /this help/.test(lines.join('\n')),
    );
    expect(help.join('\n')).not.toMatch(/Rate limited/);
    run.type('q'); // closes the help
    const after = await run.waitFor((lines) => !lines.join('\n').includes('this help'));
    expect(after.join('\n')).toMatch(/Change requests · space_guides · open/);
    run.type('q');
    expect((await run.exitedWithin(15_000)).code).toBe(0);
  });
});

describe('docs mcp under the rate limit', () => {
  async function connect(emulator: RunningEmulator, env: Record<string, string> = {}): Promise<Client> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      cwd: ROOT,
      env: { DOCS_TOKEN: emulator.tokens.admin!, DOCS_API_URL: emulator.url, DOCS_CONFIG_DIR: tempDir(), NO_COLOR: '1', ...env },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'rate-limit', version: '1.0.0' });
    await client.connect(transport);
    return client;
  }
  const listCrs = (client: Client) =>
    client.callTool({ name: 'listChangeRequestsForSpace', arguments: { spaceId: space, limit: 5 } }) as Promise<CallToolResult>;

  it('a tool that lists answers under the limit what it answers without it', async () => {
    const [a, b] = await Promise.all([connect(free), connect(short)]);
    try {
      const expected = await listCrs(a);
      expect(expected.isError).toBeFalsy();
      await spendWindow(short);
      const got = await listCrs(b);
      expect(got.isError).toBeFalsy();
      // The two emulators differ only in their addresses, which the answers' URLs carry, when they seeded the data and the revision ids they drew.
      const same = (res: CallToolResult, emulator: RunningEmulator) =>
        JSON.stringify({ content: res.content, structured: res.structuredContent })
          .replaceAll(emulator.url, 'EMULATOR')
          .replace(/rev_[0-9a-f]+/g, 'REV')
          .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, 'TIME');
      expect(same(got, short)).toEqual(same(expected, free));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('past its wait budget, a tool call answers an error: rate limited, when to retry, nothing applied', async () => {
    const client = await connect(long, { DOCS_MAX_WAIT: '2s' });
    try {
      await spendWindow(long);
      const started = Date.now();
      const res = await listCrs(client);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.isError).toBe(true);
      const text = (res.content as { type: string; text: string }[])[0]?.text ?? '';
      expect(text).toMatch(/^Rate limited: /);
      expect(text).toMatch(/2 s \(DOCS_MAX_WAIT\) wait budget/);
      expect(text).toMatch(/Nothing was applied/);
      expect(text).toMatch(/Retry in \d+ s, at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC or later\./);
      const structured = res.structuredContent as { error: string; retryAfterSeconds: number; retryAt: string; applied: boolean };
      expect(structured).toMatchObject({ error: 'rate_limited', applied: false });
      expect(structured.retryAfterSeconds).toBeGreaterThan(2);
      expect(Date.parse(structured.retryAt)).toBeGreaterThan(Date.now());
    } finally {
      await client.close();
    }
  });
});
