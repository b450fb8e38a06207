import { SqliteUnavailableError } from './store/sqlite.js';

/**
 * The emulator stores its data with SQLite: node:sqlite, built into Node.js 22.13 and later, or else
 * better-sqlite3, a native module and an optional dependency (see store/sqlite.ts). On Node.js 20,
 * where better-sqlite3 cannot be installed (no prebuilt binary for the platform and no C++
 * toolchain), installing docs still succeeds and every command but `docs emulator start` works.
 * These helpers recognise that failure and say what to do about it.
 */

/** The failure of loading better-sqlite3 or its compiled addon, or undefined for any other error. */
export function missingSqlite(err: unknown): string | undefined {
  const cause = err instanceof SqliteUnavailableError ? err.cause : err;
  if (!(cause instanceof Error)) return undefined;
  const code = (cause as NodeJS.ErrnoException).code;
  const message = cause.message.split('\n')[0] ?? '';
  if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes('better-sqlite3')) return 'it is not installed';
  // The addon is looked up on first use: absent when its build failed, refused when built for another Node.js.
  if (/better_sqlite3\.node|bindings file|NODE_MODULE_VERSION/.test(cause.message) || code === 'ERR_DLOPEN_FAILED') {
    return `its compiled part does not load (${message.replace(/\s+/g, ' ').slice(0, 160)})`;
  }
  return undefined;
}

/** One line: what is missing and how to get it, for the package installed at `root`. */
export function missingSqliteMessage(reason: string, root: string): string {
  return (
    `the emulator needs SQLite: Node.js ${process.versions.node} has none built in, and better-sqlite3 (an optional native dependency) ${reason}. ` +
    `Run it on Node.js 22.13 or later (built-in SQLite, nothing to compile), ` +
    `or reinstall docs where better-sqlite3 can build (a platform with a prebuilt binary, or python3, make and a C++ compiler), ` +
    `or run \`npm install better-sqlite3\` in ${root}. Every other command works without it.`
  );
}
