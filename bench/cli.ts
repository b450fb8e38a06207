/**
 * What a user waits for at the terminal.
 *
 *   npm run bench:cli            (or: node --import tsx bench/cli.ts [runs])
 *
 * 1. Process start: `node -e 0` (the floor), `docs --version`, `docs --help`, and real commands
 *    against a local emulator: `docs cr list --json`, and `docs members get <e-mail> --json` (looks the
 *    address up among the members, then one GET); median and p90 wall time, and the ratio to the floor.
 * 2. Client overhead: the same GET through DocsClient (validation, typed result) and through a raw
 *    undici request on the same keep-alive agent; requests per second and the ratio.
 * Needs `npm run build` first (bin/run.js loads dist/).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { startEmulator } from '../src/emulator/index.js';
import { DocsClient } from '../src/index.js';
import { timeRuns } from './report.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'run.js');
const RUNS = Number(process.argv[2] ?? 15);
const TOKEN = 'demo-admin-token';
const SPACE = 'space_guides';

if (!existsSync(join(ROOT, 'dist', 'index.js'))) {
  process.stderr.write('bench/cli: run `npm run build` first\n');
  process.exit(2);
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function timeCommand(args: string[], env: NodeJS.ProcessEnv): Promise<{ median: number; p90: number }> {
  const times = (await timeRuns(args, env, RUNS)).sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p90: quantile(times, 0.9) };
}

const emu = await startEmulator({ seed: 'demo' });
const configDir = mkdtempSync(join(tmpdir(), 'docs-bench-'));
const env = {
  PATH: process.env.PATH,
  HOME: configDir,
  DOCS_CONFIG_DIR: configDir,
  DOCS_TOKEN: TOKEN,
  DOCS_API_URL: emu.url,
  NO_COLOR: '1',
};
try {
  console.log(`process start (${RUNS} runs each, median / p90, ratio of medians to node -e 0):`);
  const floor = await timeCommand(['-e', '0'], env);
  const rows: [string, string[]][] = [
    ['node -e 0', ['-e', '0']],
    ['docs --version', [BIN, '--version']],
    ['docs --help', [BIN, '--help']],
    ['docs cr list --json', [BIN, 'cr', 'list', '--space', SPACE, '--json']],
    ['docs members get <e-mail> --json', [BIN, 'members', 'get', 'ada@acme.test', '--org', 'org_acme', '--json']],
  ];
  for (const [name, args] of rows) {
    const t = name === 'node -e 0' ? floor : await timeCommand(args, env);
    console.log(
      `  ${name.padEnd(33)} ${t.median.toFixed(1).padStart(7)} ms / ${t.p90.toFixed(1).padStart(7)} ms   x${(t.median / floor.median).toFixed(2)}`,
    );
  }

  const N = 2000;
  const client = new DocsClient({ baseUrl: emu.url, token: TOKEN });
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 8 });
  const url = `${emu.url}/v1/spaces/${SPACE}/change-requests?limit=100`;
  const viaClient = async () => {
    await client.changeRequests.list({ spaceId: SPACE, query: { limit: 100 } });
  };
  const viaUndici = async () => {
    const res = await request(url, { dispatcher: agent, headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json' } });
    JSON.parse(await res.body.text());
  };
  // Interleaved rounds, best of each, so warm-up and machine noise do not favour either side.
  const round = async (fn: () => Promise<void>) => {
    const started = performance.now();
    for (let i = 0; i < N / 5; i++) await fn();
    return N / 5 / ((performance.now() - started) / 1000);
  };
  for (let i = 0; i < 200; i++) {
    await viaUndici();
    await viaClient();
  }
  let raw = 0;
  let typed = 0;
  for (let r = 0; r < 5; r++) {
    raw = Math.max(raw, await round(viaUndici));
    typed = Math.max(typed, await round(viaClient));
  }
  console.log(`client overhead (${N} sequential GETs of a change-request list, emulator in-process):`);
  console.log(`  raw undici request      ${raw.toFixed(0).padStart(6)} req/s`);
  console.log(`  DocsClient (validated)  ${typed.toFixed(0).padStart(6)} req/s   x${(typed / raw).toFixed(2)} of raw`);
  await client.close();
  await agent.close();
} finally {
  await emu.close();
  rmSync(configDir, { recursive: true, force: true });
}
