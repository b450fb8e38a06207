import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkFolder, EscapeError, openFolder, FolderError, writeInside } from '../../src/content/write.js';

/** The guarded writes of `docs spaces pull`: nothing lands outside the target folder. */

let base: string;
let outside: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'docs-pull-write-'));
  outside = join(base, 'outside');
  mkdirSync(outside);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('checkFolder and openFolder', () => {
  it('accepts a missing folder and creates it only when opened', async () => {
    const dir = join(base, 'new', 'docs');
    await checkFolder(dir, false);
    expect(existsSync(dir)).toBe(false);
    const root = await openFolder(dir);
    expect(readdirSync(root)).toEqual([]);
  });

  it('refuses a non-empty folder without force, naming the flag, and accepts it with force', async () => {
    writeFileSync(join(outside, 'notes.txt'), 'mine');
    await expect(checkFolder(outside, false)).rejects.toThrow(
      new FolderError(`${outside} is not empty; pass --force to write into it anyway (files of the same name are overwritten)`),
    );
    await expect(checkFolder(outside, true)).resolves.toBeUndefined();
  });

  it('refuses a file, and a path through a file', async () => {
    const file = join(base, 'file.md');
    writeFileSync(file, 'x');
    await expect(checkFolder(file, true)).rejects.toThrow(`${file} is not a directory`);
    await expect(checkFolder(join(file, 'sub'), true)).rejects.toThrow('a file is in the way');
  });
});

describe('writeInside', () => {
  it('writes nested files under the root', async () => {
    const root = await openFolder(join(base, 'docs'));
    await writeInside(root, 'guide/install/README.md', '# Install\n');
    expect(readFileSync(join(root, 'guide', 'install', 'README.md'), 'utf8')).toBe('# Install\n');
  });

  it.each(['../x.md', '../../etc/passwd', '/abs.md', 'a/../../x.md', '.', 'a//b.md', 'a\\..\\x.md', 'nul\0.md', ''])(
    'refuses %j',
    async (path) => {
      const root = await openFolder(join(base, 'docs'));
      await expect(writeInside(root, path, 'x')).rejects.toBeInstanceOf(EscapeError);
      expect(readdirSync(root)).toEqual([]);
      expect(readdirSync(base).sort()).toEqual(['docs', 'outside']);
    },
  );

  it('does not follow a symbolic link to a folder outside', async () => {
    const root = await openFolder(join(base, 'docs'));
    symlinkSync(outside, join(root, 'guide'));
    await expect(writeInside(root, 'guide/page.md', 'x')).rejects.toThrow(
      new FolderError(
        `refusing to write guide/page.md: ${join(root, 'guide')} is a symbolic link (remove it, or pull into another folder)`,
      ),
    );
    expect(readdirSync(outside)).toEqual([]);
  });

  it('does not write through a symbolic link standing where a file goes', async () => {
    const root = await openFolder(join(base, 'docs'));
    const victim = join(outside, 'victim.txt');
    writeFileSync(victim, 'keep');
    symlinkSync(victim, join(root, 'page.md'));
    await expect(writeInside(root, 'page.md', 'x')).rejects.toBeInstanceOf(FolderError);
    expect(readFileSync(victim, 'utf8')).toBe('keep');
  });
});
