/**
 * Everything a command reaches outside itself, in one object: the three streams (each says whether
 * it is a terminal with `isTTY`), the environment, the clock, and the exit code it reports. A run
 * from bin/run.js uses `processIO`, the process's own; a test runs the same command in-process with
 * streams it reads back, an environment of its own and a terminal it pretends to be
 * (test/helpers/inproc.ts), so only what needs a process (signals, a real terminal, start-up) is
 * tested by spawning the CLI.
 */
export interface IO {
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly env: NodeJS.ProcessEnv;
  /** Milliseconds since the epoch: relative times ("3 days ago") are read against it. */
  now(): number;
  /** The code the run ends with, unless something ends it first (src/api/errors.ts `ExitCode`). */
  exitCode: number | undefined;
}

/** The process's own streams, environment, clock and exit code. */
export const processIO: IO = {
  get stdin() {
    return process.stdin;
  },
  get stdout() {
    return process.stdout;
  },
  get stderr() {
    return process.stderr;
  },
  get env() {
    return process.env;
  },
  now: () => Date.now(),
  get exitCode() {
    const code = process.exitCode;
    return typeof code === 'number' ? code : code === undefined ? undefined : Number(code);
  },
  set exitCode(code) {
    process.exitCode = code;
  },
};
