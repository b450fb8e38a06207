/**
 * What an agent waits for from `docs mcp`.
 *
 *   npm run bench:mcp            (or: node --import tsx bench/mcp.ts [runs])
 *
 * 1. Start: from spawning `docs mcp` to the answer of `tools/list` (initialize, initialized and
 *    tools/list are written at once, as a client does), with the default toolsets and with
 *    `--toolsets all --allow-writes --allow-destructive` (every operation's schema built).
 * 2. One call: `getSpaceById` on the running server, from writing the request to its answer, the
 *    first call and the median of the next ones.
 * Against an emulator in this process. Needs `npm run build` first (bin/run.js loads dist/).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../src/emulator/index.js';
import { report, summarize } from './report.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'run.js');
const RUNS = Number(process.argv[2] ?? 10);
const CALLS = 20;
const SPACE = 'space_guides';

if (!existsSync(join(ROOT, 'dist', 'index.js'))) {
  process.stderr.write('bench/mcp: run `npm run build` first\n');
  process.exit(2);
}

type Child = ChildProcessByStdio<Writable, Readable, null>;

/** Answers by id, as they arrive on the server's stdout. */
function answers(child: Child): (id: number) => Promise<{ result?: { tools?: unknown[]; isError?: boolean } }> {
  const waiting = new Map<number, (m: unknown) => void>();
  const arrived = new Map<number, unknown>();
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const message = JSON.parse(buffer.slice(0, nl)) as { id?: number };
      buffer = buffer.slice(nl + 1);
      if (typeof message.id !== 'number') continue;
      const resolve = waiting.get(message.id);
      if (resolve) resolve(message);
      else arrived.set(message.id, message);
    }
  });
  return (id) =>
    new Promise((resolve) => {
      if (arrived.has(id)) resolve(arrived.get(id) as never);
      else waiting.set(id, resolve as (m: unknown) => void);
    });
}

const line = (message: object) => `${JSON.stringify(message)}\n`;
const initialize = line({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
});
const initialized = line({ jsonrpc: '2.0', method: 'notifications/initialized' });
const listTools = line({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
const getSpace = (id: number) =>
  line({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'getSpaceById', arguments: { spaceId: SPACE } } });

const emu = await startEmulator({ seed: 'demo' });
const configDir = mkdtempSync(join(tmpdir(), 'docs-bench-mcp-'));
const env = {
  PATH: process.env.PATH,
  HOME: configDir,
  DOCS_CONFIG_DIR: configDir,
  DOCS_TOKEN: 'demo-admin-token',
  DOCS_API_URL: emu.url,
  NO_COLOR: '1',
};

async function session(extra: string[]): Promise<{ list: number; tools: number; first: number; next: number[] }> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'mcp', ...extra], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'inherit'] });
  const answer = answers(child);
  child.stdin.write(initialize + initialized + listTools);
  const listed = await answer(2);
  const list = performance.now() - started;
  const calls: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const sent = performance.now();
    child.stdin.write(getSpace(100 + i));
    const got = await answer(100 + i);
    if (got.result?.isError !== false && got.result?.isError !== undefined) throw new Error(`getSpaceById failed: ${JSON.stringify(got)}`);
    calls.push(performance.now() - sent);
  }
  child.stdin.end();
  await new Promise((resolve) => child.on('close', resolve));
  return { list, tools: listed.result?.tools?.length ?? 0, first: calls[0]!, next: calls.slice(1) };
}

try {
  const all = ['--toolsets', 'all', '--allow-writes', '--allow-destructive'];
  const defaults = { list: [] as number[], first: [] as number[], next: [] as number[], tools: 0 };
  const every = { list: [] as number[], tools: 0 };
  // Interleaved, so that noise from the rest of the machine falls on both alike.
  for (let i = 0; i < RUNS; i++) {
    const d = await session([]);
    defaults.list.push(d.list);
    defaults.first.push(d.first);
    defaults.next.push(...d.next);
    defaults.tools = d.tools;
    const a = await session(all);
    every.list.push(a.list);
    every.tools = a.tools;
  }
  const ms = (samples: number[]) => summarize(samples);
  const rows = [
    { what: `docs mcp: spawn to tools/list answer (default, ${defaults.tools} tools)`, ...ms(defaults.list) },
    { what: `docs mcp: spawn to tools/list answer (all, ${every.tools} tools)`, ...ms(every.list) },
    { what: 'docs mcp: first getSpaceById call', ...ms(defaults.first) },
    { what: 'docs mcp: getSpaceById call, later ones', ...ms(defaults.next) },
  ];
  for (const row of rows) {
    console.log(
      `  ${row.what.padEnd(62)} ${row.median.toFixed(1).padStart(7)} ms  (${row.min.toFixed(1)}–${row.max.toFixed(1)}, ${row.runs} runs)`,
    );
    report({ ...row, unit: 'ms' });
  }
} finally {
  await emu.close();
  rmSync(configDir, { recursive: true, force: true });
}
