import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanup, docs, ensureBuilt, ROOT, startEmulator, tempDir } from '../helpers/e2e.js';

/** `docs spaces browse` outside a terminal, and what it loads. The view itself: test/ui/space-browser.test.tsx. */

beforeAll(() => ensureBuilt());
afterAll(() => cleanup());

describe('docs spaces browse', () => {
  it('without a terminal exits 2 naming the non-interactive commands, before any request', async () => {
    // Nothing listens on port 9: a request would fail with a network error (exit 7), not a usage error.
    const env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: 'demo-admin-token', DOCS_API_URL: 'http://127.0.0.1:9' };
    for (const args of [
      ['spaces', 'browse'],
      ['spaces', 'browse', 'space_guides', '--cr', '1'],
    ]) {
      const res = await docs(args, { env });
      expect(res.code).toBe(2);
      expect(res.stdout).toBe('');
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
      expect(res.stderr).toContain('`docs spaces browse` is interactive and needs a terminal');
      expect(res.stderr).toContain('`docs spaces pages`');
      expect(res.stderr).not.toMatch(/\bat .+\.js:\d+/);
    }
  });

  it('loads the view, ink and the markdown renderer only when it runs', () => {
    const command = readFileSync(join(ROOT, 'dist', 'commands', 'spaces', 'browse.js'), 'utf8');
    const staticImports = [...command.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(staticImports.length).toBeGreaterThan(0);
    for (const name of staticImports) expect(name).not.toMatch(/^(ink|react|@inkjs\/ui|marked|marked-terminal)$|\/ui\//);
    // The command takes the view's modules from ui/terminal.js's one list, which imports them only when asked.
    expect(command).toContain("VIEW_CODE['spaces browse']()");
    const terminal = readFileSync(join(ROOT, 'dist', 'ui', 'terminal.js'), 'utf8');
    expect(terminal).toContain("import('./space-browser/index.js')");
    expect([...terminal.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).not.toContainEqual(
      expect.stringMatching(/^(ink|react|@inkjs\/ui|marked|marked-terminal)$|space-browser/),
    );
    const view = readFileSync(join(ROOT, 'dist', 'ui', 'space-browser', 'screens', 'PageView.js'), 'utf8');
    expect(view).not.toMatch(/from 'marked/);
  });
});

/** The ESM modules a run resolves, through a resolve hook. */
function resolvedModules(argv: string[], env: Record<string, string>): { status: number | null; modules: string[] } {
  const dir = tempDir();
  const log = join(dir, 'modules.log');
  writeFileSync(log, '');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';\nexport async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(${JSON.stringify(log)}, r.url + '\\n'); return r; }\n`,
  );
  const preload = join(dir, 'preload.mjs');
  writeFileSync(preload, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const res = spawnSync(process.execPath, ['--import', preload, BIN, ...argv], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NO_COLOR: '1', ...env },
    encoding: 'utf8',
  });
  return { status: res.status, modules: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

const HEAVY = /\/node_modules\/(ink|react|react-reconciler|@inkjs\/ui|marked|marked-terminal|cli-highlight)\/|\/dist\/ui\//;

describe('start-up', () => {
  it('other commands, and browse without a terminal, load neither Ink, React nor the markdown renderer', async () => {
    const emulator = await startEmulator();
    try {
      const env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: emulator.tokens.admin!, DOCS_API_URL: emulator.url };
      const runs: Array<[string[], number]> = [
        [['--version'], 0],
        [['spaces', 'pages', 'space_guides'], 0],
        [['spaces', 'browse', 'space_guides'], 2],
      ];
      for (const [argv, code] of runs) {
        const { status, modules } = resolvedModules(argv, env);
        expect(status, argv.join(' ')).toBe(code);
        expect(modules.length, argv.join(' ')).toBeGreaterThan(0);
        expect(
          modules.filter((m) => HEAVY.test(m)),
          argv.join(' '),
        ).toEqual([]);
      }
    } finally {
      await emulator.stop();
    }
  });
});
