import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/errors.js';
import { readTextArg } from '../../src/cli/input.js';

describe('readTextArg', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-input-'));
  const file = join(dir, 'notes.md');
  writeFileSync(file, '# Notes\n');
  // A file is read from the disk; the stream is not touched.
  const stdin = Readable.from([]);

  it('reads the file a flag names', async () => {
    expect(await readTextArg('body-file', file, stdin)).toBe('# Notes\n');
  });

  it('says which flag and why when the file cannot be read', async () => {
    const missing = join(dir, 'missing.md');
    await expect(readTextArg('body-file', missing, stdin)).rejects.toThrow(
      new UsageError(`--body-file ${missing}: cannot read it (no such file)`),
    );
    await expect(readTextArg('file', dir, stdin)).rejects.toThrow(new UsageError(`--file ${dir}: cannot read it (is a directory)`));
  });

  it('reads the stream it is given for -', async () => {
    expect(await readTextArg('body-file', '-', Readable.from(['# From ', 'stdin\n']))).toBe('# From stdin\n');
  });
});
