import { UsageError } from './errors.js';

/**
 * `--jq <expression>`: the JSON a command would write, filtered by a real jq (jq compiled to
 * WebAssembly, `jq-wasm`), loaded only when the flag is given so other runs do not pay its start-up.
 * Output is jq's default with `-r`, like `gh --jq`: strings raw, other values pretty-printed.
 */
export type JqFilter = (value: unknown) => Promise<string>;

type JqModule = typeof import('jq-wasm');

/** jq's messages span lines (the expression, then "jq: 1 compile error"); one line for stderr. */
const oneLine = (message: string): string =>
  message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');

/**
 * The wasm runtime sets `process.exitCode` on every run (0, or jq's own 3 or 5); the command owns
 * the exit code, so it is put back after each call.
 */
async function runJq(jq: JqModule, input: string, expression: string): Promise<string> {
  const saved = process.exitCode;
  try {
    return await jq.raw(input, expression, ['-r']);
  } finally {
    process.exitCode = saved;
  }
}

/**
 * Loads jq and compiles the expression once against `null` before anything is sent, so a syntax
 * error exits 2 with jq's message and no request. A value the expression cannot take (`.[]` on a
 * number) fails when it arrives, also with exit 2 and jq's message.
 */
export async function loadJq(expression: string): Promise<JqFilter> {
  const jq = await import('jq-wasm');
  try {
    await runJq(jq, 'null', expression);
  } catch (err) {
    const message = oneLine((err as Error).message);
    if (/compile error/.test(message)) throw new UsageError(`--jq: ${message}`);
  }
  return async (value) => {
    try {
      return await runJq(jq, JSON.stringify(value) ?? 'null', expression);
    } catch (err) {
      throw new UsageError(`--jq: ${oneLine((err as Error).message)}`);
    }
  };
}
