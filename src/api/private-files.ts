import { chmodSync, closeSync, fchmodSync, fsyncSync, mkdirSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

/*
 * Files that hold tokens: the CLI's config (cli/config-file.ts) and the emulator's data directory
 * (emulator/data-dir.ts, tokens.json). One rule for both: the directory is 0700 and each file 0600,
 * whatever the umask; a directory that grants anything to its group or to others is "open" and gets a
 * warning; a file is replaced atomically (a reader sees the old or the new one, never half of one).
 */

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Any permission for the group or for others: a directory of secrets should have none. */
export const openToOthers = (mode: number): boolean => (mode & 0o077) !== 0;

/** The warning for such a directory, in the same words for the config and the emulator. */
export function openDirectoryWarning(what: string, dir: string, mode: number): string {
  const octal = (mode & 0o777).toString(8).padStart(4, '0');
  return `${what} ${dir} is open to other users of this machine (mode ${octal}); restrict it with \`chmod 700 ${dir}\``;
}

/** An errno in words, for messages about files (`permission denied`); undefined for a code not listed. */
export function errnoWords(code: string | undefined): string | undefined {
  return code === undefined ? undefined : ERRNO_WORDS[code];
}

const ERRNO_WORDS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'is a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  ENOTDIR: 'a path component is not a directory',
  EDQUOT: 'disk quota exceeded',
};

/**
 * The mode of `dir`, after creating it (and its parents) at 0700 when it was missing; undefined then.
 * Throws the file system's error; an existing path that is not a directory is ENOTDIR.
 */
export function ensurePrivateDirectory(dir: string): number | undefined {
  let info;
  try {
    info = statSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (!info) {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    // The mode given to mkdir is filtered by the umask.
    chmodSync(dir, PRIVATE_DIR_MODE);
    return undefined;
  }
  if (!info.isDirectory()) throw Object.assign(new Error(`${dir} is not a directory`), { code: 'ENOTDIR' });
  return info.mode & 0o777;
}

/** Replace `path` with `text`: a temporary file at 0600 in the same directory, flushed, then renamed over it. Throws the file system's error. */
export function writePrivateFile(path: string, text: string): void {
  const tmp = join(dirname(path), `.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'wx', PRIVATE_FILE_MODE);
    // The mode given to open is filtered by the umask.
    fchmodSync(fd, PRIVATE_FILE_MODE);
    writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (err) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      // It was not created, or the rename took it.
    }
    throw err;
  }
}
