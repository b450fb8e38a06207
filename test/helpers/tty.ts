import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { BIN, ROOT, transcript } from './e2e.js';

/**
 * `docs <args>` on a real pseudo-terminal (util-linux `script`), for what only a terminal shows:
 * prompts, fitted tables, relative times, progress. stdin, stdout and stderr are all the terminal,
 * so the output is one stream (CRLF line ends normalised here); `columns` sets its width. `answers`
 * are typed one at a time, each once the output so far contains its `after` text. Tests using it
 * skip where `script` is missing (`hasPty`). TERM is `dumb` (prompts draw no cursor codes) unless `env` says otherwise.
 */
export const hasPty = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;

export interface TtyAnswer {
  after: string;
  type: string;
}

export interface TtyResult {
  code: number | null;
  output: string;
}

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

export function docsOnTty(
  args: readonly string[],
  options: {
    env?: Record<string, string>;
    /** The whole environment instead of the defaults (PATH, a temp HOME, NO_COLOR, TERM=dumb) and `env`. */
    exactEnv?: NodeJS.ProcessEnv;
    columns?: number;
    answers?: TtyAnswer[];
    timeoutMs?: number;
  } = {},
): Promise<TtyResult> {
  const command = `stty cols ${options.columns ?? 80} rows 40; exec ${[process.execPath, BIN, ...args].map(quote).join(' ')}`;
  const env = options.exactEnv ?? {
    PATH: process.env.PATH,
    HOME: join(tmpdir(), 'docs-e2e-home'),
    NO_COLOR: '1',
    TERM: 'dumb',
    ...options.env,
  };
  const child = spawn('script', ['-qefc', command, '/dev/null'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  // An answer written as the command ends meets a closed pipe: EPIPE, not a failure.
  child.stdin.on('error', () => {});
  const pending = [...(options.answers ?? [])];
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    while (pending[0] && output.replace(/\r+\n/g, '\n').includes(pending[0].after)) child.stdin.write((pending.shift() as TtyAnswer).type);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const text = output.replace(/\r+\n/g, '\n');
      transcript.push(`$ docs ${args.join(' ')} (on a terminal)\n${text}`);
      resolve({ code, output: text });
    });
  });
}
