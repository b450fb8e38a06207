import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/**
 * Merge conflicts: the demo change request `cr_windows` adds a page under "Installation". A Git
 * import into the space that drops "Installation" makes that change impossible to apply, so merge
 * and update-from-main must answer `conflicts`, name the page, apply nothing, and the CLI must exit
 * 5 with the way out; the last test takes that way out with the commands the message names.
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

const NAMED = /Change request #1 conflicts with the primary content; page changed on both sides: "Windows" \(installation\/windows\)\./;

describe('merge conflicts', () => {
  it('cr get shows the change request is outdated before anyone merges', async () => {
    const res = await docs(['cr', 'get', '1', '--space', SPACE], { env });
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(
      /Outdated\s+yes: the primary content changed since; docs cr update-branch 1 brings it in or names the pages in conflict/,
    );
  });

  it('cr merge exits 5, names the page in the way, says what to do next, and merges nothing', async () => {
    const before = await api<{ revision: string }>(emulator, 'GET', `/v1/spaces/${SPACE}`);
    const res = await docs(['cr', 'merge', '1', '--space', SPACE, '--yes'], { env });
    expect(res.code).toBe(5);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/^Error: change request 1 conflicts with the primary content: nothing was merged\. /);
    expect(res.stderr).toMatch(NAMED);
    expect(res.stderr).toContain('`docs cr diff 1`');
    expect(res.stderr).toContain(`\`docs spaces pull ${SPACE} <dir> --cr 1\``);
    expect(res.stderr).toMatch(/resolve them in the app: http:\/\/\S+\/changes\/1\/\./);
    expect(res.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(res.stderr).not.toMatch(/✓|Merged/);
    const cr = await api<{ status: string }>(emulator, 'GET', `/v1/spaces/${SPACE}/change-requests/1`);
    expect(cr.status).toBe('open');
    const after = await api<{ revision: string }>(emulator, 'GET', `/v1/spaces/${SPACE}`);
    expect(after.revision).toBe(before.revision);
  });

  it('with --json still writes the API result, with the pages, to stdout, and exits 5', async () => {
    const res = await docs(['cr', 'merge', 'cr_windows', '--space', SPACE, '--yes', '--json'], { env });
    expect(res.code).toBe(5);
    expect(JSON.parse(res.stdout)).toMatchObject({
      result: 'conflicts',
      conflicts: [{ title: 'Windows', path: 'installation/windows' }],
      message: expect.stringMatching(/^Change request #1 conflicts/),
    });
  });

  it('cr update-branch reports the conflict in the same words (exit 5, nothing applied)', async () => {
    const before = await api<{ revision: string }>(emulator, 'GET', `/v1/spaces/${SPACE}/change-requests/1`);
    const res = await docs(['cr', 'update-branch', '1', '--space', SPACE], { env });
    expect(res.code).toBe(5);
    expect(res.stderr).toMatch(/^Error: change request 1 conflicts with the primary content: nothing was applied\. /);
    expect(res.stderr).toMatch(NAMED);
    expect(res.stderr).toContain('`docs cr diff 1`');
    const after = await api<{ revision: string }>(emulator, 'GET', `/v1/spaces/${SPACE}/change-requests/1`);
    expect(after.revision).toBe(before.revision);
  });

  it('the way out the message names works: diff, pull, a new change request, import, merge', async () => {
    const diff = await docs(['cr', 'diff', '1', '--space', SPACE, '--name-only'], { env });
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain('installation/windows');

    const dir = join(tempDir('docs-e2e-pull-'), 'cr1');
    const pull = await docs(['spaces', 'pull', SPACE, dir, '--cr', '1'], { env });
    expect(pull.code).toBe(0);
    const page = join(dir, 'installation', 'windows.md');
    expect(existsSync(page)).toBe(true);

    const created = await docs(['cr', 'create', '--space', SPACE, '--subject', 'Document Windows installation', '--json'], { env });
    expect(created.code).toBe(0);
    const fresh = String((JSON.parse(created.stdout) as { number: number }).number);
    const imported = await docs(
      ['spaces', 'import', SPACE, '--cr', fresh, '--source', 'markdown', '--url', pathToFileURL(page).href, '--yes'],
      {
        env,
      },
    );
    expect(imported.code).toBe(0);

    const merged = await docs(['cr', 'merge', fresh, '--space', SPACE, '--yes'], { env });
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(0);
    const pages = await api<{ pages: { title: string; pages: unknown[] }[] }>(emulator, 'GET', `/v1/spaces/${SPACE}/content`);
    expect(JSON.stringify(pages.pages)).toContain('"title":"Windows"');
    const status = await api<{ status: string }>(emulator, 'GET', `/v1/spaces/${SPACE}/change-requests/${fresh}`);
    expect(status.status).toBe('merged');

    const archived = await docs(['cr', 'edit', '1', '--space', SPACE, '--status', 'archived'], { env });
    expect(archived.code).toBe(0);
  });
});
