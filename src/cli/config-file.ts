import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { ExitCode } from '../api/errors.js';
import { ensurePrivateDirectory, errnoWords, openDirectoryWarning, openToOthers, PRIVATE_FILE_MODE } from '../api/private-files.js';
import { CommandFailure } from './errors.js';

/*
 * Writing a file that holds tokens: in a directory only its owner can enter (0700), and under an
 * exclusive lock, so that two commands writing at once (sixteen `docs config set` in a CI matrix, a
 * login racing a logout) each apply their change to what the other wrote. The file itself is read
 * and replaced by conf (profiles.ts): atomically, at mode 0600 whatever the umask.
 */

/** How long a writer waits for another one; a write takes milliseconds, so this is generous. */
export const LOCK_WAIT_MS = 10_000;
/** A lock older than this whose holder cannot be asked is taken to be left over from a crash. */
const STALE_LOCK_MS = 30_000;

const errno = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | null)?.code;

/** "could not create the directory X (permission denied)", with what to do about it. */
export function writeFailure(what: string, where: string, err: unknown, file: string): CommandFailure {
  const code = errno(err);
  const words = errnoWords(code);
  return new CommandFailure(
    `could not ${what} ${where} (${words ?? (err as Error).message}${words ? `, ${code}` : ''})${where === file ? '' : `, so ${file} was not changed`}. Make that location writable, or set DOCS_CONFIG_DIR to a directory you can write.`,
    ExitCode.unexpected,
  );
}

/**
 * Create `dir` (and its parents) for a file that holds a token (api/private-files.ts: 0700 whatever the
 * umask). An existing directory open to others is left alone, with a warning.
 */
export function ensurePrivateDir(dir: string, file: string, warn: (message: string) => void): void {
  let mode: number | undefined;
  try {
    mode = ensurePrivateDirectory(dir);
  } catch (err) {
    throw writeFailure(errno(err) === 'ENOTDIR' ? 'use the directory' : 'create the directory', dir, err, file);
  }
  if (mode !== undefined && openToOthers(mode)) warn(openDirectoryWarning('the directory', dir, mode));
}

function holderIsGone(lock: string): boolean {
  try {
    const [pidText = '', startedText = ''] = readFileSync(lock, 'utf8').split(' ');
    if (!startedText) return false;
    const pid = Number(pidText);
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 0);
      } catch (err) {
        if (errno(err) === 'ESRCH') return true;
      }
    }
    return Date.now() - Number(startedText) > STALE_LOCK_MS;
  } catch {
    // Unreadable (being written or just removed): ask again on the next turn.
    return false;
  }
}

/** Run `fn` holding `<path>.lock` (created exclusively), waiting up to LOCK_WAIT_MS for another writer. */
export async function withFileLock<T>(path: string, fn: () => T, waitMs = LOCK_WAIT_MS): Promise<T> {
  const lock = `${path}.lock`;
  const deadline = Date.now() + waitMs;
  for (let turn = 0; ; turn++) {
    // The lock appears with its holder already written in it (a hard link of a finished file), so a
    // waiter never reads an empty lock and takes it for one left over from a crash.
    const mine = `${lock}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    try {
      writeFileSync(mine, `${process.pid} ${Date.now()}`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      linkSync(mine, lock);
      break;
    } catch (err) {
      if (errno(err) !== 'EEXIST') throw writeFailure('create the lock file', lock, err, path);
    } finally {
      try {
        unlinkSync(mine);
      } catch {
        // Never created.
      }
    }
    if (holderIsGone(lock)) {
      try {
        unlinkSync(lock);
      } catch {
        // Another waiter removed it first.
      }
      continue;
    }
    if (Date.now() >= deadline) {
      throw new CommandFailure(
        `another docs command has been writing ${path} for more than ${waitMs / 1000} s (lock file ${lock}); try again, or remove the lock file if no docs command is running`,
        ExitCode.conflict,
      );
    }
    await delay(5 + Math.floor(Math.random() * Math.min(50, 5 * 2 ** Math.min(turn, 4))));
  }
  try {
    return fn();
  } finally {
    try {
      unlinkSync(lock);
    } catch {
      // Already gone: nothing to release.
    }
  }
}
