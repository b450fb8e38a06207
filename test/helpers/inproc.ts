import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable, Writable } from 'node:stream';
import { Config, Errors } from '@oclif/core';
import type { DocsCommand } from '../../src/cli/base-command.js';
import type { IO } from '../../src/cli/io.js';
import { startEmulator as startInProcess } from '../../src/emulator/server.js';
import {
  cleanEnv,
  filesRoot,
  ROOT,
  transcript,
  type EmulatorStartOptions,
  type RunningEmulator,
  type RunOptions,
  type RunResult,
} from './e2e.js';

/**
 * The CLI in-process: `docs(args)` runs the command's class from src/ with an IO of its own (streams it
 * reads back, the same clean environment as test/helpers/e2e.ts, no terminal unless asked), against an
 * emulator started in this process. Same names and shapes as e2e.ts, so a test file moves from one to
 * the other by its import. What needs a process stays in test/e2e: exit by signal, a real terminal,
 * start-up, `--help` and unknown commands (oclif's own entry), install.
 */

export { api, cleanup, tempDir, transcript, filesRoot, type RunningEmulator, type RunResult } from './e2e.js';

export interface InProcessOptions extends RunOptions {
  /** Which streams claim to be a terminal: all three with `true` (none by default, as e2e's pipes). */
  isTTY?: boolean | { stdin?: boolean; stdout?: boolean; stderr?: boolean };
  /** Terminal width reported by stdout and stderr. */
  columns?: number;
  /** The clock (milliseconds since the epoch); the real one by default. */
  now?: () => number;
}

let config: Promise<Config> | undefined;

/** The command's class from src/commands: `spaces:get` → spaces/get.ts, `api` → api/index.ts. */
async function commandClass(id: string): Promise<typeof DocsCommand> {
  const base = join(ROOT, 'src', 'commands', ...id.split(':'));
  const file = existsSync(`${base}.ts`) ? `${base}.ts` : join(base, 'index.ts');
  const module = (await import(file)) as { default: typeof DocsCommand };
  return module.default;
}

interface CommandIndex {
  commands: Record<string, { args: boolean; of?: string }>;
}
type CommandIdOf = (argv: readonly string[], commands: CommandIndex['commands']) => string | undefined;
let finder: Promise<(argv: readonly string[]) => string | undefined> | undefined;

/**
 * The command id in `argv` as bin/run.js finds it (bin/manifest.js's `commandId`, which the e2e suite checks against
 * oclif's own), over the index of commands the build wrote (vitest's global setup builds).
 */
function commandFinder(): Promise<(argv: readonly string[]) => string | undefined> {
  finder ??= (async () => {
    // bin/manifest.js is plain JavaScript, as bin/run.js that imports it.
    const { commandId } = (await import(pathToFileURL(join(ROOT, 'bin', 'manifest.js')).href)) as { commandId: CommandIdOf };
    const index = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest', 'index.json'), 'utf8')) as CommandIndex;
    return (argv) => commandId(argv, index.commands);
  })();
  return finder;
}

/** The command id in `argv` (topics are separated by spaces) and the arguments after it. */
async function findCommand(loaded: Config, argv: readonly string[]): Promise<{ id: string; rest: string[] }> {
  const typed = (await commandFinder())(argv);
  const found = typed === undefined ? undefined : loaded.findCommand(typed);
  // As oclif: a first word with a colon is the whole id; otherwise the id took as many words as it has.
  const words = argv[0]?.includes(':') ? 1 : (typed?.split(':').length ?? 0);
  if (found) return { id: found.id, rest: argv.slice(words) };
  throw new Error(
    `docs ${argv.join(' ')}: not a command run in-process (help, unknown commands and topics go through test/helpers/e2e.ts)`,
  );
}

/** A writable that keeps what was written, and says it is a terminal when told so. */
function sink(isTTY: boolean, columns: number | undefined): Writable & { text: string; isTTY: boolean; columns?: number } {
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        stream.text += chunk.toString();
        callback();
      },
    }),
    { text: '', isTTY, ...(columns !== undefined ? { columns } : {}) },
  );
  return stream;
}

/** Run `docs <args>` in this process to completion: the exit code is the one bin/run.js would end with. */
export async function docs(args: readonly string[], options: InProcessOptions = {}): Promise<RunResult> {
  config ??= Config.load(ROOT);
  const loaded = await config;
  const tty = typeof options.isTTY === 'object' ? options.isTTY : { stdin: options.isTTY, stdout: options.isTTY, stderr: options.isTTY };
  const stdout = sink(tty.stdout === true, options.columns);
  const stderr = sink(tty.stderr === true, options.columns);
  const stdin = Object.assign(
    Readable.from(options.input === undefined ? [] : [typeof options.input === 'string' ? Buffer.from(options.input) : options.input]),
    { isTTY: tty.stdin === true },
  );
  const io: IO = { stdin, stdout, stderr, env: cleanEnv(options.env), now: options.now ?? Date.now, exitCode: undefined };
  const { id, rest } = await findCommand(loaded, args);
  const Command = await commandClass(id);
  // What oclif's Config.runCommand sets before it constructs the command.
  Command.id = id;
  let code: number;
  const run = async (): Promise<number> => {
    // Each command listens for SIGINT while it runs, as one process has one command: a test that runs
    // many at once in this process raises the limit Node.js warns at, by one per command running.
    process.setMaxListeners(process.getMaxListeners() + 1);
    const command = new (Command as unknown as new (argv: string[], config: Config) => DocsCommand)(rest, loaded);
    command.io = io;
    try {
      await (command as unknown as { _run(): Promise<unknown> })._run();
      return io.exitCode ?? 0;
    } catch (err) {
      // What bin/run.js's oclif `execute` does with an error the command let through: `this.exit(n)` ends
      // with n and prints nothing; anything else prints its message and ends with its oclif exit code, else 1.
      const error = err as Error & { oclif?: { exit?: number } };
      if (!(error instanceof Errors.ExitError)) stderr.write(`Error: ${error.message}\n`);
      return error.oclif?.exit ?? 1;
    } finally {
      process.setMaxListeners(process.getMaxListeners() - 1);
    }
  };
  const timeoutMs = options.timeoutMs ?? 20_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    code = await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`docs ${args.join(' ')} did not finish in ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
  transcript.push(`$ docs ${args.join(' ')}\n${stdout.text}\n${stderr.text}`);
  return { code, signal: null, stdout: stdout.text, stderr: stderr.text };
}

/**
 * The demo emulator in this process on an ephemeral loopback port, with the shape e2e.ts's `startEmulator`
 * gives (tokens by role, `otherAdmin` for the second organization's admin). `{ files: true }` lets it read
 * files inside `filesRoot()`, as `--files-root` does.
 */
export async function startEmulator(extra: readonly string[] = [], options: EmulatorStartOptions = {}): Promise<RunningEmulator> {
  if (extra.length > 0) throw new Error(`in-process emulators take options, not flags: ${extra.join(' ')}`);
  const emulator = await startInProcess({ port: 0, seed: 'demo', ...(options.files ? { filesRoot: filesRoot() } : {}) });
  const tokens: Record<string, string> = {};
  const firstOrg = emulator.tokens[0]?.organization;
  for (const { token, role, organization } of emulator.tokens) {
    if (organization === firstOrg) tokens[role] ??= token;
    else if (role === 'admin' && token !== tokens.admin) tokens.otherAdmin ??= token;
  }
  return {
    url: emulator.url,
    tokens,
    pid: process.pid,
    stderr: () => emulator.warnings.map((w) => `Warning: ${w}\n`).join(''),
    stop: () => emulator.close(),
  };
}

/** Nothing to build: commands run from src/. Kept so that a file moves here by its import alone. */
export function ensureBuilt(): void {}
