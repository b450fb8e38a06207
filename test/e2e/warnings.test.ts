import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanup, tempDir } from '../helpers/e2e.js';

afterAll(() => cleanup());

describe("the CLI's own process", () => {
  it("drops node:sqlite's ExperimentalWarning, and that warning only", () => {
    const dir = tempDir();
    const preload = join(dir, 'warn.cjs');
    // Emitted when the CLI first writes to stdout (bin/run.js has set itself up by then), as Node.js 22 emits it.
    writeFileSync(
      preload,
      `const write = process.stdout.write;\n` +
        `process.stdout.write = function (...args) {\n` +
        `  process.stdout.write = write;\n` +
        `  process.emitWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning');\n` +
        `  process.emitWarning('Some other feature is experimental', 'ExperimentalWarning');\n` +
        `  process.emitWarning('SQLite is an experimental feature, said as a plain warning');\n` +
        `  return write.apply(this, args);\n` +
        `};\n`,
    );
    const res = spawnSync(process.execPath, ['--require', preload, BIN, '--version'], {
      env: { PATH: process.env.PATH, HOME: dir, NO_COLOR: '1' },
      encoding: 'utf8',
    });
    expect(res.status, res.stderr).toBe(0);
    expect(res.stderr).not.toContain('SQLite is an experimental feature and might change');
    expect(res.stderr).toContain('ExperimentalWarning: Some other feature is experimental');
    expect(res.stderr).toContain('Warning: SQLite is an experimental feature, said as a plain warning');
  });

  it('keeps compiled code in the user cache directory where Node.js can (22.1 and later), and not when told not to', () => {
    // A command that loads the CLI: `docs --version` is printed by bin/run.js before any of it loads.
    const run = (env: Record<string, string>) => {
      const home = tempDir();
      const res = spawnSync(process.execPath, [BIN, 'cr', 'list', '--help'], {
        env: { PATH: process.env.PATH, HOME: home, ...env },
        encoding: 'utf8',
      });
      expect(res.status, res.stderr).toBe(0);
      return home;
    };
    const cache = (home: string) => join(home, '.cache', 'docs-cli', 'compile-cache');
    const home = run({});
    if (typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function') {
      // One folder per Node.js version, holding the bundle's compiled modules.
      const [folder, ...more] = readdirSync(cache(home));
      expect(more).toEqual([]);
      expect(folder).toContain(`v${process.versions.node}`);
      expect(readdirSync(join(cache(home), folder!)).length).toBeGreaterThan(0);
    } else expect(existsSync(cache(home))).toBe(false);
    expect(existsSync(cache(run({ NODE_DISABLE_COMPILE_CACHE: '1' })))).toBe(false);
    const xdg = tempDir();
    run({ XDG_CACHE_HOME: xdg });
    expect(existsSync(join(xdg, 'docs-cli', 'compile-cache'))).toBe(existsSync(cache(home)));
  });
});
