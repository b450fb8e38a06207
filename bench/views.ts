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
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../src/emulator/index.js';
import { timeView } from './processes.js';
import { report, summarize, timeRuns } from './report.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'run.js');
const RUNS = Number(process.argv[2] ?? 11);

if (!existsSync(join(ROOT, 'dist', 'index.js'))) {
  process.stderr.write('bench/views: run `npm run build` first\n');
  process.exit(2);
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
      const t = await timeView({ name: 'bench/views', node: process.execPath, args: [BIN, ...args], cwd: ROOT, env, full });
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
