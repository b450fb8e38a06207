import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, type RunningEmulator } from '../helpers/e2e.js';
import { docs, startEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';
import { docsOnTty, hasPty } from '../helpers/tty.js';

/**
 * `--wait` against the emulator's translation runs: `pending` for 2 s, `running` for 3 s, then
 * `completed` (src/emulator/domain/translations.ts).
 */

const base = `/v1/orgs/${DEMO.org}/translations`;
interface Translation {
  id: string;
  status: string;
  result?: { space: string };
  stats?: { runs?: number };
}

let emulator: RunningEmulator;
let env: Record<string, string>;
const createOne = (language: string) =>
  api<Translation>(emulator, 'POST', base, { source: { space: DEMO.spaces.guides, language: 'en' }, language });

beforeAll(async () => {
  emulator = await startEmulator();
  env = demoEnv(emulator);
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

// Each test waits on its own translation in real time (most of them ~5 s): they wait side by side.
describe.concurrent('--wait on translations', () => {
  it('translations create --wait returns once the first run completed: exit 0, the completed row, nothing on stderr', async () => {
    const started = Date.now();
    const res = await docs(['translations', 'create', DEMO.spaces.guides, '--language', 'de', '--source-language', 'en', '--wait'], {
      env,
      timeoutMs: 30_000,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5000);
    const [id, status] = res.stdout.trim().split('\t');
    expect(status).toBe('completed');
    expect(res.stderr).toBe('');
    const stored = await api<Translation>(emulator, 'GET', `${base}/${id}`);
    expect(stored.status).toBe('completed');
    expect(stored.result?.space).toBeTruthy();
  }, 40_000);

  it('translations run --wait --json prints the completed translation', async () => {
    const t = await createOne('it');
    const res = await docs(['translations', 'run', t.id, '--wait', '--json'], { env, timeoutMs: 30_000 });
    expect(res.code, res.stderr).toBe(0);
    const done = JSON.parse(res.stdout) as Translation;
    expect(done).toMatchObject({ id: t.id, status: 'completed' });
    expect(done.stats?.runs).toBe(2);
  }, 40_000);

  it('gives up after --wait-timeout with exit 7, saying the state it was in', async () => {
    const t = await createOne('es');
    const res = await docs(['translations', 'run', t.id, '--wait', '--wait-timeout', '1s'], { env });
    expect(res.code).toBe(7);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(
      new RegExp(`^Error: gave up waiting after 1s: translation ${t.id} is still pending \\(raise --wait-timeout`),
    );
  });

  it('refuses a bad --wait-timeout (exit 2) before starting a run, and --wait-timeout without --wait', async () => {
    const t = await createOne('pt');
    const bad = await docs(['translations', 'run', t.id, '--wait', '--wait-timeout', 'soon'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--wait-timeout must be a duration such as 90s, 10m or 1h (got "soon")');
    expect((await api<Translation>(emulator, 'GET', `${base}/${t.id}`)).stats?.runs).toBe(1);
    const alone = await docs(['translations', 'run', t.id, '--wait-timeout', '90s'], { env });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--wait');
  });

  it('openapi publish --wait returns the processed specification (the emulator processes at once)', async () => {
    const doc = JSON.stringify({ openapi: '3.0.3', info: { title: 'Wait', version: '1.0.0' }, paths: {} });
    const res = await docs(['openapi', 'publish', 'waited', '--file', '-', '--wait', '--wait-timeout', '30s'], { env, input: doc });
    expect(res.code, res.stderr).toBe(0);
    const row = res.stdout.trim().split('\t');
    expect([row[0], row[3], row.at(-1)]).toEqual(['waited', 'complete', 'created']);
    const bad = await docs(['openapi', 'publish', 'waited', '--file', '-', '--wait', '--wait-timeout', '0s'], { env, input: doc });
    expect(bad.code).toBe(2);
  });

  it.skipIf(!hasPty)(
    'on a terminal, shows the state while it waits, then the ✓ line',
    async () => {
      const t = await createOne('nl');
      const { code, output: text } = await docsOnTty(['translations', 'run', t.id, '--wait'], { env, timeoutMs: 30_000 });
      expect(code, text).toBe(0);
      expect(text).toContain(`Waiting for translation ${t.id}: pending`);
      expect(text).toMatch(new RegExp(`✓ Translation ${t.id} completed: the result is space \\S+`));
    },
    40_000,
  );
});
