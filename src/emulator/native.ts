/**
 * better-sqlite3 is the emulator's only native module and an optional dependency: where it cannot be
 * installed (no prebuilt binary for the platform and no C++ toolchain), installing docs still succeeds
 * and every command but `docs emulator start` works. These helpers recognise that failure and say
 * what to do about it.
 */

/** The failure of loading better-sqlite3 or its compiled addon, or undefined for any other error. */
export function missingSqlite(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const code = (err as NodeJS.ErrnoException).code;
  const message = err.message.split('\n')[0] ?? '';
  if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes('better-sqlite3')) return 'it is not installed';
  // The addon is looked up on first use: absent when its build failed, refused when built for another Node.js.
  if (/better_sqlite3\.node|bindings file|NODE_MODULE_VERSION/.test(err.message) || code === 'ERR_DLOPEN_FAILED') {
    return `its compiled part does not load (${message.replace(/\s+/g, ' ').slice(0, 160)})`;
  }
  return undefined;
}

/** One line: what is missing and how to get it, for the package installed at `root`. */
export function missingSqliteMessage(reason: string, root: string): string {
  return (
    `the emulator needs better-sqlite3 (an optional native dependency) and ${reason}. ` +
    `Reinstall docs where it can build (Node.js ${process.versions.node} on a platform with a prebuilt binary, or with python3, make and a C++ compiler), ` +
    `or run \`npm install better-sqlite3\` in ${root}. Every other command works without it.`
  );
}
