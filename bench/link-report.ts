/**
 * The space link report of a 10,000-page space imported from Git (issue 36 §3).
 *
 *   npm run bench:link-report   (or: node --import tsx bench/link-report.ts [--pages n] [--shape spread|scale] [--before ref] [--no-before] [--json file])
 *
 * Two spaces, each written as a Git repository and imported with `POST /v1/spaces/{id}/git/import`:
 * - `spread`: each page links to another page (a different one for each page), the next page, one of
 *   20 external URLs and a page that is missing;
 * - `scale`: bench/scale-seed.ts's pages (`scaleRepository`): the next page, the first folder's overview
 *   (the same target on every page), its folder's reference URL and a page that is gone.
 *
 * The first 100 items of the link report (`GET /v1/spaces/{id}/links?limit=100`) are read from outside,
 * over HTTP, body read to its end, and timed:
 * - cold after the import: the first read after an import into an empty space (2 imports, 2 samples);
 * - cold after one page changed: a commit editing one page, imported again, then the first read (2 samples);
 * - cold after a restart: the emulator stopped and started again on the same data directory (2 samples);
 * - warm: the reads after each cold one (3 each).
 * Each read is also given as the emulator's own CPU time (process.cpuUsage of its process before and after),
 * which the machine's load does not stretch as it does wall time.
 * Goal at 10,000 pages: ≤ 300 ms cold.
 *
 * Before and after, back to back in the same run: the emulator's sources at `--before` (default: the
 * commit before the link index was kept in the store; skipped when that commit is not in the clone, or
 * with `--no-before`) are extracted with `git archive` into a temporary directory and served exactly as
 * this checkout's: both from the TypeScript sources through tsx, each in its own child process with
 * its own data directory, so the ratio compares the code and nothing else.
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { Agent, request } from 'undici';
import type { SeedSpec } from '../src/emulator/seed/schema.js';
import { report, summarize } from './report.js';
import { scaleRepository } from './scale-seed.js';
import { spreadRepository } from './link-report-shape.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

/** The main commit before the link index was read a page at a time (363ab4b before it was kept in the store, 8210ed5 before the in-memory index). */
const BEFORE_REF = 'd7a02ab';
const TOKEN = 'link-report-admin-token';
const ORG = 'org_links';
const EMPTY_SPACE = 'space_links_empty';
const COLD_IMPORTS = 2;
const CHANGES = 2;
const RESTARTS = 2;
const WARM_READS = 3;
const GOAL_COLD_MS = 300;

const seed: SeedSpec = {
  users: [{ id: 'usr_links', displayName: 'Links Admin', email: 'links@example.com', tokens: [TOKEN] }],
  organizations: [
    {
      id: ORG,
      title: 'Links',
      members: [{ user: 'usr_links', role: 'admin' }],
      spaces: [{ id: EMPTY_SPACE, title: 'Imported from Git', pages: [] }],
    },
  ],
};

interface Ready {
  url: string;
}

/** The child: the emulator of the tree at `root` (its sources, through tsx), on `dataDir`. */
async function serve(root: string, dataDir: string): Promise<void> {
  const { startEmulator } = (await import(
    pathToFileURL(join(root, 'src', 'emulator', 'server.ts')).href
  )) as typeof import('../src/emulator/server.js');
  const { linkWork } = (await import(pathToFileURL(join(root, 'src', 'emulator', 'domain', 'links.ts')).href)) as {
    linkWork: { pagesScanned: number; storedPages?: number };
  };
  const emu = await startEmulator({ seed, dataDir, filesRoot: tmpdir(), rateLimit: 'off' });
  process.send!({ url: emu.url } satisfies Ready);
  process.on('message', (m) => {
    // The emulator's own CPU time, asked for before and after a request: wall time is bound by the machine's load.
    if (m === 'cpu') process.send!({ cpu: process.cpuUsage() });
    // What the link reports did so far: pages whose links were resolved, pages of reports read from the store's index.
    else if (m === 'work') process.send!({ work: { ...linkWork } });
    else void emu.close().then(() => process.exit(0));
  });
}

interface Emulator {
  url: string;
  /** The emulator process's CPU time so far (user + system), in ms. */
  cpu: () => Promise<number>;
  /** Pages whose links the emulator resolved so far, and pages of reports it read from the store's index. */
  work: () => Promise<{ pagesScanned: number; storedPages?: number }>;
  stop: () => Promise<void>;
}

async function start(root: string, dataDir: string): Promise<Emulator> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve', root, dataDir], { execArgv: process.execArgv });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`the emulator exited with ${code}`)));
  });
  return {
    url: ready.url,
    cpu: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m) => {
          const { user, system } = (m as { cpu: NodeJS.CpuUsage }).cpu;
          resolve((user + system) / 1000);
        });
        child.send('cpu');
      }),
    work: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve((m as { work: { pagesScanned: number; storedPages?: number } }).work));
        child.send('work');
      }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.connected) child.send('stop');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      await exited;
    },
  };
}

async function writeRepository(dir: string, files: Map<string, string>): Promise<void> {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  await run('git', ['init', '-q', '-b', 'main', dir]);
  await commitAll(dir, 'The pages');
}

async function commitAll(dir: string, message: string): Promise<void> {
  const git = (...args: string[]) => run('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], { cwd: dir });
  await git('add', '-A');
  await git('commit', '-q', '-m', message);
}

interface Samples {
  afterImport: number[];
  afterChange: number[];
  afterRestart: number[];
  warm: number[];
  /** The emulator's CPU time for the same requests (process.cpuUsage around each). */
  cpu: { afterImport: number[]; afterChange: number[]; afterRestart: number[]; warm: number[] };
  /** What the first read after each restart did: pages whose links it resolved, pages it read from the store's index. */
  afterRestartWork: { pagesScanned: number; storedPages?: number }[];
  /** The imports themselves (the indexing on write is part of them). */
  imports: number[];
  bytes: number;
}

const agent = new Agent({ headersTimeout: 300_000, bodyTimeout: 300_000 });

async function call(base: string, method: string, path: string, body?: unknown): Promise<{ ms: number; text: string }> {
  const t = performance.now();
  const res = await request(`${base}/v1${path}`, {
    method: method as 'GET',
    dispatcher: agent,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.body.text();
  const ms = performance.now() - t;
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 300)}`);
  return { ms, text };
}

/** Every figure of one tree on one repository. */
async function measure(root: string, repo: string, work: string): Promise<Samples> {
  const dataDir = mkdtempSync(join(work, 'data-'));
  let emu = await start(root, dataDir);
  const samples: Samples = {
    afterImport: [],
    afterChange: [],
    afterRestart: [],
    warm: [],
    cpu: { afterImport: [], afterChange: [], afterRestart: [], warm: [] },
    afterRestartWork: [],
    imports: [],
    bytes: 0,
  };
  try {
    const spaces: string[] = [];
    for (let i = 0; i < COLD_IMPORTS; i++) {
      const copy = JSON.parse((await call(emu.url, 'POST', `/spaces/${EMPTY_SPACE}/duplicate`)).text) as { id: string };
      spaces.push(copy.id);
    }
    /** The first 100 items, timed, with the emulator's CPU time for them put in `cpu`. */
    const links = async (space: string, cpu: number[]) => {
      const before = await emu.cpu();
      const res = await call(emu.url, 'GET', `/spaces/${space}/links?limit=100`);
      cpu.push((await emu.cpu()) - before);
      return res;
    };
    const gitImport = async (space: string) =>
      samples.imports.push((await call(emu.url, 'POST', `/spaces/${space}/git/import`, { url: repo, ref: 'refs/heads/main' })).ms);
    const warm = async (space: string) => {
      for (let i = 0; i < WARM_READS; i++) samples.warm.push((await links(space, samples.cpu.warm)).ms);
    };
    for (const space of spaces) {
      await gitImport(space);
      const cold = await links(space, samples.cpu.afterImport);
      samples.afterImport.push(cold.ms);
      samples.bytes = Buffer.byteLength(cold.text);
      await warm(space);
    }
    const space = spaces[0]!;
    for (let i = 0; i < CHANGES; i++) {
      const path = join(repo, 'f0', `p${10 + i}.md`);
      writeFileSync(path, `${readFileSync(path, 'utf8')}\n\nSee also [the draft](draft-${i}.md).`);
      await commitAll(repo, `Edit page ${10 + i}`);
      await gitImport(space);
      samples.afterChange.push((await links(space, samples.cpu.afterChange)).ms);
      await warm(space);
    }
    for (let i = 0; i < RESTARTS; i++) {
      await emu.stop();
      emu = await start(root, dataDir);
      samples.afterRestart.push((await links(space, samples.cpu.afterRestart)).ms);
      samples.afterRestartWork.push(await emu.work());
      await warm(space);
    }
  } finally {
    await emu.stop();
  }
  return samples;
}

/** The tree at `ref` (its sources and package.json, with this checkout's node_modules), or undefined. */
async function extract(ref: string, work: string): Promise<string | undefined> {
  try {
    await run('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: ROOT });
  } catch {
    return undefined;
  }
  const dir = join(work, `tree-${ref}`);
  mkdirSync(dir);
  await run('sh', ['-c', `git archive "${ref}" src package.json tsconfig.json | tar -x -C "${dir}"`], { cwd: ROOT });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

async function drive(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i < 0 ? undefined : args.splice(i, 2)[1];
  };
  const pages = Number(flag('--pages') ?? 10_000);
  const beforeRef = flag('--before') ?? BEFORE_REF;
  const noBefore = args.includes('--no-before');
  const only = flag('--shape');
  const jsonPath = flag('--json') ?? join(ROOT, 'bench', 'results', 'link-report.json');
  const work = mkdtempSync(join(tmpdir(), 'docs-bench-links-'));
  const results: Record<string, Record<string, Samples>> = {};
  try {
    const before = noBefore ? undefined : await extract(beforeRef, work);
    if (!noBefore && !before) console.log(`  ${beforeRef} is not in this clone: no before figures`);
    const trees: [string, string][] = [...(before ? [[`before (${beforeRef})`, before] as [string, string]] : []), ['after', ROOT]];
    const shapes = (
      [
        ['spread', () => spreadRepository(pages)],
        ['scale', () => scaleRepository(pages)],
      ] as const
    ).filter(([name]) => only === undefined || name === only);
    for (const [shape, filesOf] of shapes) {
      const files = filesOf();
      for (const [label, root] of trees) {
        // A fresh repository per run: the one-page changes commit into it.
        const repo = mkdtempSync(join(work, `repo-${shape}-`));
        await writeRepository(repo, files);
        console.log(`${shape} space, ${pages} pages, ${label}...`);
        const s = await measure(root, repo, work);
        (results[shape] ??= {})[label] = s;
        const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
        console.log(
          `  ${(s.bytes / 2 ** 20).toFixed(1)} MB; cold after import ${fmt(s.afterImport)}; after a change ${fmt(s.afterChange)}; ` +
            `after a restart ${fmt(s.afterRestart)}; warm median ${summarize(s.warm).median.toFixed(0)} ms; imports ${fmt(s.imports)}`,
        );
        console.log(
          `  emulator CPU: cold after import ${fmt(s.cpu.afterImport)}; after a change ${fmt(s.cpu.afterChange)}; ` +
            `after a restart ${fmt(s.cpu.afterRestart)}; warm median ${summarize(s.cpu.warm).median.toFixed(0)} ms`,
        );
        const done = s.afterRestartWork.map((w) => `${w.pagesScanned} pages resolved, ${w.storedPages ?? 'no'} read from the store`);
        console.log(`  the first read after each restart: ${done.join('; ')}`);
      }
      const byTree = results[shape]!;
      const rows: [string, (s: Samples) => number[], number | undefined][] = [
        ['cold after the import', (s) => s.afterImport, GOAL_COLD_MS],
        ['cold after one page changed', (s) => s.afterChange, GOAL_COLD_MS],
        ['cold after a restart', (s) => s.afterRestart, GOAL_COLD_MS],
        ['warm', (s) => s.warm, undefined],
        ['cold after the import, emulator CPU', (s) => s.cpu.afterImport, undefined],
        ['cold after one page changed, emulator CPU', (s) => s.cpu.afterChange, undefined],
        ['cold after a restart, emulator CPU', (s) => s.cpu.afterRestart, undefined],
        ['warm, emulator CPU', (s) => s.cpu.warm, undefined],
        ['the Git import itself', (s) => s.imports, undefined],
      ];
      for (const [what, of, goal] of rows) {
        const beforeSamples = before ? byTree[trees[0]![0]] : undefined;
        for (const [label] of trees) {
          const row = { what: `link report, first 100, ${pages} pages from Git (${shape}), ${what}, ${label}`, unit: 'ms' as const };
          const stats = summarize(of(byTree[label]!));
          if (label !== 'after' || !beforeSamples) {
            report({ ...row, ...stats, ...(label === 'after' && goal ? { goal: `≤ ${goal} ms`, met: stats.median <= goal } : {}) });
            continue;
          }
          report({
            ...row,
            ...stats,
            vs: 'before',
            ratio: stats.median / summarize(of(beforeSamples)).median,
            ...(goal ? { goal: `≤ ${goal} ms`, met: stats.median <= goal } : {}),
          });
        }
      }
    }
  } finally {
    await agent.close();
    rmSync(work, { recursive: true, force: true, maxRetries: 5 });
  }
  mkdirSync(dirname(jsonPath), { recursive: true });
  writeFileSync(jsonPath, `${JSON.stringify({ date: new Date().toISOString(), pages, results }, null, 2)}\n`);
  console.log(`written to ${jsonPath}`);
}

if (process.argv[2] === '--serve') await serve(process.argv[3]!, process.argv[4]!);
else await drive();
