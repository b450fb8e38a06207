import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { BIN, cleanup, docs, ensureBuilt, ROOT, startEmulator, tempDir, type RunningEmulator } from '../helpers/e2e.js';

/**
 * `docs cr review` as a process: without a terminal it stops before any request and names the
 * commands to use instead; on a terminal (a pseudo-terminal through `script`) a failure before
 * the screen opens exits with the usual code. The screens themselves are tested in test/ui.
 */

const SPACE = DEMO.spaces.guides;
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
let emulator: RunningEmulator;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

describe('docs cr review', () => {
  it('without a terminal exits 2 before any request, naming docs cr diff and docs cr list', async () => {
    // An API nobody listens on: a request would fail with exit 7, not 2.
    const env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: DEMO.tokens.admin, DOCS_API_URL: 'http://127.0.0.1:9' };
    for (const args of [
      ['cr', 'review', '--space', SPACE],
      ['cr', 'review', '1', '--space', SPACE],
    ]) {
      const res = await docs(args, { env });
      expect(res.code).toBe(2);
      expect(res.stdout).toBe('');
      expect(res.stderr).toBe(
        'Error: `docs cr review` is interactive and needs a terminal; without one, use `docs cr diff` or `docs cr list`\n',
      );
    }
  });

  it('without a space says how to give one (exit 2)', async () => {
    const res = await docs(['cr', 'review'], {
      env: { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: DEMO.tokens.admin, DOCS_API_URL: emulator.url },
    });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^Error: no space given/);
  });

  it.skipIf(!hasScript)('on a terminal, an unknown change request exits 3 and an unknown space 3, before the screen opens', () => {
    const run = (args: string) =>
      spawnSync('script', ['-qec', `${process.execPath} ${BIN} ${args}`, '/dev/null'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 20_000,
        env: {
          PATH: process.env.PATH,
          HOME: tempDir(),
          NO_COLOR: '1',
          DOCS_CONFIG_DIR: tempDir(),
          DOCS_TOKEN: DEMO.tokens.admin,
          DOCS_API_URL: emulator.url,
        },
      });
    const missing = run(`cr review 999 --space ${SPACE}`);
    expect(missing.status).toBe(3);
    expect(missing.stdout).toMatch(/change request "999" not found/);
    expect(missing.stdout).not.toMatch(/\n\s+at /);
    const space = run('cr review --space space_nope');
    expect(space.status).toBe(3);
  });

  it('loads Ink and React only when it runs: the built command imports them dynamically', () => {
    const built = readFileSync(join(ROOT, 'dist', 'commands', 'cr', 'review.js'), 'utf8');
    expect(built).not.toMatch(/^import .* from ['"](ink|react|@inkjs\/ui)['"]/m);
    // The view's modules are listed once, in src/ui/terminal.ts (which imports nothing statically), and loaded from there.
    expect(built).toMatch(/\bimport\(['"]\.\.\/\.\.\/ui\/terminal\.js['"]\)/);
    const terminal = readFileSync(join(ROOT, 'dist', 'ui', 'terminal.js'), 'utf8');
    expect(terminal).not.toMatch(/^import /m);
    expect(terminal).toMatch(/\bimport\(['"]\.\/cr-review\/index\.js['"]\)/);
    for (const file of ['list.js', 'merge.js']) {
      expect(readFileSync(join(ROOT, 'dist', 'commands', 'cr', file), 'utf8')).not.toMatch(/from ['"](ink|react|@inkjs\/ui)['"]|\/ui\//);
    }
  });
});
