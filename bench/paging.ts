/**
 * Paging a large list: `docs members list --all --json` (default flags) against a script paging the
 * same list with the official client, `@gitbook/api` 0.137.0, 1000 a page (OFFICIAL_SCRIPT below).
 *
 *   npm run bench:paging      (or: node --import tsx bench/paging.ts [runs] [--sizes 10000,100000])
 *
 * Needs `npm run build` (the CLI runs from dist/). For each size an emulator child process
 * (bench/members-emulator.ts) holds an organization of that many members; both commands run
 * alternately `runs` times (default 10) with stdout read by this process, which checks that every
 * member arrived. Each run is timed from spawn to exit, and its CPU time and peak RSS are read
 * from GNU time (/usr/bin/time) when the machine has it: on a busy machine CPU time says more than
 * wall time about the client, but only wall time shows fetching and writing overlap. Prints median and min–max of each, and the ratio
 * official ÷ docs of the medians (above 1: docs is faster).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report, summarize } from './report.js';
import { performance } from 'node:perf_hooks';
import { BENCH_TOKEN, forkMembersEmulator } from './members-emulator.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ORG = 'org_bench';
const GNU_TIME = '/usr/bin/time';

/**
 * What a user's script with the official client does: every member, 1000 a page, one JSON object
 * per line on stdout. Plain JavaScript run by `node -e` from the package root, so it pays no
 * TypeScript loader. Arguments: API URL, token, organization id.
 */
export const OFFICIAL_SCRIPT = `
import { GitBookAPI } from '@gitbook/api';
const [endpoint, authToken, org] = process.argv.slice(1);
const api = new GitBookAPI({ endpoint, authToken });
let page;
do {
  const { data } = await api.orgs.listMembersInOrganizationById(org, { limit: 1000, ...(page ? { page } : {}) });
  const chunk = data.items.map((item) => JSON.stringify(item)).join('\\n') + '\\n';
  if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  page = data.next?.page;
} while (page);
`;

export interface Run {
  ms: number;
  /** Peak resident set size in MB and CPU time (user + system) in ms, when GNU time is there. */
  rssMb?: number;
  cpuMs?: number;
}

export interface PagingFigures {
  members: number;
  docs: Run[];
  official: Run[];
}

/** Run a command with stdout read here; count its lines (one per member). */
async function timed(argv: string[], env: NodeJS.ProcessEnv, expected: number): Promise<Run> {
  const withTime = existsSync(GNU_TIME);
  const [cmd, ...args] = withTime ? [GNU_TIME, '-f', 'peak-rss-kb=%M cpu-s=%U+%S', ...argv] : argv;
  const started = performance.now();
  const child = spawn(cmd as string, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let lines = 0;
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`${argv.join(' ')} exited with ${code}: ${stderr.slice(-500)}`);
  if (lines !== expected) throw new Error(`${argv.join(' ')} printed ${lines} lines, expected ${expected}`);
  const measured = /peak-rss-kb=(\d+) cpu-s=([\d.]+)\+([\d.]+)/.exec(stderr);
  if (!measured) return { ms };
  return { ms, rssMb: Number(measured[1]) / 1024, cpuMs: (Number(measured[2]) + Number(measured[3])) * 1000 };
}

export async function pagingBench(sizes = [10_000, 100_000], runs = 10): Promise<PagingFigures[]> {
  const out: PagingFigures[] = [];
  const home = mkdtempSync(join(tmpdir(), 'docs-bench-paging-'));
  try {
    for (const members of sizes) {
      const emu = await forkMembersEmulator({ [ORG]: members });
      try {
        const env = { PATH: process.env.PATH, HOME: home, DOCS_CONFIG_DIR: home, DOCS_API_URL: emu.url, DOCS_TOKEN: BENCH_TOKEN };
        const docs = [process.execPath, join(ROOT, 'bin', 'run.js'), 'members', 'list', '--org', ORG, '--all', '--json'];
        const official = [process.execPath, '--input-type=module', '-e', OFFICIAL_SCRIPT, emu.url, BENCH_TOKEN, ORG];
        const figures: PagingFigures = { members, docs: [], official: [] };
        // One of each first: the emulator's statements and pages warm up.
        await timed(docs, env, members);
        await timed(official, env, members);
        for (let i = 0; i < runs; i++) {
          figures.docs.push(await timed(docs, env, members));
          figures.official.push(await timed(official, env, members));
        }
        out.push(figures);
        print(figures);
      } finally {
        await emu.stop();
      }
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const spread = (xs: number[], digits: number) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

function print(f: PagingFigures): void {
  const line = (label: string, runs: Run[]) => {
    const rss = runs.map((r) => r.rssMb).filter((x): x is number => x !== undefined);
    const cpu = runs.map((r) => r.cpuMs).filter((x): x is number => x !== undefined);
    return `  ${label.padEnd(44)} ${spread(
      runs.map((r) => r.ms),
      0,
    )} ms${rss.length ? `, CPU ${spread(cpu, 0)} ms, peak RSS ${spread(rss, 1)} MB` : ''}`;
  };
  const ratio = median(f.official.map((r) => r.ms)) / median(f.docs.map((r) => r.ms));
  console.log(`${f.members} members, ${f.docs.length} runs each (median, min–max):`);
  console.log(line('docs members list --all --json', f.docs));
  console.log(line('@gitbook/api script, 1000 a page', f.official));
  console.log(`  docs is ${ratio.toFixed(2)}× as fast as the official client`);
  const ms = (runs: Run[]) => runs.map((r) => r.ms);
  const docsMs = summarize(ms(f.docs));
  const officialMs = summarize(ms(f.official));
  // The goal: at least 1.5× as fast as the official client, i.e. docs' time at most 0.67× of its time.
  const timeRatio = docsMs.median / officialMs.median;
  report({
    what: `docs members list --all --json, ${f.members} members`,
    unit: 'ms',
    ...docsMs,
    vs: '@gitbook/api script, 1000 a page',
    ratio: timeRatio,
    goal: '≤ 0.67× (1.5× faster)',
    met: timeRatio <= 1 / 1.5,
  });
  const rss = f.docs.map((r) => r.rssMb).filter((x): x is number => x !== undefined);
  if (rss.length > 0) {
    const peak = summarize(rss);
    report({ what: `  its peak RSS, ${f.members} members`, unit: 'MB', ...peak, goal: '≤ 100 MB', met: peak.max <= 100 });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizesAt = process.argv.indexOf('--sizes');
  const sizes = sizesAt === -1 ? undefined : (process.argv[sizesAt + 1] as string).split(',').map(Number);
  const runs = Number(process.argv.find((a, i) => i >= 2 && /^\d+$/.test(a) && process.argv[i - 1] !== '--sizes') ?? 10);
  await pagingBench(sizes, runs);
}
