import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, docs, ensureBuilt, spawnDocs, startEmulator, tempDir, type RunningEmulator } from '../helpers/e2e.js';

/**
 * Ctrl-C part-way through `docs orgs backup`, then a run that completes: the interrupted run exits 130 and leaves
 * every space folder whole (no half-written copy in place, nothing half-written beside it); the next run goes on
 * from there, the spaces already written unchanged. Every request of the emulator is slowed, so that the interrupt
 * comes while spaces are left.
 */

let emulator: RunningEmulator;
beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator(['--faults', 'delay=120ms@1']);
}, 60_000);
afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

describe('docs orgs backup, interrupted', () => {
  it('exits 130 with every copy whole, and the next run completes it', async () => {
    const env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: emulator.tokens.admin!, DOCS_API_URL: emulator.url };
    const dir = join(tempDir(), 'backup');
    const child = spawnDocs(['orgs', 'backup', 'org_acme', dir, '--json'], { env });
    child.stdin.end();
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // The first space done: interrupt while the next one is being written.
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        if (stdout.includes('\n')) resolve();
      });
    });
    await new Promise((r) => setTimeout(r, 150));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toBe('Error: Interrupted.\n');
    const done = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { space: string; status: string; folder: string; total?: boolean });
    expect(done.some((l) => l.total)).toBe(false);
    // Nothing half written: each folder in place has its manifest (written last), and no partial copy is left.
    const spacesDir = join(dir, 'spaces');
    for (const name of readdirSync(spacesDir)) {
      expect(name.startsWith('.'), `${name} left behind`).toBe(false);
      expect(existsSync(join(spacesDir, name, 'manifest.json')), `${name} is whole`).toBe(true);
    }
    expect(readdirSync(spacesDir).sort()).toEqual(done.map((l) => l.space).sort());

    const rerun = await docs(['orgs', 'backup', 'org_acme', dir, '--json'], { env, timeoutMs: 60_000 });
    expect(rerun.code).toBe(0);
    const lines = rerun.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { space?: string; status?: string; total?: boolean; written?: number; unchanged?: number });
    const total = lines.pop();
    for (const l of lines) expect(l.status).toBe(done.some((d) => d.space === l.space) ? 'unchanged' : 'written');
    expect(total).toMatchObject({ total: true, unchanged: done.length, written: lines.length - done.length, failed: 0 });
    expect(lines.length).toBeGreaterThan(done.length);
  }, 90_000);
});
