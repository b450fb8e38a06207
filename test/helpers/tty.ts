import { spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT } from './e2e.js';

/**
 * `docs` on a real pseudo-terminal (util-linux `script`), for what only a terminal shows: fitted
 * tables, relative times, progress. stdout and stderr both go to the terminal, merged, with `\r\n`
 * line ends; `columns` sets its width. Tests using it skip where `script` is missing.
 */
export const hasPty = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

export function docsOnTty(
  args: readonly string[],
  options: { env?: Record<string, string>; columns?: number; timeoutMs?: number } = {},
): Promise<{ code: number | null; text: string }> {
  const command = `stty cols ${options.columns ?? 80} rows 40; exec ${[process.execPath, BIN, ...args].map(quote).join(' ')}`;
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: join(tmpdir(), 'docs-e2e-home'), NO_COLOR: '1', TERM: 'xterm', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr.on('data', (c: Buffer) => (text += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, text: text.replace(/\r\n/g, '\n') });
    });
  });
}
