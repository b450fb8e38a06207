/**
 * An emulator child process with large organizations, for the benches that page members.
 *
 *   const emu = await forkMembersEmulator({ org_acme: 1000, org_bench: 100_000 });
 *   ...; await emu.stop();
 *
 * The child starts `startEmulator({ seed: 'demo' })` (with a rate limit no bench reaches) and fills
 * each named organization with members until it has the given count (`org_acme` exists in the demo seed; any other id is created
 * as a copy of it, administered by Ada so the demo admin token reads it). It runs in its own process
 * (its own event loop and core, as with `docs emulator start`) and reports its peak RSS on request.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

export const BENCH_TOKEN = 'demo-admin-token';

export interface MembersEmulator {
  url: string;
  /** startEmulator with the demo seed, before members are added (ms). */
  startMs: number;
  fillMs: number;
  stop(): Promise<void>;
}

interface Ready {
  url: string;
  startMs: number;
  fillMs: number;
}

async function serve(sizes: Record<string, number>): Promise<void> {
  const { startEmulator } = await import('../src/emulator/server.js');
  const started = performance.now();
  // Counted as `docs emulator start` counts, under a limit that the throughput runs (11,000 req/s is their goal, for
  // as many seconds as asked) cannot reach: the default 100000/1m would stop them within the minute.
  const emu = await startEmulator({ seed: 'demo', rateLimit: '1000000000/1m' });
  const startMs = performance.now() - started;
  const filled = performance.now();
  const { store } = emu;
  const joined = Date.parse('2024-10-01T00:00:00.000Z');
  store.tx(() => {
    for (const [org, size] of Object.entries(sizes)) {
      if (!store.get('organization', org)) {
        store.insert('organization', { ...store.get('organization', 'org_acme')!, id: org, title: `Bench ${org}`, hostname: undefined });
        store.insert(
          'member',
          { id: `${org}:usr_ada`, organization: org, userId: 'usr_ada', role: 'admin', joinedAt: new Date(joined).toISOString() },
          org,
        );
      }
      for (let i = store.countChildren('member', org); i < size; i++) {
        const userId = `usr_bench_${org}_${i}`;
        store.insert('user', { id: userId, object: 'user', displayName: `Bench User ${i}`, email: `bench${i}@${org}.test` });
        const seen = i % 3 === 0 ? { lastSeenAt: new Date(joined + ((i * 7919) % size) * 1000).toISOString() } : {};
        const role = i % 7 === 0 ? 'edit' : 'read';
        store.insert(
          'member',
          { id: `${org}:${userId}`, organization: org, userId, role, joinedAt: new Date(joined + i * 1000).toISOString(), ...seen },
          org,
        );
      }
    }
  });
  process.send!({ url: emu.url, startMs, fillMs: performance.now() - filled } satisfies Ready);
  process.once('message', () => {
    void emu.close().then(() => process.exit(0));
  });
  // The bench died (Ctrl-C, a closed pipe): do not outlive it.
  process.once('disconnect', () => process.exit(0));
}

export async function forkMembersEmulator(
  sizes: Record<string, number>,
  execArgv: string[] = ['--import', 'tsx'],
): Promise<MembersEmulator> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(sizes)], { execArgv });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the emulator exited with ${code}`)));
  });
  return {
    ...ready,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}

if (process.argv[2] === '--serve') await serve(JSON.parse(process.argv[3] as string) as Record<string, number>);
