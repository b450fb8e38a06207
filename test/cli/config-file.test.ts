import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFileLock } from '../../src/cli/config-file.js';
import { CommandFailure } from '../../src/cli/errors.js';

describe('the profile file lock and atomic replace', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docs-config-file-'));
    file = join(dir, 'config.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes over a lock left by a process that is gone, and releases its own', async () => {
    writeFileSync(`${file}.lock`, `999999999 ${Date.now()}`);
    await expect(withFileLock(file, () => 'ran', 2000)).resolves.toBe('ran');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('waits a bounded time for a live holder, then says which file and lock (exit 5)', async () => {
    writeFileSync(`${file}.lock`, `${process.pid} ${Date.now()}`);
    const t0 = Date.now();
    const err = await withFileLock(file, () => 'ran', 300).catch((e: unknown) => e);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300);
    expect(err).toBeInstanceOf(CommandFailure);
    expect(err).toMatchObject({ exitCode: 5 });
    expect((err as Error).message).toBe(
      `another docs command has been writing ${file} for more than 0.3 s (lock file ${file}.lock); try again, or remove the lock file if no docs command is running`,
    );
  });
});
