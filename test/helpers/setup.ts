import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { afterAll, beforeAll } from 'vitest';
import { cleanup, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from './e2e.js';

/**
 * The environment most end-to-end tests run the CLI in: a fresh profile directory, a token (the
 * demo admin's by default) and the emulator's URL. The demo admin administers two organizations,
 * so org-scoped commands would ask which one: `org` (the demo organization unless `null`) is
 * written as the profile's default, as `docs config set org` would; so is `space` when given.
 */
export function demoEnv(
  emulator: RunningEmulator,
  options: { token?: string; org?: string | null; space?: string } = {},
): Record<string, string> {
  const dir = tempDir();
  const org = options.org === undefined ? DEMO.org : options.org;
  const profile = { ...(org !== null ? { org } : {}), ...(options.space ? { space: options.space } : {}) };
  if (Object.keys(profile).length > 0)
    writeFileSync(join(dir, 'config.json'), `${JSON.stringify({ profiles: { default: profile } })}\n`, { mode: 0o600 });
  return { DOCS_CONFIG_DIR: dir, DOCS_TOKEN: options.token ?? emulator.tokens.admin!, DOCS_API_URL: emulator.url };
}

/** `git` with a fixed identity and branch name, so commits work on any machine. */
export const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.test', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

/** A Git repository `root/name` holding `files` (path → text) in one commit on `main`. */
export function repoWith(root: string, name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'Initial docs');
  return dir;
}

/**
 * The demo emulator of a test file: built first, started before the file's tests and stopped after them (the temporary
 * folders cleaned up). `env` is demoEnv's with no default organization. Read both inside tests and hooks.
 */
export function demoEmulatorForFile(): { emulator: RunningEmulator; env: Record<string, string> } {
  const demo = {} as { emulator: RunningEmulator; env: Record<string, string> };
  beforeAll(async () => {
    ensureBuilt();
    demo.emulator = await startEmulator();
    demo.env = demoEnv(demo.emulator, { org: null });
  });
  afterAll(async () => {
    await demo.emulator?.stop();
    cleanup();
  });
  return demo;
}
