import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDirectory, openDirectoryWarning, openToOthers, PRIVATE_FILE_MODE } from '../api/private-files.js';
import { DEMO } from './seed/demo.js';
import { DATABASE_FILE, type Store } from './store/store.js';

/**
 * The data directory holds the API tokens (in the SQLite file and tokens.json): it is created 0700
 * and every file in it 0600, whatever the umask. SQLite creates its -wal and -shm files with the
 * database file's permissions, so the database file is created 0600 before SQLite opens it.
 */

const FILES = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, 'tokens.json'];

/** Create or check the directory; answers the warnings to print (an existing directory open to others). */
export function prepareDataDir(dir: string): string[] {
  const warnings: string[] = [];
  const mode = ensurePrivateDirectory(dir);
  if (mode !== undefined && openToOthers(mode))
    warnings.push(openDirectoryWarning("the emulator's data directory (it holds tokens)", dir, mode));
  const database = join(dir, DATABASE_FILE);
  if (!existsSync(database)) closeSync(openSync(database, 'a', PRIVATE_FILE_MODE));
  restrictFiles(dir);
  return warnings;
}

/** 0600 on every state file present (again after SQLite opened the database and made -wal/-shm). */
export function restrictFiles(dir: string): void {
  for (const name of FILES) {
    const path = join(dir, name);
    if (existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

const DEMO_TOKENS: readonly string[] = Object.values(DEMO.tokens);

/**
 * Replace the demo seed's published tokens by random ones (an emulator others can reach must not
 * accept `demo-admin-token`). Kept in their order, so the token list reads as before.
 */
export function replaceDemoTokens(store: Store): void {
  const demo = store.all<{ id: string; userId: string }>('token').filter((t) => DEMO_TOKENS.includes(t.id));
  store.tx(() => {
    for (const token of demo) store.delete('token', token.id);
    for (const token of demo) store.insert('token', { ...token, id: `emu_${randomBytes(24).toString('base64url')}` });
  });
}
