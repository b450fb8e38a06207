/**
 * `docs orgs backup` of an organization of 50 spaces × 100 pages, each with 2 files:
 *
 *   npm run bench:backup      (or: node --import tsx bench/backup.ts [spaces] [pages] ; build first)
 *
 * Reported: the first backup (time, requests the emulator's log counts), the second, unchanged run (its requests
 * must be at most spaces + the listing), and, unless BENCH_BACKUP_LIMITED=0, the first backup again under the rate
 * limit of 600 a minute (BENCH_BACKUP_RATE changes it) against the ideal: requests ÷ limit × window. At 600 a
 * minute that part takes about 9 minutes.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { report } from './report.js';
import type { SeedSpec } from '../src/emulator/seed/schema.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const SPACES = Number(process.argv[2] ?? 50);
const PAGES = Number(process.argv[3] ?? 100);
const TOKEN = 'backup-bench-token';
const rate = process.env.BENCH_BACKUP_RATE ?? '600/1m';

function seed(): SeedSpec {
  return {
    users: [{ id: 'usr_admin', displayName: 'Admin', email: 'admin@bench.test', tokens: [TOKEN] }],
    organizations: [
      {
        id: 'org_bench',
        title: 'Bench',
        members: [{ user: 'usr_admin', role: 'admin' }],
        collections: [{ id: 'col_docs', title: 'Docs' }],
        spaces: Array.from({ length: SPACES }, (_, s) => ({
          id: `space_${s}`,
          title: `Space ${s}`,
          collection: 'col_docs',
          pages: Array.from({ length: PAGES }, (_, p) => ({
            id: `pg_${s}_${p}`,
            title: `Page ${p}`,
            markdown: `Page ${p} of space ${s}.\n\n![Diagram](.gitbook/assets/diagram-${p % 2}.svg)\n\nNext: [page ${p + 1}](page-${p + 1}.md).\n`,
          })),
          files: [0, 1].map((f) => ({
            id: `file_${s}_${f}`,
            name: `diagram-${f}.svg`,
            contentType: 'image/svg+xml',
            text: `<svg xmlns="http://www.w3.org/2000/svg" width="${f + 1}" height="1"/>`,
          })),
        })),
      },
    ],
  };
}

const { startEmulator } = (await import(
  pathToFileURL(join(ROOT, 'dist', 'emulator', 'server.js')).href
)) as typeof import('../src/emulator/server.js');

async function backupOnce(
  url: string,
  dir: string,
  log: string,
): Promise<{ ms: number; requests: number; listing: number; refused: number; windows: number }> {
  const lines = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);
  const before = lines().length;
  const env = { ...process.env, DOCS_CONFIG_DIR: join(dir, '..', 'config'), DOCS_TOKEN: TOKEN, DOCS_API_URL: url };
  const t0 = performance.now();
  await run(process.execPath, [join(ROOT, 'bin', 'run.js'), 'orgs', 'backup', 'org_bench', dir, '--json'], {
    env,
    maxBuffer: 64 * 2 ** 20,
  });
  const ms = performance.now() - t0;
  const entries = lines()
    .slice(before)
    .map((l) => JSON.parse(l) as { path: string; status: number; window?: number })
    .filter((e) => e.path.startsWith('/v1/'));
  const refused = entries.filter((e) => e.status === 429).length;
  // The listing: what is not a space's content (the organization, its spaces, collections and sites).
  const listing = entries.filter((e) => e.status !== 429 && !/\/content\b/.test(e.path)).length;
  return { ms, requests: entries.length - refused, listing, refused, windows: new Set(entries.map((e) => e.window)).size };
}

const work = mkdtempSync(join(tmpdir(), 'docs-bench-backup-'));
try {
  const log = join(work, 'requests.jsonl');
  const emulator = await startEmulator({ seed: seed(), log });
  try {
    const first = await backupOnce(emulator.url, join(work, 'a'), log);
    console.log(`first backup: ${(first.ms / 1000).toFixed(2)} s, ${first.requests} requests`);
    const second = await backupOnce(emulator.url, join(work, 'a'), log);
    console.log(`second, unchanged: ${(second.ms / 1000).toFixed(2)} s, ${second.requests} requests`);
    const listing = first.listing;
    report({
      what: `orgs backup, ${SPACES} spaces × ${PAGES} pages + 2 files (${first.requests} requests)`,
      unit: 'ms',
      median: Math.round(first.ms),
      min: Math.round(first.ms),
      max: Math.round(first.ms),
      runs: 1,
    });
    report({
      what: `orgs backup again, unchanged (${second.requests} requests; the listing is ${listing})`,
      unit: 'ms',
      median: Math.round(second.ms),
      min: Math.round(second.ms),
      max: Math.round(second.ms),
      runs: 1,
      goal: `≤ ${SPACES + listing} requests`,
      met: second.requests <= SPACES + listing,
    });
  } finally {
    await emulator.close();
  }
  if (process.env.BENCH_BACKUP_LIMITED !== '0') {
    const match = /^(\d+)\/(\d+)([smh])$/.exec(rate);
    if (!match) throw new Error(`BENCH_BACKUP_RATE: expected N/DURATION, got ${rate}`);
    const limit = Number(match[1]);
    const windowMs = Number(match[2]) * { s: 1000, m: 60_000, h: 3_600_000 }[match[3] as 's' | 'm' | 'h'];
    const limitedLog = join(work, 'limited.jsonl');
    const limited = await startEmulator({ seed: seed(), log: limitedLog, rateLimit: rate });
    try {
      console.log(`backup under ${rate}…`);
      const held = await backupOnce(limited.url, join(work, 'b'), limitedLog);
      const idealMs = (held.requests / limit) * windowMs;
      console.log(
        `${(held.ms / 1000).toFixed(1)} s, ${held.requests} requests, ${held.refused} refused, ${held.windows} windows; ideal ${(idealMs / 1000).toFixed(1)} s`,
      );
      report({
        what: `orgs backup under ${rate} (${held.requests} requests, ${held.refused} × 429)`,
        unit: 's',
        median: Number((held.ms / 1000).toFixed(1)),
        min: Number((held.ms / 1000).toFixed(1)),
        max: Number((held.ms / 1000).toFixed(1)),
        runs: 1,
        vs: 'ideal: requests ÷ limit × window',
        ratio: Number((held.ms / idealMs).toFixed(2)),
        goal: '≤ 1.3×',
        met: held.ms / idealMs <= 1.3,
      });
    } finally {
      await limited.close();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
