/**
 * Emulator throughput on loopback.
 *
 *   npm run bench:emulator            (or: node --import tsx bench/emulator-throughput.ts [seconds])
 *
 * The emulator runs in a child process (its own event loop and core, as with `docs emulator start`)
 * while this process drives it: first GET /v1/orgs/{org}/members?limit=100 from 10 keep-alive connections
 * (undici Pool) for a few seconds, then a walk through 100,000 members 1000 at a time, then the first
 * pages of filtered and sorted member lists.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

const ORG = 'org_acme';
const BIG_ORG = 'org_bench';
const TOKEN = 'demo-admin-token';
const EXTRA_MEMBERS = 1000;
const BIG_MEMBERS = 100_000;

interface Ready {
  url: string;
  startMs: number;
  fillMs: number;
}

async function serve(): Promise<void> {
  const { startEmulator } = await import('../src/emulator/server.js');
  const started = performance.now();
  const emu = await startEmulator({ seed: 'demo' });
  const startMs = performance.now() - started;
  const filled = performance.now();
  const { store } = emu;
  const joined = Date.parse('2024-10-01T00:00:00.000Z');
  store.tx(() => {
    const add = (org: string, i: number) => {
      const userId = `usr_bench_${org}_${i}`;
      store.insert('user', { id: userId, object: 'user', displayName: `Bench User ${i}`, email: `bench${i}@${org}.test` });
      const seen = i % 3 === 0 ? { lastSeenAt: new Date(joined + ((i * 7919) % BIG_MEMBERS) * 1000).toISOString() } : {};
      store.insert(
        'member',
        {
          id: `${org}:${userId}`,
          organization: org,
          userId,
          role: i % 7 === 0 ? 'edit' : 'read',
          joinedAt: new Date(joined + i * 1000).toISOString(),
          ...seen,
        },
        org,
      );
    };
    for (let i = 0; i < EXTRA_MEMBERS; i++) add(ORG, i);
    store.insert('organization', { ...store.get('organization', ORG)!, id: BIG_ORG, title: 'Bench Org', hostname: undefined });
    store.insert(
      'member',
      { id: `${BIG_ORG}:usr_ada`, organization: BIG_ORG, userId: 'usr_ada', role: 'admin', joinedAt: new Date(joined).toISOString() },
      BIG_ORG,
    );
    for (let i = 1; i < BIG_MEMBERS; i++) add(BIG_ORG, i);
  });
  const ready: Ready = { url: emu.url, startMs, fillMs: performance.now() - filled };
  process.send!(ready);
  process.once('message', () => {
    void emu.close().then(() => process.exit(0));
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const fmt = (ms: number) => ms.toFixed(2);

async function drive(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 6);
  const server = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: process.execArgv });
  const ready = await new Promise<Ready>((resolve, reject) => {
    server.once('message', (m) => resolve(m as Ready));
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`the emulator exited with ${code}`)));
  });
  console.log(`seeded demo start: ${fmt(ready.startMs)} ms; adding ${EXTRA_MEMBERS + BIG_MEMBERS} members took ${fmt(ready.fillMs)} ms`);

  const pool = new Pool(ready.url, { connections: 10, pipelining: 1 });
  const headers = { authorization: `Bearer ${TOKEN}` };
  const get = async (path: string) => {
    const res = await pool.request({ method: 'GET', path, headers });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${text.slice(0, 200)}`);
    return text;
  };

  // Warm up (JIT, statement cache), then measure.
  for (let i = 0; i < 200; i++) await get(`/v1/orgs/${ORG}/members?limit=100`);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        try {
          await get(`/v1/orgs/${ORG}/members?limit=100`);
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(`GET /v1/orgs/${ORG}/members?limit=100 (${EXTRA_MEMBERS + 9} members), 10 keep-alive connections, ${elapsed.toFixed(1)} s:`);
  console.log(
    `  ${latencies.length} requests, ${Math.round(latencies.length / elapsed)} req/s, p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms, errors ${errors}`,
  );

  const pages: number[] = [];
  let page: string | undefined;
  let seen = 0;
  const walk = performance.now();
  do {
    const t = performance.now();
    const body = JSON.parse(await get(`/v1/orgs/${BIG_ORG}/members?limit=1000${page ? `&page=${encodeURIComponent(page)}` : ''}`)) as {
      items: unknown[];
      next?: { page: string };
    };
    pages.push(performance.now() - t);
    seen += body.items.length;
    page = body.next?.page;
  } while (page);
  const total = performance.now() - walk;
  const sorted = [...pages].sort((a, b) => a - b);
  console.log(
    `paging ${seen} members 1000 at a time: ${pages.length} pages in ${fmt(total)} ms; per page mean ${fmt(total / pages.length)} ms, p50 ${fmt(percentile(sorted, 50))} ms, max ${fmt(sorted[sorted.length - 1] ?? NaN)} ms`,
  );

  // Filtered and sorted lists evaluate their conditions over all 100,000 members for every page.
  for (const filter of ['role=edit', 'search=user%2012', 'sort=lastSeenAt']) {
    const times: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const body = JSON.parse(
        await get(`/v1/orgs/${BIG_ORG}/members?limit=1000&${filter}${cursor ? `&page=${encodeURIComponent(cursor)}` : ''}`),
      ) as { next?: { page: string } };
      times.push(performance.now() - t);
      cursor = body.next?.page;
      if (!cursor) break;
    }
    console.log(`  ${filter}: ${times.length} pages of 1000, per page mean ${fmt(times.reduce((a, b) => a + b, 0) / times.length)} ms`);
  }

  await pool.close();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.send('stop');
  await exited;
}

if (process.argv.includes('--serve')) await serve();
else await drive();
