import { Writable } from 'node:stream';
import { AbortedError } from '../api/errors.js';
import { CancelledError, UsageError } from './errors.js';

export interface PromptIO {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream & { isTTY?: boolean };
}

const defaultIO = (): PromptIO => ({ input: process.stdin, output: process.stderr });

/** True when a person can answer: stdin and the prompt's stream (stderr) are terminals. */
export function canPrompt(io: PromptIO = defaultIO()): boolean {
  return io.input.isTTY === true && io.output.isTTY === true;
}

/**
 * Ask one question on the terminal. With `secret`, typed characters are not echoed (the prompt
 * itself is written, then the output is muted until Enter). Ctrl-C rejects with AbortedError.
 */
export function ask(question: string, options: { secret?: boolean; io?: PromptIO } = {}): Promise<string> {
  const io = options.io ?? defaultIO();
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      if (!muted) io.output.write(chunk);
      callback();
    },
  });
  // Readline lays out a long question by the terminal's width: the wrapper must report it.
  Object.defineProperty(output, 'columns', { get: () => (io.output as { columns?: number }).columns });
  // node:readline is loaded here, when a question is asked: as an ES import it loaded readline and its promises
  // API (~1 ms) into every command, which asks nothing.
  const { createInterface } = process.getBuiltinModule('node:readline');
  const rl = createInterface({ input: io.input, output, terminal: io.input.isTTY === true });
  return new Promise<string>((resolve, reject) => {
    let answered = false;
    rl.on('SIGINT', () => {
      rl.close();
      io.output.write('\n');
      reject(new AbortedError());
    });
    rl.on('close', () => {
      if (!answered) reject(new AbortedError());
    });
    rl.question(question, (answer) => {
      answered = true;
      if (options.secret) io.output.write('\n');
      rl.close();
      resolve(answer);
    });
    muted = options.secret === true;
  });
}

export interface ConfirmOptions {
  /**
   * The question: `Merge change request #1 "Windows" into space "Guides"?`. A function is called
   * only when the question is really asked, so names are read only then.
   */
  question: string | (() => Promise<string>);
  /** What is refused without a terminal: `merge change request 42`. */
  action: string;
  yes: boolean;
  interactive: boolean;
  ask?: (question: string) => Promise<string>;
}

/**
 * Destructive commands (delete, remove, merge, transfer) confirm first (README, "Safety"):
 * `--yes` skips the question; with no terminal to ask on and no `--yes` they refuse (exit 2) and
 * say why; answering anything but yes cancels (exit 2, nothing done).
 */
export async function confirm(options: ConfirmOptions): Promise<void> {
  if (options.yes) return;
  if (!options.interactive) {
    throw new UsageError(`refusing to ${options.action} without confirmation: no terminal to ask on. Pass --yes to confirm.`);
  }
  const question = typeof options.question === 'string' ? options.question : await options.question();
  const answer = (await (options.ask ?? ask)(`${question} [y/N] `)).trim().toLowerCase();
  if (answer !== 'y' && answer !== 'yes') throw new CancelledError(`Cancelled: did not ${options.action}.`);
}

/** Read everything from a stream (the token for `auth login --with-token`, a JSON body for `--input -`). */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}
