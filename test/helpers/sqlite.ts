import type { SqliteDriver } from '../../src/emulator/store/sqlite.js';

/** Node.js 22.13 and later have node:sqlite built in (unflagged); earlier versions have none. */
export const hasNodeSqlite = (version = process.versions.node): boolean => {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 13);
};

/** The driver the emulator must choose on this runtime: the built-in one where there is one. */
export const expectedDriver = (): SqliteDriver => (hasNodeSqlite() ? 'node:sqlite' : 'better-sqlite3');
