/**
 * What each dependency patch of bin/bundle.js saves, on the command it is for.
 *
 *   node --import tsx bench/patches.ts [rounds] [--only a,b] [--parts command,oclif,views] [--node PATH,...]
 *   (npm run bench:patches)
 *
 * The bundle is built once as `npm run build` builds it and once per patch with that one patch left out
 * (bin/bundle.js's DOCS_BUNDLE_WITHOUT and DOCS_BUNDLE_OUT), each into a tree of its own under a temporary
 * directory: bin/run.js and bin/manifest.js copied, package.json, oclif.manifest.json, dist/help and dist/manifest
 * copied from this checkout's build (so `npm run build` first), node_modules linked. A build that comes out the same as
 * the full one (the same files, source maps aside) is reported as such and not timed: the patch changes nothing. Then each patch's command runs, the full build
 * and every build without a patch in turn, round after round (the order turned each round), after one warm-up each
 * (which fills the compile cache that bin/run.js turns on from Node.js 22.1):
 * - a patch of the request path: `docs spaces get <id> --json` against an emulator (its own process); for oclif's,
 *   also oclif's start-up alone (its vendor script required and Config.load, with the command's part of the manifest
 *   as a request has it, and with the whole one as the help has it), where a few milliseconds are not lost in the noise;
 * - a patch of the views: `docs cr review` and `docs spaces browse` on a pseudo-terminal (as bench/views.ts), to the
 *   first frame and to the first full screen.
 * Each run's CPU time (user + system, process.cpuUsage() of the command's own process, read by a preload at exit, or
 * for a view when it writes its first full screen) and its wall time are kept. Printed per patch and runtime: the
 * medians of both builds and the median of the per-round differences (without the patch − full build), which a
 * loaded machine moves less than it moves either median. Runs on each Node.js of --node (default: the one running
 * it, and Node.js 26 where CI installed it, .ci/runtimes/node26); the emulator runs on the one running it.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { benchEnv, startEmulatorProcess, timeView } from './processes.js';
import { summarize } from './report.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const cli = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = cli.indexOf(name);
  if (at === -1) return undefined;
  const [, value] = cli.splice(at, 2);
  return value;
};
const ONLY = option('--only')?.split(',');
const PARTS = option('--parts')?.split(',') ?? ['command', 'oclif', 'views'];
const NODES = option('--node')?.split(',') ?? [
  process.execPath,
  ...[join(ROOT, '.ci', 'runtimes', 'node26', 'node_modules', 'node', 'bin', 'node')].filter((node) => existsSync(node)),
];
const ROUNDS = Number(cli[0] ?? 15);
const SPACE = 'space_guides';

/** Each patch of bin/bundle.js (its names there) and what it is for. */
const REQUEST = 'request';
const VIEWS = 'views';
const PATCHES: Record<string, typeof REQUEST | typeof VIEWS> = {
  'oclif-lazy-requires': REQUEST,
  'undici-lazy-h2': REQUEST,
  'oclif-node-check': REQUEST,
  'oclif-debug': REQUEST,
  'oclif-wsl': REQUEST,
  'oclif-read-json': REQUEST,
  'oclif-sort': REQUEST,
  'oclif-manifest-path': REQUEST,
  'yoga-fetch': VIEWS,
  'string-width-narrow': VIEWS,
};
const patches = Object.keys(PATCHES).filter((name) => !ONLY || ONLY.includes(name));
if (ONLY)
  for (const name of ONLY)
    if (!PATCHES[name]) throw new Error(`bench/patches: no patch named ${name} (${Object.keys(PATCHES).join(', ')})`);

if (!existsSync(join(ROOT, 'dist', 'manifest', 'index.json')) || !existsSync(join(ROOT, 'oclif.manifest.json'))) {
  process.stderr.write('bench/patches: run `npm run build` first\n');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'docs-bench-patches-'));

/** A tree that runs like this checkout, with its bundle built without `without` (nothing: the full build). */
function tree(name: string, without?: string): string {
  const root = join(work, name);
  mkdirSync(join(root, 'bin'), { recursive: true });
  mkdirSync(join(root, 'dist'), { recursive: true });
  for (const file of ['bin/run.js', 'bin/manifest.js', 'package.json', 'oclif.manifest.json'])
    copyFileSync(join(ROOT, file), join(root, file));
  for (const dir of ['help', 'manifest']) cpSync(join(ROOT, 'dist', dir), join(root, 'dist', dir), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  const built = spawnSync(process.execPath, [join(ROOT, 'bin', 'bundle.js')], {
    cwd: ROOT,
    env: { ...process.env, DOCS_BUNDLE_OUT: join(root, 'dist', 'bin'), DOCS_BUNDLE_WITHOUT: without ?? '' },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`bench/patches: the build without ${without} failed:\n${built.stderr}`);
  return root;
}

/** The files of a build (their names carry their content's hash) and the text of its entry points. */
function fingerprint(root: string): string {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
  return files(join(root, 'dist', 'bin'))
    .filter((f) => !f.endsWith('.map'))
    .map((f) => `${relative(root, f)}\n${readFileSync(f, 'utf8')}`)
    .sort()
    .join('\n');
}

console.log(`bench/patches: building the bundle ${patches.length + 1} times into ${work}`);
const full = tree('full');
const fullPrint = fingerprint(full);
const trees: Record<string, string> = {};
for (const name of patches) {
  const root = tree(name, name);
  // Leaving it out changes nothing that runs: nothing to time.
  if (fingerprint(root) === fullPrint) console.log(`  without ${name}: the same build as the full one (the patch changes nothing)`);
  else trees[name] = root;
}
const timed = patches.filter((name) => trees[name]);

const home = join(work, 'home');
mkdirSync(home);
const { url, child: emulator } = await startEmulatorProcess(join(ROOT, 'bin', 'run.js'));
const env = benchEnv(url, home);

// The preload reads the command's CPU time at exit, or, given a text, when the command first writes it to stdout
// (a view's full screen: Ink writes a frame in one write). It writes nothing else and loads nothing.
const cpuFile = join(work, 'cpu');
const preload = join(work, 'cpu.cjs');
writeFileSync(
  preload,
  [
    `const file = ${JSON.stringify(cpuFile)};`,
    'const mark = process.env.BENCH_PATCHES_MARK; let done = false;',
    "const keep = () => { if (done) return; done = true; const u = process.cpuUsage(); require('node:fs').writeFileSync(file, String((u.user + u.system) / 1000)); };",
    'if (mark) { const write = process.stdout.write; process.stdout.write = function (chunk, ...rest) { if (String(chunk).includes(mark)) keep(); return write.call(this, chunk, ...rest); }; }',
    "process.on('exit', keep);",
  ].join('\n'),
);
const readCpu = (): number => {
  const cpu = Number(readFileSync(cpuFile, 'utf8'));
  rmSync(cpuFile);
  return cpu;
};

interface Sample {
  cpu: number;
  wall: number;
  frame?: number;
}

function request(node: string, root: string): Sample {
  const started = performance.now();
  const res = spawnSync(node, ['--require', preload, join(root, 'bin', 'run.js'), 'spaces', 'get', SPACE, '--json'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const wall = performance.now() - started;
  if (res.status !== 0) throw new Error(`spaces get (${root}) exited with ${res.status}: ${String(res.stderr)}`);
  return { cpu: readCpu(), wall };
}

const VIEW_RUNS = [
  ['cr review', ['cr', 'review', '--space', SPACE], 'Document Windows'],
  ['spaces browse', ['spaces', 'browse'], 'Acme Docs'],
] as const;

/** A view on a pseudo-terminal: wall time to its first frame and to its first full screen, CPU time to that screen. */
async function view(node: string, root: string, args: readonly string[], full: string): Promise<Sample> {
  const viewEnv = { ...env, NO_COLOR: undefined, TERM: 'xterm-256color', BENCH_PATCHES_MARK: full };
  const t = await timeView({
    name: 'bench/patches',
    node,
    args: ['--require', preload, join(root, 'bin', 'run.js'), ...args],
    cwd: root,
    env: viewEnv,
    full,
  });
  return { cpu: readCpu(), wall: t.full, frame: t.frame };
}

// oclif's own start-up alone, in a process of its own: its vendor script required and its configuration loaded, as a
// command's start does (bin/run.js names the command's part of the manifest; the help and a topic load the whole one).
// A tenth of a command's time, so a few milliseconds show through the noise of a loaded machine that hides them in the
// whole command's.
const oclifScript = join(work, 'oclif-alone.cjs');
writeFileSync(
  oclifScript,
  [
    'const [vendor, root, part] = process.argv.slice(2);',
    'globalThis.oclif = { enableAutoTranspile: false };',
    'if (part) globalThis.docsCommandManifest = part;',
    'const started = process.cpuUsage();',
    'const { Config } = require(vendor);',
    'Config.load({ root }).then((config) => {',
    "  if (!config.commandIDs.includes('spaces:get')) throw new Error('no spaces:get');",
    '  const u = process.cpuUsage(started);',
    "  require('node:fs').writeFileSync(" + 'process.env.BENCH_PATCHES_CPU, String((u.user + u.system) / 1000));',
    '});',
  ].join('\n'),
);
function oclifAlone(node: string, root: string, whole: boolean): Sample {
  const vendor = join(root, 'dist', 'bin', 'vendor');
  const script = join(
    vendor,
    readdirSync(vendor).find((f) => /^oclif-\w+\.cjs$/.test(f))!,
  );
  const part = whole ? [] : [join(root, 'dist', 'manifest', 'spaces get.json')];
  const started = performance.now();
  const res = spawnSync(node, [oclifScript, script, root, ...part], {
    env: { ...env, BENCH_PATCHES_CPU: cpuFile },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const wall = performance.now() - started;
  if (res.status !== 0) throw new Error(`oclif alone (${root}) exited with ${res.status}: ${String(res.stderr)}`);
  return { cpu: readCpu(), wall };
}

const median = (xs: number[]) => summarize(xs).median;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const signed = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)} ms`;

/** Rounds of `run` over the full build and the builds without `names`, interleaved; prints one line per patch and figure. */
async function compare(label: string, names: string[], run: (root: string) => Sample | Promise<Sample>): Promise<void> {
  if (names.length === 0) return;
  const builds = ['full', ...names];
  const roots: Record<string, string> = { full, ...trees };
  for (const name of builds) await run(roots[name]!);
  const samples: Record<string, Sample[]> = Object.fromEntries(builds.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = builds.map((_, i) => builds[(i + round) % builds.length]!);
    for (const name of order) samples[name]!.push(await run(roots[name]!));
  }
  const figures: [string, (s: Sample) => number | undefined][] = [
    ['CPU', (s) => s.cpu],
    ['wall', (s) => s.wall],
    ['first frame', (s) => s.frame],
  ];
  console.log(`  ${label}, ${ROUNDS} rounds: the full build, then each build without one patch (median; per-round difference)`);
  for (const [figure, of] of figures) {
    const base = samples.full!.map(of);
    if (base[0] === undefined) continue;
    console.log(`    ${figure}: full build ${ms(median(base as number[]))}`);
    for (const name of names) {
      const values = samples[name]!.map(of) as number[];
      const diffs = values.map((v, i) => v - (base[i] as number));
      const sorted = [...diffs].sort((x, y) => x - y);
      const quartile = (q: number) => sorted[Math.round(q * (sorted.length - 1))]!;
      console.log(
        `      without ${name.padEnd(22)} ${ms(median(values)).padStart(9)}   ${signed(median(diffs)).padStart(9)}  (middle half ${signed(quartile(0.25))} to ${signed(quartile(0.75))})`,
      );
    }
  }
}

try {
  for (const node of NODES) {
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    console.log(
      `Node.js ${version} (load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')})`,
    );
    await compare(
      `docs spaces get ${SPACE} --json`,
      timed.filter((name) => PATCHES[name] === REQUEST && PARTS.includes('command')),
      (root) => request(node, root),
    );
    const ofOclif = timed.filter((name) => name.startsWith('oclif-') && PARTS.includes('oclif'));
    await compare("oclif's vendor script and Config.load, a command's part of the manifest", ofOclif, (root) =>
      oclifAlone(node, root, false),
    );
    await compare("oclif's vendor script and Config.load, the whole manifest (the help's)", ofOclif, (root) =>
      oclifAlone(node, root, true),
    );
    for (const [label, args, shown] of VIEW_RUNS) {
      await compare(
        `docs ${label}, to its first full screen`,
        timed.filter((name) => PATCHES[name] === VIEWS && PARTS.includes('views')),
        (root) => view(node, root, args, shown),
      );
    }
  }
} finally {
  emulator.kill();
  rmSync(work, { recursive: true, force: true });
}
