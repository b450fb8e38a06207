/**
 * Start-up: what a user waits for before the first line.
 *
 *   node --import tsx bench/startup.ts [runs] [--before DIR]      (default 15; part of `npm run bench`)
 *
 * Every command runs as a new process, the commands interleaved round by round so that machine noise
 * falls on all of them alike: `node -e 0` (the floor), `rdme --version` and `rdme --help` (rdme, another
 * oclif CLI, pinned in bench/rdme/package-lock.json and installed there by this bench on its first run, not by
 * the project's `npm ci`), `docs --version`, `docs --help` and `docs spaces get <id> --json`
 * against an emulator running in its own process. Peak RSS of `docs spaces get` is read in separate runs
 * (process.resourceUsage at exit), so that the reading costs nothing in the timed ones.
 *
 * It runs on each Node.js it finds: the one running it, and Node.js 22, 24 and 26 where CI installed them
 * (.ci/runtimes/node<major>, `npm ci --prefix .ci/runtimes/node24`). Each runtime's rows compare commands
 * run by that runtime, all of them (rdme and `node -e 0` too), after one warm-up run each (which also
 * fills the compile cache that bin/run.js turns on from Node.js 22.1). The emulator runs on the first.
 * Needs `npm run build` first (bin/run.js loads dist/). `--before DIR` (or BENCH_BEFORE=DIR, which `npm run bench`
 * passes on) adds the `docs` commands of another built checkout (DIR/bin/run.js) to the same rounds, so every
 * ratio is printed before and after, measured in one run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, benchRuntimes, startEmulatorProcess } from './processes.js';
import { performance } from 'node:perf_hooks';
import { report, summarize } from './report.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = join(ROOT, 'bin', 'run.js');
const RDME_DIR = join(ROOT, 'bench', 'rdme');
const RDME = join(RDME_DIR, 'node_modules', 'rdme', 'bin', 'run.js');
const cli = process.argv.slice(2);
const beforeAt = cli.indexOf('--before');
const BEFORE = beforeAt === -1 ? process.env.BENCH_BEFORE || undefined : cli[beforeAt + 1];
if (beforeAt !== -1) cli.splice(beforeAt, 2);
const RUNS = Number(cli[0] ?? 15);
if (BEFORE !== undefined && !existsSync(join(BEFORE, 'dist', 'bin', 'main.mjs'))) {
  process.stderr.write(`bench/startup: --before ${BEFORE} has no build (dist/bin/main.mjs)\n`);
  process.exit(2);
}
const SPACE = 'space_guides';
const runtimes = benchRuntimes(ROOT);

if (!existsSync(join(ROOT, 'dist', 'bin', 'main.mjs'))) {
  process.stderr.write('bench/startup: run `npm run build` first\n');
  process.exit(2);
}
// The anchor is only the benchmark's: it is installed here, from its own lockfile, the first time. Its output is
// shown only if it fails (on Node.js 20, npm warns that one of rdme's dependencies asks for Node.js 22; rdme's
// --version and --help run on 20 all the same).
if (!existsSync(RDME)) {
  console.log('bench/startup: installing rdme (the anchor) into bench/rdme with npm ci');
  const install = spawnSync('npm', ['ci', '--prefix', RDME_DIR, '--no-audit', '--no-fund'], { encoding: 'utf8' });
  if (install.status !== 0 || !existsSync(RDME)) {
    process.stderr.write(`${install.stdout}${install.stderr}bench/startup: installing rdme into bench/rdme failed\n`);
    process.exit(2);
  }
}

const home = mkdtempSync(join(tmpdir(), 'docs-bench-startup-'));
const { url, child: emulator } = await startEmulatorProcess(DOCS);

// The same clean environment for every command: no profile, no update checks reaching the network.
const env = benchEnv(url, home, { RDME_SKIP_UPDATE_CHECK: '1' });

const docsCommands = (bin: string, suffix: string): Record<string, string[]> => ({
  [`docs --version${suffix}`]: [bin, '--version'],
  [`docs --help${suffix}`]: [bin, '--help'],
  [`docs spaces get ${SPACE} --json${suffix}`]: [bin, 'spaces', 'get', SPACE, '--json'],
});
const commands: Record<string, string[]> = {
  'node -e 0': ['-e', '0'],
  'rdme --version': [RDME, '--version'],
  'rdme --help': [RDME, '--help'],
  ...docsCommands(DOCS, ''),
  ...(BEFORE ? docsCommands(join(BEFORE, 'bin', 'run.js'), ' (before)') : {}),
};
/** The help on a pseudo-terminal, through script(1) where the machine has it (util-linux). */
const SCRIPT = ['/usr/bin/script', '/bin/script'].find((path) => existsSync(path));
const onTerminal = (args: string[]) => ['-qec', args.map((arg) => `'${arg}'`).join(' '), '/dev/null'];
const TERMINAL = '\u0000terminal';
if (SCRIPT) {
  commands['rdme --help, terminal'] = [TERMINAL, RDME, '--help'];
  commands['docs --help, terminal'] = [TERMINAL, DOCS, '--help'];
  if (BEFORE) commands['docs --help, terminal (before)'] = [TERMINAL, join(BEFORE, 'bin', 'run.js'), '--help'];
}

function once(node: string, args: string[]): number {
  // A command named with TERMINAL first runs on a pseudo-terminal (script(1)), as a person at a terminal runs it.
  const terminal = args[0] === TERMINAL;
  const [exe, argv, extra] = terminal ? [SCRIPT!, onTerminal([node, ...args.slice(1)]), { TERM: 'xterm-256color' }] : [node, args, {}];
  const started = performance.now();
  const res = spawnSync(exe, argv, { env: { ...env, ...extra }, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - started;
  if (res.status !== 0) throw new Error(`${args.join(' ')} exited with ${res.status}: ${String(res.stderr)}`);
  return ms;
}

/** The rows of one runtime: every command timed `RUNS` times, interleaved, and the peak RSS of the request. */
function bench(node: string, label: string): void {
  // One warm-up each: the first run of a command pays for the disk cache, the compile cache and rdme's first-run files.
  for (const args of Object.values(commands)) once(node, args);
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (let round = 0; round < RUNS; round++) {
    for (const [name, args] of Object.entries(commands)) times[name]!.push(once(node, args));
  }

  const rssFile = join(home, 'rss');
  const preload = join(home, 'rss.mjs');
  writeFileSync(
    preload,
    `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`,
  );
  const peaks = (bin: string) => {
    const rss: number[] = [];
    for (let i = 0; i < Math.min(RUNS, 10); i++) {
      once(node, ['--import', preload, bin, 'spaces', 'get', SPACE, '--json']);
      rss.push(Number(readFileSync(rssFile, 'utf8')) / 1024);
    }
    return rss;
  };
  const rss = peaks(DOCS);
  const rssBefore = BEFORE ? peaks(join(BEFORE, 'bin', 'run.js')) : undefined;

  const med = (name: string) => summarize(times[name]!).median;
  const row = (what: string, vs: string | undefined, goal?: number) => {
    const s = summarize(times[what]!);
    const ratio = vs ? s.median / med(vs) : undefined;
    report({
      what: `${label}: ${what}`,
      unit: 'ms',
      ...s,
      ...(vs ? { vs, ratio } : {}),
      ...(goal !== undefined && ratio !== undefined ? { goal: `≤ ${goal}×`, met: ratio <= goal } : {}),
    });
  };
  // The goals of issue 25: the version near bare Node.js on the same runtime, the help and a request well
  // under another oclif CLI's.
  row('node -e 0', undefined);
  row('rdme --version', 'node -e 0');
  row('rdme --help', 'node -e 0');
  if (SCRIPT) row('rdme --help, terminal', 'node -e 0');
  for (const suffix of BEFORE ? ['', ' (before)'] : ['']) {
    row(`docs --version${suffix}`, 'node -e 0', 1.5);
    row(`docs --help${suffix}`, 'rdme --help', 0.6);
    if (SCRIPT) row(`docs --help, terminal${suffix}`, 'rdme --help, terminal', 0.6);
    row(`docs spaces get ${SPACE} --json${suffix}`, 'rdme --version', 0.8);
  }
  for (const [suffix, peak] of [['', rss], ...(rssBefore ? [[' (before)', rssBefore]] : [])] as [string, number[]][]) {
    const r = summarize(peak);
    report({ what: `${label}: docs spaces get ${SPACE} --json, peak RSS${suffix}`, unit: 'MB', ...r, goal: '≤ 80 MB', met: r.max <= 80 });
  }
}

try {
  for (const { node, version } of runtimes) bench(node, `Node.js ${version.slice(1)}`);
} finally {
  emulator.kill('SIGTERM');
  rmSync(home, { recursive: true, force: true });
}
