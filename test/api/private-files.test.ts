import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePrivateDirectory, errnoWords, openDirectoryWarning, openToOthers, writePrivateFile } from '../../src/api/private-files.js';

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'private-files-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const mode = (path: string) => statSync(path).mode & 0o777;

describe('private files', () => {
  it('calls a directory open when its group or others have any permission, read or not', () => {
    expect(openToOthers(0o700)).toBe(false);
    expect(openToOthers(0o750)).toBe(true);
    expect(openToOthers(0o711)).toBe(true);
    expect(openToOthers(0o701)).toBe(true);
    expect(openDirectoryWarning('the directory', '/d', 0o755)).toBe(
      'the directory /d is open to other users of this machine (mode 0755); restrict it with `chmod 700 /d`',
    );
  });

  it('creates a missing directory at 0700 whatever the umask, and reports the mode of an existing one', () => {
    const dir = join(temp(), 'a', 'b');
    const umask = process.umask(0o000);
    try {
      expect(ensurePrivateDirectory(dir)).toBeUndefined();
    } finally {
      process.umask(umask);
    }
    expect(mode(dir)).toBe(0o700);
    chmodSync(dir, 0o750);
    expect(ensurePrivateDirectory(dir)).toBe(0o750);
    const file = join(dir, 'f');
    writeFileSync(file, '');
    expect(() => ensurePrivateDirectory(file)).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  });

  it('replaces a file atomically at 0600, leaving no temporary file', () => {
    const dir = temp();
    const file = join(dir, 'tokens.json');
    writeFileSync(file, 'old', { mode: 0o644 });
    writePrivateFile(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(mode(file)).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['tokens.json']);
    expect(() => writePrivateFile(join(dir, 'missing', 'x'), 'y')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    expect(readdirSync(dir)).toEqual(['tokens.json']);
  });

  it('says an errno in words, one table for every message', () => {
    expect(errnoWords('EACCES')).toBe('permission denied');
    expect(errnoWords('ENOENT')).toBe('no such file');
    expect(errnoWords('EWHATEVER')).toBeUndefined();
  });
});
