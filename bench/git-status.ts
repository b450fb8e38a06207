/**
 * `docs git status --org` over an organization of 200 spaces, against what it replaces:
 *
 *   npm run build && node --import tsx bench/git-status.ts [spaces]
 *
 * The built emulator serves an organization of `spaces` spaces (default 200): a tenth in no collection, the rest in
 * 4 collections each holding 2 nested ones, and a site with 10 site spaces. Every other space is synced from a local
 * Git repository (`git/import`), the others have no Git sync. `docs git status --org ORG --json` runs as a process
 * (5 runs, the median); the emulator's request log counts its requests (the enumeration, then one Git info per space).
 * It is compared with what a script did before the command: `docs git info SPACE` once per space, one process each
 * (one run, over the same spaces).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { report, summarize } from './report.js';
import type { SeedSpec } from '../src/emulator/seed/schema.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const n = Number(process.argv[2] ?? 200);
const RUNS = 5;
const TOKEN = 'git-status-admin-token';
const ORG = 'org_git_status';

const collections = Array.from({ length: 4 }, (_, c) => ({
  id: `col_${c}`,
  title: `Collection ${c}`,
  collections: [0, 1].map((k) => ({ id: `col_${c}_${k}`, title: `Collection ${c}.${k}` })),
}));
const homes = collections.flatMap((c) => [c.id, ...c.collections.map((k) => k.id)]);
const spaceId = (i: number) => `space_${String(i).padStart(4, '0')}`;
const loose = Math.floor(n / 10);
const seed: SeedSpec = {
  users: [{ id: 'usr_bench', displayName: 'Bench Admin', email: 'bench@example.com', tokens: [TOKEN] }],
  organizations: [
    {
      id: ORG,
      title: 'Git status bench',
      members: [{ user: 'usr_bench', role: 'admin' }],
      collections,
      spaces: Array.from({ length: n }, (_, i) => ({
        id: spaceId(i),
        title: `Space ${i}`,
        ...(i < loose ? {} : { parent: homes[i % homes.length] }),
        pages: [{ title: 'Home', markdown: `Space ${i}.` }],
      })),
      sites: [
        {
          id: 'site_bench',
          title: 'Bench site',
          siteSpaces: Array.from({ length: 10 }, (_, k) => ({ id: `sitesp_${k}`, space: spaceId(k * 7) })),
        },
      ],
    },
  ],
};

const work = mkdtempSync(join(tmpdir(), 'docs-bench-git-status-'));
const repo = join(work, 'files', 'book');
mkdirSync(repo, { recursive: true });
writeFileSync(join(repo, 'README.md'), '# Home\n\nFrom Git.\n');
const git = (...args: string[]) =>
  run('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd: repo });
await git('init', '-q');
await git('add', '-A');
await git('commit', '-q', '-m', 'Docs');

const { startEmulator } = (await import(
  pathToFileURL(join(ROOT, 'dist', 'emulator', 'server.js')).href
)) as typeof import('../src/emulator/server.js');
const log = join(work, 'requests.jsonl');
const emulator = await startEmulator({ seed, log, filesRoot: join(work, 'files') });
const logLines = () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
try {
  console.log(`syncing ${Math.ceil(n / 2)} of ${n} spaces from Git…`);
  for (let i = 0; i < n; i += 2) {
    const res = await fetch(`${emulator.url}/v1/spaces/${spaceId(i)}/git/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: repo, ref: 'refs/heads/main', gitInfo: { provider: 'github', url: 'https://github.com/acme/book' } }),
    });
    if (!res.ok) throw new Error(`git import into ${spaceId(i)}: ${res.status} ${await res.text()}`);
  }
  const env = { ...process.env, DOCS_CONFIG_DIR: join(work, 'config'), DOCS_TOKEN: TOKEN, DOCS_API_URL: emulator.url };
  const docs = (...args: string[]) => run(process.execPath, [join(ROOT, 'bin', 'run.js'), ...args], { env, maxBuffer: 64 * 2 ** 20 });

  const samples: number[] = [];
  let requests = 0;
  for (let r = 0; r < RUNS; r++) {
    const before = logLines();
    const t0 = performance.now();
    const { stdout } = await docs('git', 'status', '--org', ORG, '--json');
    samples.push(performance.now() - t0);
    requests = logLines() - before;
    const rows = JSON.parse(stdout) as { synced: boolean }[];
    if (rows.length !== n || rows.filter((row) => row.synced).length !== Math.ceil(n / 2))
      throw new Error(`git status listed ${rows.length} spaces, ${rows.filter((row) => row.synced).length} synced`);
  }
  const status = summarize(samples.map((ms) => Number(ms.toFixed(0))));
  console.log(`git status --org: ${status.median.toFixed(0)} ms (median of ${RUNS}), ${requests} requests for ${n} spaces`);

  console.log(`the script it replaces: docs git info, one process per space (${n} processes)…`);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    // Exit 3: no Git sync on the space, the row the script would write as "not synced".
    await docs('git', 'info', spaceId(i), '--json').catch((err: Error & { code?: number }) => {
      if (err.code !== 3) throw err;
    });
  }
  const loopMs = performance.now() - t0;
  console.log(`docs git info × ${n}: ${loopMs.toFixed(0)} ms`);

  report({
    what: `git status --org, ${n} spaces (${requests} requests)`,
    unit: 'ms',
    ...status,
    vs: `docs git info × ${n} processes (${(loopMs / 1000).toFixed(1)} s)`,
    ratio: Number((status.median / loopMs).toFixed(3)),
  });
} finally {
  await emulator.close();
  rmSync(work, { recursive: true, force: true });
}
