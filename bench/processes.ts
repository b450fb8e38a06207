/**
 * What several benchmarks start the same way: an emulator in a process of its own, and a view on a
 * pseudo-terminal timed to its first frame and its first full screen.
 */
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { spawn as spawnPty } from '@lydell/node-pty';

/**
 * The Node.js runtimes a benchmark runs `docs` on: the one running it, then CI's 22, 24 and 26 where they are
 * installed (`npm ci --prefix .ci/runtimes/node26`), each with its version (`v26.10.0`).
 */
export function benchRuntimes(root: string): Array<{ node: string; version: string }> {
  return [
    process.execPath,
    ...['22', '24', '26']
      .map((major) => join(root, '.ci', 'runtimes', `node${major}`, 'node_modules', 'node', 'bin', 'node'))
      .filter((node) => existsSync(node)),
  ].map((node) => ({ node, version: spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim() }));
}

/** `docs emulator start --port 0` with `args`, in its own process: its URL once it printed it. */
export async function startEmulatorProcess(
  bin: string,
  args: string[] = ['--seed', 'demo'],
): Promise<{ url: string; child: ChildProcessByStdio<null, Readable, null> }> {
  const child = spawn(process.execPath, [bin, 'emulator', 'start', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`docs emulator start exited with ${code} before printing its URL`)));
  });
  return { url, child };
}

/**
 * The clean environment a benchmark runs `docs` in against an emulator at `url`: `home` as HOME and the profile
 * folder (no profile, nothing of the user's), the demo admin's token, no colour; `extra` adds to it.
 */
export const benchEnv = (url: string, home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: home,
  DOCS_CONFIG_DIR: home,
  DOCS_TOKEN: 'demo-admin-token',
  DOCS_API_URL: url,
  NO_COLOR: '1',
  ...extra,
});

/** Escape sequences out, so that the text a view drew can be searched for. */
// eslint-disable-next-line no-control-regex
export const plain = (text: string) => text.replace(/\u001B\[[0-9;?]*[ -/]*[@-~]|\u001B[()][0-9A-B]|\u001B[=>]/g, '');

/**
 * One run of a view on a 100×30 pseudo-terminal: milliseconds from the start to its first frame (its loading line)
 * and to `full` on the screen; then q, and more q's, to quit. `name` prefixes the errors.
 */
export function timeView(options: {
  name: string;
  node: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  full: string;
}): Promise<{ frame: number; full: number }> {
  const { name, args, full } = options;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const pty = spawnPty(options.node, args, { name: 'xterm-256color', cols: 100, rows: 30, cwd: options.cwd, env: options.env });
    let output = '';
    let frame: number | undefined;
    let shown: number | undefined;
    const timer = setTimeout(() => {
      pty.kill();
      reject(new Error(`${name}: ${args.join(' ')} showed no "${full}" in 20 s:\n${plain(output)}`));
    }, 20_000);
    pty.onData((data) => {
      output += data;
      const text = plain(output);
      if (frame === undefined && text.includes('Loading…')) frame = performance.now() - started;
      if (shown === undefined && text.includes(full)) {
        shown = performance.now() - started;
        pty.write('q');
        setTimeout(() => pty.write('qqqq'), 200);
      }
    });
    pty.onExit(() => {
      clearTimeout(timer);
      if (shown === undefined) reject(new Error(`${name}: ${args.join(' ')} exited early:\n${plain(output)}`));
      else resolve({ frame: Math.min(frame ?? shown, shown), full: shown });
    });
  });
}
