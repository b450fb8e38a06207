/**
 * Every benchmark, one after the other: `npm run bench` (build first: `npm run build`). With BENCH_BEFORE=DIR (another
 * built checkout) the start-up and paging benches also run its `docs` in the same rounds: every ratio before and after.
 * Each sub-bench prints its own details as it goes and reports its figures (bench/report.ts); at the
 * end one table lists every figure: median, min–max over the runs, and its ratio to the comparison
 * measured in the same run. See the header comment of each file for what it measures.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable, type BenchRow } from './report.js';

// rate-limit.ts runs for real at the service's 60 requests a minute: about 17 minutes of the run.
const benches = [
  'startup.ts',
  'paging.ts',
  'emulator-throughput.ts',
  'cli.ts',
  'views.ts',
  'mcp.ts',
  'scale.ts',
  'link-report.ts',
  'git-status.ts',
  'rate-limit.ts',
  'backup.ts',
];
const dir = mkdtempSync(join(tmpdir(), 'docs-bench-'));
const results = join(dir, 'results.jsonl');
let failed = false;
try {
  for (const file of benches) {
    console.log(`\n== bench/${file}`);
    const res = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(file, import.meta.url))], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_RESULTS: results },
    });
    if (res.status !== 0) failed = true;
  }
  const rows = existsSync(results)
    ? readFileSync(results, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as BenchRow)
    : [];
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `\n== results (${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node.js ${process.version}, ${process.platform}-${process.arch})`,
  );
  console.log(formatTable(rows));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
