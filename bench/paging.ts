/**
 * Paging a large list, where the client is what is measured: `docs members list --all --json` (default
 * flags) against two scripts paging the same list 1000 a page and writing the same JSON lines, one
 * with the official client (`@gitbook/api` 0.137.0, OFFICIAL_SCRIPT) and one with nothing but
 * `undici.request` and `JSON.parse` (RAW_SCRIPT, the floor).
 *
 *   npm run bench:paging   (or: node --import tsx bench/paging.ts [runs] [--sizes 10000,100000] [--server emulator] [--before DIR])
 *
 * Needs `npm run build` (the CLI runs from dist/). By default the pages come from bench/page-server.ts,
 * a child process answering pages serialised beforehand at almost no cost, so that the clients' own
 * work is what differs; `--server emulator` pages an emulator child process instead
 * (bench/members-emulator.ts), where both wait on the same SQLite reads and the figures measure the
 * server (no goals then). For each size the three commands run alternately, `runs` times (default 10)
 * after one warm-up each, with stdout read by this process, which checks that every member arrived.
 * Each run is timed from spawn to exit; its CPU time (user + system) and peak RSS come from GNU time
 * (/usr/bin/time) when the machine has it, else from `process.resourceUsage()` read at exit by a
 * preloaded module (WRAPPER below). Prints median and min–max of each. `--before DIR` adds the `docs` of
 * another built checkout (DIR/bin/run.js) to the runs, for a before/after measured in the same run.
 * `docs` runs again on each of CI's Node.js 22, 24 and 26 that is installed (.ci/runtimes), in the same rounds,
 * for its peak RSS there: the goal of a flat peak (100,000 members at most 1.1× the peak at 10,000) holds on each.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { report, summarize } from './report.js';
import { BENCH_TOKEN, forkMembersEmulator } from './members-emulator.js';
import { forkPageServer } from './page-server.js';
import { benchRuntimes } from './processes.js';

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

/** The same paging with undici's `request` and `JSON.parse`, nothing else: no checks, no retries, one page at a time. */
export const RAW_SCRIPT = `
import { request } from 'undici';
const [endpoint, token, org] = process.argv.slice(1);
const headers = { authorization: 'Bearer ' + token, accept: 'application/json' };
let page;
do {
  const url = endpoint + '/v1/orgs/' + encodeURIComponent(org) + '/members?limit=1000' + (page ? '&page=' + encodeURIComponent(page) : '');
  const res = await request(url, { headers });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error('HTTP ' + res.statusCode + ': ' + text);
  const data = JSON.parse(text);
  const chunk = data.items.map((item) => JSON.stringify(item)).join('\\n') + '\\n';
  if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  page = data.next?.page;
} while (page);
`;

/** Preloaded with --import when GNU time is missing: CPU time and peak RSS of the process, written to a file at exit. */
const WRAPPER = `
import { writeFileSync } from 'node:fs';
process.on('exit', () => {
  const u = process.resourceUsage();
  writeFileSync(process.env.PAGING_BENCH_USAGE, 'peak-rss-kb=' + u.maxRSS + ' cpu-us=' + (u.userCPUTime + u.systemCPUTime));
});
`;

export type Server = 'page' | 'emulator';

export interface Run {
  ms: number;
  /** Peak resident set size in MB and CPU time (user + system) in ms. */
  rssMb?: number;
  cpuMs?: number;
}

export interface PagingFigures {
  members: number;
  server: Server;
  docs: Run[];
  official: Run[];
  raw: Run[];
  /** `docs` of the checkout given with --before. */
  before?: Run[];
  /** `docs` on each other runtime found (CI's 22, 24 and 26), by its version (`v26.10.0`). */
  on: Record<string, Run[]>;
  /** The same for the checkout given with --before. */
  beforeOn?: Record<string, Run[]>;
}

const LABELS = {
  docs: 'docs members list --all --json',
  official: '@gitbook/api script, 1000 a page',
  raw: 'undici.request + JSON.parse, 1000 a page',
  before: 'docs members list --all --json, before',
} as const;

/** Run `node <args>` with stdout read here; count its lines (one per member). */
async function timed(nodeArgs: string[], env: NodeJS.ProcessEnv, expected: number, scratch: string, node = process.execPath): Promise<Run> {
  const withTime = existsSync(GNU_TIME);
  const usageFile = join(scratch, 'usage');
  const argv = withTime
    ? [GNU_TIME, '-f', 'peak-rss-kb=%M cpu-s=%U+%S', node, ...nodeArgs]
    : [node, '--import', pathToFileURL(join(scratch, 'usage.mjs')).href, ...nodeArgs];
  const started = performance.now();
  const child = spawn(argv[0] as string, argv.slice(1), {
    cwd: ROOT,
    env: withTime ? env : { ...env, PAGING_BENCH_USAGE: usageFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lines = 0;
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const ms = performance.now() - started;
  const what = nodeArgs.filter((a) => !a.includes('\n')).join(' ');
  if (code !== 0) throw new Error(`${what} exited with ${code}: ${stderr.slice(-500)}`);
  if (lines !== expected) throw new Error(`${what} printed ${lines} lines, expected ${expected}`);
  if (withTime) {
    const m = /peak-rss-kb=(\d+) cpu-s=([\d.]+)\+([\d.]+)/.exec(stderr);
    return m ? { ms, rssMb: Number(m[1]) / 1024, cpuMs: (Number(m[2]) + Number(m[3])) * 1000 } : { ms };
  }
  const m = /peak-rss-kb=(\d+) cpu-us=(\d+)/.exec(readFileSync(usageFile, 'utf8'));
  return m ? { ms, rssMb: Number(m[1]) / 1024, cpuMs: Number(m[2]) / 1000 } : { ms };
}

export async function pagingBench(
  sizes = [10_000, 100_000],
  runs = 10,
  server: Server = 'page',
  before?: string,
): Promise<PagingFigures[]> {
  const out: PagingFigures[] = [];
  const others = benchRuntimes(ROOT).slice(1);
  const perRuntime = (): Record<string, Run[]> => Object.fromEntries(others.map(({ version }) => [version, []]));
  const home = mkdtempSync(join(tmpdir(), 'docs-bench-paging-'));
  writeFileSync(join(home, 'usage.mjs'), WRAPPER);
  try {
    for (const members of sizes) {
      const source =
        server === 'page' ? await forkPageServer({ org: ORG, members, token: BENCH_TOKEN }) : await forkMembersEmulator({ [ORG]: members });
      try {
        const env = { PATH: process.env.PATH, HOME: home, DOCS_CONFIG_DIR: home, DOCS_API_URL: source.url, DOCS_TOKEN: BENCH_TOKEN };
        const list = ['members', 'list', '--org', ORG, '--all', '--json'];
        const commands: Partial<Record<keyof typeof LABELS, string[]>> = {
          docs: [join(ROOT, 'bin', 'run.js'), ...list],
          official: ['--input-type=module', '-e', OFFICIAL_SCRIPT, source.url, BENCH_TOKEN, ORG],
          raw: ['--input-type=module', '-e', RAW_SCRIPT, source.url, BENCH_TOKEN, ORG],
          ...(before ? { before: [join(before, 'bin', 'run.js'), ...list] } : {}),
        };
        const figures: PagingFigures = {
          members,
          server,
          docs: [],
          official: [],
          raw: [],
          on: perRuntime(),
          ...(before ? { before: [], beforeOn: perRuntime() } : {}),
        };
        const onOthers = Object.entries({ on: commands.docs, beforeOn: commands.before }).filter(
          (entry): entry is ['on' | 'beforeOn', string[]] => entry[1] !== undefined,
        );
        // One of each first: the server builds (or warms) its pages, the disk cache (and each runtime's compile
        // cache) fills.
        for (const args of Object.values(commands)) await timed(args, env, members, home);
        for (const { node } of others) for (const [, args] of onOthers) await timed(args, env, members, home, node);
        for (let i = 0; i < runs; i++) {
          for (const [name, args] of Object.entries(commands) as [keyof typeof LABELS, string[]][])
            figures[name]!.push(await timed(args, env, members, home));
          for (const { node, version } of others)
            for (const [key, args] of onOthers) figures[key]![version]!.push(await timed(args, env, members, home, node));
        }
        out.push(figures);
        print(figures);
      } finally {
        await source.stop();
      }
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  reportAll(out);
  return out;
}

const median = (xs: number[]) => summarize(xs).median;
const spread = (xs: number[], digits: number) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
const wall = (runs: Run[]) => runs.map((r) => r.ms);
const cpu = (runs: Run[]) => runs.map((r) => r.cpuMs).filter((x): x is number => x !== undefined);
const rss = (runs: Run[]) => runs.map((r) => r.rssMb).filter((x): x is number => x !== undefined);

/** The runs of `docs` on each other runtime, this checkout's (`on`) and the --before one's (`beforeOn`). */
function onOtherRuntimes(f: PagingFigures): Array<{ key: 'on' | 'beforeOn'; version: string; runs: Run[] }> {
  return (['on', 'beforeOn'] as const).flatMap((key) => Object.entries(f[key] ?? {}).map(([version, runs]) => ({ key, version, runs })));
}

function print(f: PagingFigures): void {
  const line = (label: string, runs: Run[]) =>
    `  ${label.padEnd(44)} ${spread(wall(runs), 0)} ms${
      cpu(runs).length ? `, CPU ${spread(cpu(runs), 0)} ms, peak RSS ${spread(rss(runs), 1)} MB` : ''
    }`;
  const where = f.server === 'page' ? 'pre-built pages (bench/page-server.ts)' : 'the emulator';
  console.log(`${f.members} members from ${where}, ${f.docs.length} runs each (median, min–max):`);
  for (const key of ['docs', 'official', 'raw', 'before'] as const) if (f[key]) console.log(line(LABELS[key], f[key]));
  for (const { key, version, runs } of onOtherRuntimes(f))
    console.log(line(`${LABELS[key === 'on' ? 'docs' : 'before']}, Node.js ${version.slice(1)}`, runs));
  const ratio = (a: number[], b: number[]) => (median(a) / median(b)).toFixed(2);
  console.log(
    `  docs ÷ official: wall ${ratio(wall(f.docs), wall(f.official))}×, CPU ${ratio(cpu(f.docs), cpu(f.official))}×;` +
      ` docs ÷ undici: wall ${ratio(wall(f.docs), wall(f.raw))}×, CPU ${ratio(cpu(f.docs), cpu(f.raw))}×` +
      (f.before ? `; docs ÷ before: wall ${ratio(wall(f.docs), wall(f.before))}×, CPU ${ratio(cpu(f.docs), cpu(f.before))}×` : ''),
  );
}

/**
 * The rows of the closing table. The goals (issue 25) hold for the pre-built pages at 100,000 members:
 * docs at least 1.5× as fast as the official script (at most 0.67× its time), at most 1.2× the time of the
 * undici script, and a peak RSS flat in the item count (at 100,000 at most 1.1× its peak at 10,000).
 */
function reportAll(all: PagingFigures[]): void {
  for (const f of all) {
    const goals = f.server === 'page' && f.members === 100_000;
    const where = f.server === 'page' ? 'pre-built pages' : 'emulator';
    const docsWall = summarize(wall(f.docs));
    const official = median(wall(f.official));
    const raw = median(wall(f.raw));
    report({
      what: `docs members list --all --json, ${f.members} members, ${where}`,
      unit: 'ms',
      ...docsWall,
      vs: LABELS.official,
      ratio: docsWall.median / official,
      ...(goals ? { goal: '≤ 0.67× (1.5× faster)', met: docsWall.median / official <= 1 / 1.5 } : {}),
    });
    report({
      what: '  the same runs',
      unit: 'ms',
      ...docsWall,
      vs: LABELS.raw,
      ratio: docsWall.median / raw,
      ...(goals ? { goal: '≤ 1.2×', met: docsWall.median / raw <= 1.2 } : {}),
    });
    const docsCpu = cpu(f.docs);
    if (docsCpu.length > 0) {
      const c = summarize(docsCpu);
      report({ what: '  its CPU time', unit: 'ms', ...c, vs: `${LABELS.official}, CPU`, ratio: c.median / median(cpu(f.official)) });
      report({ what: '  its CPU time', unit: 'ms', ...c, vs: `${LABELS.raw}, CPU`, ratio: c.median / median(cpu(f.raw)) });
    }
    // The peak RSS of docs, on this runtime and on each other one, against its own peak at 10,000 members.
    const smaller = f.members === 100_000 ? all.find((o) => o.server === f.server && o.members === 10_000) : undefined;
    const peakRow = (label: string, runs: Run[], at10k: Run[] | undefined) => {
      if (rss(runs).length === 0) return;
      const peak = summarize(rss(runs));
      const base = at10k && rss(at10k).length > 0 ? median(rss(at10k)) : undefined;
      report({
        what: `  ${label}its peak RSS, ${f.members} members`,
        unit: 'MB',
        ...peak,
        ...(base !== undefined ? { vs: 'its peak RSS at 10000 members', ratio: peak.median / base } : {}),
        ...(goals && base !== undefined ? { goal: '≤ 1.1× (flat)', met: peak.median / base <= 1.1 } : {}),
      });
    };
    peakRow('', f.docs, smaller?.docs);
    // Before and after, back to back: the checkout given with --before, on each runtime alike.
    if (f.before) peakRow('before: ', f.before, smaller?.before);
    for (const { key, version, runs } of onOtherRuntimes(f))
      peakRow(`Node.js ${version.slice(1)}${key === 'on' ? '' : ', before'}: `, runs, smaller?.[key]?.[version]);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name: string) => {
    const at = process.argv.indexOf(name);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  const sizes = option('--sizes')?.split(',').map(Number);
  const server = (option('--server') ?? 'page') as Server;
  if (server !== 'page' && server !== 'emulator') throw new Error(`--server: page or emulator, not ${String(server)}`);
  const runs = Number(process.argv.find((a, i) => i >= 2 && /^\d+$/.test(a) && !process.argv[i - 1]!.startsWith('--')) ?? 10);
  await pagingBench(sizes, runs, server, option('--before') ?? (process.env.BENCH_BEFORE || undefined));
}
