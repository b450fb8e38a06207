/**
 * Pulling a 1,000-page space under the service's documented rate limit, against the ideal:
 *
 *   npm run bench:rate-limit      (or: node --import tsx bench/rate-limit.ts [pages] ; build first)
 *
 * The built emulator serves bench/scale-seed.ts's space with `--rate-limit 60/1m` (BENCH_RATE_LIMIT changes it,
 * e.g. `60/1s` for a quick look) and its request log; `docs spaces pull` runs as a process against it. The ideal is
 * what the limit allows at best: requests ÷ limit × window. The windows are aligned to the clock, so a run that starts
 * late in a window gets that window's whole count early and can come in under the ideal; one whose requests spill
 * into one more window pays for it. Reported: wall time and its ratio to the ideal (the goal: ≤ 1.3×), the
 * requests, the 429s the log shows and the windows they used. At 60 a minute this takes about 17 minutes.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { report } from './report.js';
import { SCALE_SPACE, SCALE_TOKEN, scaleSeed } from './scale-seed.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const pages = Number(process.argv[2] ?? 1000);
const spec = process.env.BENCH_RATE_LIMIT ?? '60/1m';
const match = /^(\d+)\/(\d+)([smh])$/.exec(spec);
if (!match) throw new Error(`BENCH_RATE_LIMIT: expected N/DURATION such as 60/1m, got ${spec}`);
const limit = Number(match[1]);
const windowMs = Number(match[2]) * { s: 1000, m: 60_000, h: 3_600_000 }[match[3] as 's' | 'm' | 'h'];

const { startEmulator } = (await import(
  pathToFileURL(join(ROOT, 'dist', 'emulator', 'server.js')).href
)) as typeof import('../src/emulator/server.js');
const work = mkdtempSync(join(tmpdir(), 'docs-bench-rate-'));
const log = join(work, 'requests.jsonl');
const emulator = await startEmulator({ seed: scaleSeed({ pages, comments: 0 }), rateLimit: spec, log });
try {
  const env = { ...process.env, DOCS_CONFIG_DIR: join(work, 'config'), DOCS_TOKEN: SCALE_TOKEN, DOCS_API_URL: emulator.url };
  console.log(`pulling ${pages} pages at ${limit} requests a window of ${windowMs / 1000} s (ideal: requests ÷ limit × window)…`);
  const t0 = performance.now();
  const { stdout } = await run(
    process.execPath,
    [join(ROOT, 'bin', 'run.js'), 'spaces', 'pull', SCALE_SPACE, join(work, 'out'), '--json'],
    {
      env,
      maxBuffer: 64 * 2 ** 20,
    },
  );
  const wallS = (performance.now() - t0) / 1000;
  const pulled = (JSON.parse(stdout) as { pages: number }).pages;
  if (pulled < pages) throw new Error(`pulled ${pulled} pages of ${pages}`);
  const entries = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { path: string; status: number; window?: number })
    .filter((e) => e.path.startsWith('/v1/'));
  const answered = entries.filter((e) => e.status !== 429).length;
  const refused = entries.length - answered;
  const windows = new Set(entries.map((e) => e.window)).size;
  const idealS = ((answered / limit) * windowMs) / 1000;
  console.log(
    `${answered} requests answered, ${refused} refused (429) in ${windows} windows; ${wallS.toFixed(1)} s against an ideal of ${idealS.toFixed(1)} s (${(wallS / idealS).toFixed(2)}×)`,
  );
  report({
    what: `spaces pull, ${pages} pages at ${spec} (${refused} × 429, ${windows} windows)`,
    unit: 's',
    median: Number(wallS.toFixed(1)),
    min: Number(wallS.toFixed(1)),
    max: Number(wallS.toFixed(1)),
    runs: 1,
    vs: 'ideal: requests ÷ limit × window',
    ratio: Number((wallS / idealS).toFixed(2)),
    goal: '≤ 1.3×',
    met: wallS / idealS <= 1.3,
  });
} finally {
  await emulator.close();
  rmSync(work, { recursive: true, force: true });
}
