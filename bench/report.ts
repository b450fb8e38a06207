/**
 * One row of the table `npm run bench` prints at the end. A sub-bench calls `report(row)` for each
 * figure; bench/run.ts passes a file in BENCH_RESULTS and reads the rows back after every sub-bench
 * has run. Run on its own (no BENCH_RESULTS) a sub-bench prints its rows itself.
 */
import { execFile } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';

export interface BenchRow {
  /** What was measured, e.g. `docs --version`. */
  what: string;
  unit: 'ms' | 'req/s' | 'MB' | 's';
  median: number;
  min: number;
  max: number;
  runs: number;
  /** The comparison measured in the same run, and this figure's median divided by its median. */
  vs?: string;
  ratio?: number;
  /** The goal, as the issue states it (e.g. `≤ 0.6×`), and whether this run met it. */
  goal?: string;
  met?: boolean;
}

export function summarize(samples: number[]): { median: number; min: number; max: number; runs: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: sorted.length };
}

const standalone: BenchRow[] = [];

export function report(row: BenchRow): void {
  const file = process.env.BENCH_RESULTS;
  if (file) return appendFileSync(file, `${JSON.stringify(row)}\n`);
  if (standalone.length === 0) process.on('exit', () => console.log(formatTable(standalone)));
  standalone.push(row);
}

const num = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

export function formatTable(rows: BenchRow[]): string {
  const cells = rows.map((r) => [
    r.what,
    `${num(r.median)} ${r.unit}`,
    `${num(r.min)}–${num(r.max)}`,
    String(r.runs),
    r.vs ?? '',
    r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}×`,
    r.goal ?? '',
    r.met === undefined ? '' : r.met ? 'yes' : 'no',
  ]);
  const head = ['what', 'median', 'min–max', 'runs', 'compared with', 'ratio', 'goal', 'met'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((s, i) => s.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

const run = promisify(execFile);

/**
 * The wall time of `node <args>`, `runs` times one after the other, in milliseconds. Asynchronous, so that
 * an emulator in the bench's own process keeps answering while the command runs.
 */
export async function timeRuns(args: string[], env: NodeJS.ProcessEnv, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(process.execPath, args, { env, encoding: 'utf8' });
    times.push(performance.now() - started);
  }
  return times;
}
