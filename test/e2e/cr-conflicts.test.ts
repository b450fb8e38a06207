import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/e2e.js';
import { demoEnv } from '../helpers/setup.js';

/**
 * Merge conflicts: the demo change request `cr_windows` adds a page under "Installation". A Git
 * import into the space that drops "Installation" makes that change impossible to apply, so merge
 * and update-from-main must answer `conflicts`, apply nothing, and the CLI must exit 5.
 */

const SPACE = DEMO.spaces.guides;
let emulator: RunningEmulator;
let env: Record<string, string>;

function gitRepo(): string {
  const dir = tempDir('docs-e2e-repo-');
  writeFileSync(join(dir, 'README.md'), '# Welcome\n\nRewritten from Git.\n');
  writeFileSync(join(dir, 'quickstart.md'), '# Quickstart\n\nShorter now.\n');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=E2E', '-c', 'user.email=e2e@example.test', '-c', 'init.defaultBranch=main', ...args], {
      cwd: dir,
      stdio: 'pipe',
    });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'Replace the guides');
  return dir;
}

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator([], { files: true });
  env = demoEnv(emulator);
  await api(emulator, 'POST', `/v1/spaces/${SPACE}/git/import`, { url: `file://${gitRepo()}`, ref: 'refs/heads/main' });
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

describe('merge conflicts', () => {
  it('cr merge exits 5, says nothing was merged, suggests update-branch, and merges nothing', async () => {
    const before = await api<{ revision: string }>(emulator, 'GET', `/v1/spaces/${SPACE}`);
    const res = await docs(['cr', 'merge', '1', '--space', SPACE, '--yes'], { env });
    expect(res.code).toBe(5);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(
      /^Error: change request 1 conflicts with the primary content: nothing was merged\. Run `docs cr update-branch 1`/,
    );
    expect(res.stderr).not.toMatch(/✓|Merged/);
    const cr = await api<{ status: string }>(emulator, 'GET', `/v1/spaces/${SPACE}/change-requests/1`);
    expect(cr.status).toBe('open');
    const after = await api<{ revision: string }>(emulator, 'GET', `/v1/spaces/${SPACE}`);
    expect(after.revision).toBe(before.revision);
  });

  it('with --json still writes the API result to stdout, and exits 5', async () => {
    const res = await docs(['cr', 'merge', 'cr_windows', '--space', SPACE, '--yes', '--json'], { env });
    expect(res.code).toBe(5);
    expect(JSON.parse(res.stdout)).toMatchObject({ result: 'conflicts' });
  });

  it('cr update-branch reports the conflict the same way (exit 5, nothing applied)', async () => {
    const before = await api<{ revision: string }>(emulator, 'GET', `/v1/spaces/${SPACE}/change-requests/1`);
    const res = await docs(['cr', 'update-branch', '1', '--space', SPACE], { env });
    expect(res.code).toBe(5);
    expect(res.stderr).toContain('nothing was applied');
    const after = await api<{ revision: string }>(emulator, 'GET', `/v1/spaces/${SPACE}/change-requests/1`);
    expect(after.revision).toBe(before.revision);
  });
});
