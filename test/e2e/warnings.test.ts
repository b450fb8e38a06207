import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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
});
