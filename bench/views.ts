/**
 * How soon the interactive views show something, as a person at a terminal sees it.
 *
 *   node --import tsx bench/views.ts [runs]      (part of npm run bench; needs npm run build first)
 *
 * `docs cr review` and `docs spaces browse` run on a pseudo-terminal (@lydell/node-pty) against a local
 * emulator. Two times from the start of the process: the first frame (the view's title and its
 * loading line are on the terminal) and the first full screen (the change request list, or the
 * organizations, drawn with their data). In the same run: `docs --version` and `docs cr list --json`,
 * which the goals compare with: the first frame within 1.5× `docs --version`, the first full screen
 * within 2× `docs cr list --json`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { spawn } from '@lydell/node-pty';
import { startEmulator } from '../src/emulator/index.js';
import { report, summarize, timeRuns } from './report.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'run.js');
const RUNS = Number(process.argv[2] ?? 11);

if (!existsSync(join(ROOT, 'dist', 'index.js'))) {
  process.stderr.write('bench/views: run `npm run build` first\n');
  process.exit(2);
}

// Escape sequences out, so that the text a view drew can be searched for.
// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001B\[[0-9;?]*[ -/]*[@-~]|\u001B[()][0-9A-B]|\u001B[=>]/g, '');

/** One run of a view: milliseconds to its first frame and to `full` on the screen, then q to quit. */
function timeView(args: string[], env: NodeJS.ProcessEnv, full: string): Promise<{ frame: number; full: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const pty = spawn(process.execPath, [BIN, ...args], {
      name: 'xterm-256color',
      cols: 100,
      rows: 30,
      cwd: ROOT,
      env: env,
    });
    let output = '';
    let frame: number | undefined;
    let shown: number | undefined;
    const timer = setTimeout(() => {
      pty.kill();
      reject(new Error(`bench/views: ${args.join(' ')} showed no "${full}" in 20 s:\n${plain(output)}`));
    }, 20_000);
    pty.onData((data) => {
      output += data;
      const text = plain(output);
      if (frame === undefined && text.includes('Loading…')) frame = performance.now() - started;
      if (shown === undefined && text.includes(full)) {
        shown = performance.now() - started;
        pty.write('q');
        setTimeout(() => pty.write('qqqq'), 200);
      }
    });
    pty.onExit(() => {
      clearTimeout(timer);
      if (frame === undefined || shown === undefined) reject(new Error(`bench/views: ${args.join(' ')} exited early:\n${plain(output)}`));
      else resolve({ frame: Math.min(frame, shown), full: shown });
    });
  });
}

const emu = await startEmulator({ seed: 'demo' });
const home = mkdtempSync(join(tmpdir(), 'docs-bench-'));
const env = {
  PATH: process.env.PATH,
  HOME: home,
  DOCS_CONFIG_DIR: home,
  DOCS_TOKEN: 'demo-admin-token',
  DOCS_API_URL: emu.url,
  TERM: 'xterm-256color',
};
try {
  console.log(`interactive views on a pseudo-terminal, ${RUNS} runs each (medians):`);
  const version = summarize(await timeRuns([BIN, '--version'], env, RUNS));
  const list = summarize(await timeRuns([BIN, 'cr', 'list', '--space', 'space_guides', '--json'], env, RUNS));
  console.log(`  docs --version ${version.median.toFixed(0)} ms, docs cr list --json ${list.median.toFixed(0)} ms`);
  for (const [name, args, full] of [
    ['docs cr review', ['cr', 'review', '--space', 'space_guides'], 'Document Windows'],
    ['docs spaces browse', ['spaces', 'browse'], 'Acme Docs'],
  ] as const) {
    const frames: number[] = [];
    const fulls: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = await timeView([...args], env, full);
      frames.push(t.frame);
      fulls.push(t.full);
    }
    const frame = summarize(frames);
    const shown = summarize(fulls);
    console.log(`  ${name}: first frame ${frame.median.toFixed(0)} ms, first full screen ${shown.median.toFixed(0)} ms`);
    const frameRatio = frame.median / version.median;
    const fullRatio = shown.median / list.median;
    report({
      what: `${name}: first frame`,
      unit: 'ms',
      ...frame,
      vs: 'docs --version',
      ratio: frameRatio,
      goal: '≤ 1.5×',
      met: frameRatio <= 1.5,
    });
    report({
      what: `${name}: first full screen`,
      unit: 'ms',
      ...shown,
      vs: 'docs cr list --json',
      ratio: fullRatio,
      goal: '≤ 2×',
      met: fullRatio <= 2,
    });
  }
} finally {
  await emu.close();
  rmSync(home, { recursive: true, force: true });
}
