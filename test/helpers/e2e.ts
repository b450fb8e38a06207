import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * End-to-end harness: the real `bin/run.js` as a child process against a real emulator process
 * (`docs emulator start --port 0 --seed demo`). No HTTP is mocked. Every run gets a clean
 * environment (PATH and a temp HOME only, plus what the test passes) so nothing leaks in from the
 * shell: no DOCS_* or GITBOOK_* variable, no user profile.
 */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'run.js');

/**
 * Kept for the test files that call it: vitest's global setup (test/global-setup.ts) has already built dist/ when it
 * was missing or older than src/, so this is that same check, which finds nothing to do.
 */
export { default as ensureBuilt } from '../global-setup.js';

let root: string | undefined;
/**
 * One directory per test process holding every `tempDir()`: the files root of emulators started
 * with `{ files: true }`, so they may import what the tests write there and nothing else.
 */
export function filesRoot(): string {
  root ??= mkdtempSync(join(tmpdir(), 'docs-e2e-root-'));
  return root;
}

/** A temporary directory (inside `filesRoot()`) removed by `cleanup()`. */
export function tempDir(prefix = 'docs-e2e-'): string {
  const dir = mkdtempSync(join(filesRoot(), prefix));
  created.push(dir);
  return dir;
}
const created: string[] = [];
export function cleanup(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Written to stdin, then closed (stdin is always a pipe: never a TTY). */
  input?: string | Buffer;
  timeoutMs?: number;
}

/** Everything every run printed, for the "no secret in any output" checks. */
export const transcript: string[] = [];

/** PATH, a temp HOME and NO_COLOR, plus `extra` (an undefined value removes the variable). */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: join(tmpdir(), 'docs-e2e-home'), NO_COLOR: '1' };
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export function spawnDocs(args: readonly string[], options: RunOptions = {}): ChildProcessByStdio<Writable, Readable, Readable> {
  return spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: cleanEnv(options.env), stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Run `docs <args>` to completion. */
export function docs(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const child = spawnDocs(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  // A command that reads nothing (help) may be gone before its input is written: EPIPE, not a failure.
  child.stdin.on('error', () => {});
  child.stdin.end(options.input ?? '');
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      transcript.push(`$ docs ${args.join(' ')}\n${stdout}\n${stderr}`);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

export interface DemoToken {
  token: string;
  userId: string;
  role: string;
  org: string;
}

export interface RunningEmulator {
  url: string;
  /** Demo tokens by role (`admin`, `read`, …; `otherAdmin` for the second organization's admin). */
  tokens: Record<string, string>;
  /** The emulator process (for RSS and signal checks). */
  pid: number;
  /** What it wrote to stderr so far (warnings). */
  stderr(): string;
  stop(): Promise<void>;
}

export interface EmulatorStartOptions {
  /** Let the emulator read local files and git repositories inside `filesRoot()` (`--files-root`). */
  files?: boolean;
}

/**
 * Start `docs emulator start --port 0 --seed demo [...extra]` and read what it prints: the base
 * URL on the first line, then `token <t> user <id> <name> role <role> org <org>` lines. Without
 * `{ files: true }` (or `--files-root` in `extra`) file and local git imports are refused.
 */
export async function startEmulator(extra: readonly string[] = [], options: EmulatorStartOptions = {}): Promise<RunningEmulator> {
  const args = [...(options.files ? ['--files-root', filesRoot()] : []), ...extra];
  const child = spawn(process.execPath, [BIN, 'emulator', 'start', '--port', '0', '--seed', 'demo', ...args], {
    cwd: ROOT,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const lines = await new Promise<string[]>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`the emulator did not start in time: ${stderr}`)), 30_000);
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const all = buffer.split('\n');
      // The token lines follow the URL in one write; wait until the output goes quiet.
      if (all.length > 2) {
        clearTimeout(timer);
        setTimeout(() => {
          child.stdout.off('data', onData);
          resolve(buffer.split('\n').filter(Boolean));
        }, 50);
      }
    };
    child.stdout.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the emulator exited with ${code}: ${stderr}`)));
  });
  const [url = '', ...tokenLines] = lines;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(url)) throw new Error(`unexpected first line from the emulator: ${url}`);
  const tokens: Record<string, string> = {};
  let firstOrg: string | undefined;
  for (const line of tokenLines) {
    const f = line.split('\t');
    const field = (name: string) => f[f.indexOf(name) + 1];
    const [token, role, org] = [field('token'), field('role'), field('org')];
    if (!token || !role) continue;
    firstOrg ??= org;
    // Tokens of the demo organization by role; the admin of the second organization only as
    // `otherAdmin` (the demo admin administers both).
    if (org === firstOrg) tokens[role] ??= token;
    else if (role === 'admin' && token !== tokens.admin) tokens.otherAdmin ??= token;
  }
  return {
    url,
    tokens,
    pid: child.pid as number,
    stderr: () => stderr,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A direct API call (setup and checks of server state), not through the CLI under test. */
export async function api<T = unknown>(
  emulator: RunningEmulator,
  method: string,
  path: string,
  body?: unknown,
  token = emulator.tokens.admin,
): Promise<T> {
  const res = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A script that runs the CLI the way bin/run.js does when it leaves a command to oclif, and nothing else: oclif's own
 * `execute` on the bundle, with the whole manifest. Tests compare what bin/run.js prints with what it prints.
 */
export function oclifOnlyScript(): string {
  const script = join(tempDir(), 'oclif-only.mjs');
  writeFileSync(
    script,
    [
      'globalThis.oclif = { enableAutoTranspile: false };',
      `const { execute } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'bin', 'main.mjs')).href)});`,
      `await execute({ dir: ${JSON.stringify(pathToFileURL(BIN).href)} });`,
    ].join('\n'),
  );
  return script;
}
