import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { cleanEnv, cleanup, docs, ensureBuilt, ROOT, startEmulator, tempDir, type RunningEmulator } from '../helpers/e2e.js';
import { demoEnv } from '../helpers/setup.js';

/*
 * The code cache of the bundle's vendor scripts (oclif, undici: src/cli/vendor.ts). The first run writes it in the
 * user's cache directory; a run that V8 accepts it in leaves it as it is, and one it refuses writes it again. So a
 * second run that leaves the files untouched is one that started from them, on whichever Node.js runs this suite
 * (CI runs it on Node.js 20, 22 and 24: a V8 flag the request sets is put back before the cache is written).
 */

let emulator: RunningEmulator;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const suffix = `.${process.arch}.${process.version}`;

/** The cache files in `dir`, by script name (oclif, undici), with what identifies a write of each. */
function cacheFiles(dir: string): Record<string, { file: string; written: number; bytes: number }> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => !file.endsWith('.commands'))
      .map((file) => {
        const stat = statSync(join(dir, file));
        return [file.replace(/-\w+\.cjs\..*$/, ''), { file, written: stat.mtimeMs, bytes: stat.size }];
      }),
  );
}

/** The commands each script's cache has learnt (listed beside it), by script name. */
function learnt(dir: string): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(cacheFiles(dir)).map(([name, { file }]) => [
      name,
      readFileSync(join(dir, `${file}.commands`), 'utf8')
        .split('\n')
        .filter(Boolean),
    ]),
  );
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 20)); // a rewrite gets another mtime

function request(cacheHome: string, extra: Record<string, string> = {}) {
  return docs(['spaces', 'get', DEMO.spaces.handbook, '--json'], {
    env: { ...demoEnv(emulator), XDG_CACHE_HOME: cacheHome, ...extra },
  });
}

describe('the vendor scripts’ code cache', () => {
  it('is written by the first run, read by the next without being written again, and written again when refused', async () => {
    const cacheHome = tempDir();
    const dir = join(cacheHome, 'docs-cli', 'code-cache');
    const first = await request(cacheHome);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe('');
    const written = cacheFiles(dir);
    expect(Object.keys(written).sort()).toEqual(['oclif', 'undici']);
    for (const { file, bytes } of Object.values(written)) {
      expect(file.endsWith(suffix)).toBe(true);
      // Made after the run: the functions it called are in it (a cache of the top level alone is a few kB).
      expect(bytes).toBeGreaterThan(50_000);
    }

    await pause();
    const second = await request(cacheHome);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toBe('');
    expect(cacheFiles(dir)).toEqual(written);

    // A cache V8 refuses (here: not a cache at all) is compiled past and written again.
    const oclif = join(dir, written.oclif!.file);
    writeFileSync(oclif, 'not a code cache');
    const third = await request(cacheHome);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toBe(first.stdout);
    expect(readFileSync(oclif, 'utf8')).not.toBe('not a code cache');
    expect(statSync(oclif).size).toBeGreaterThan(50_000);
    expect(Object.keys(cacheFiles(dir)).sort()).toEqual(['oclif', 'undici']);
  });

  it('learns each command once: its first run with the cache writes it again, with what the cache held and what it added', async () => {
    const cacheHome = tempDir();
    const dir = join(cacheHome, 'docs-cli', 'code-cache');
    const env = { env: { ...demoEnv(emulator), XDG_CACHE_HOME: cacheHome } };
    const offline = await docs(['config', 'get', 'org'], env);
    expect(offline.code, offline.stderr).toBe(0);
    const first = cacheFiles(dir);
    expect(Object.keys(first)).toEqual(['oclif']);
    expect(learnt(dir)).toEqual({ oclif: ['config:get'] });

    await pause();
    expect((await request(cacheHome)).code).toBe(0);
    const second = cacheFiles(dir);
    expect(second.oclif!.written).not.toBe(first.oclif!.written);
    // What `config get` compiled is still in it, with what a request adds.
    expect(second.oclif!.bytes).toBeGreaterThan(first.oclif!.bytes);
    expect(learnt(dir)).toEqual({ oclif: ['config:get', 'spaces:get'], undici: ['spaces:get'] });

    await pause();
    for (const args of [
      ['spaces', 'get', DEMO.spaces.handbook, '--json'],
      ['config', 'get', 'org'],
    ]) {
      const res = await docs(args, env);
      expect(res.code, res.stderr).toBe(0);
    }
    expect(cacheFiles(dir)).toEqual(second);
  });

  it('each installation of the same build keeps its own', async () => {
    // A script made from a cache keeps the path of the installation that wrote it: sharing one, an installation's
    // stack traces (and V8's coverage, which the start-up tests read) named the other's files.
    // A second installation of the same build: its scripts have the same content, at another path.
    const copy = tempDir();
    for (const part of ['bin', 'dist', 'package.json', 'oclif.manifest.json'])
      cpSync(join(ROOT, part), join(copy, part), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const cacheHome = tempDir();
    const env = { ...cleanEnv(demoEnv(emulator)), XDG_CACHE_HOME: cacheHome };
    const args = ['spaces', 'get', DEMO.spaces.handbook, '--json'];
    for (const root of [ROOT, copy]) {
      const res = spawnSync(process.execPath, [join(root, 'bin', 'run.js'), ...args], { env, encoding: 'utf8' });
      expect(res.status, res.stderr).toBe(0);
    }
    const files = readdirSync(join(cacheHome, 'docs-cli', 'code-cache'));
    expect(files.filter((file) => file.startsWith('oclif-') && file.endsWith(suffix))).toHaveLength(2);
    expect(files.filter((file) => file.startsWith('undici-') && file.endsWith(suffix))).toHaveLength(2);
  });

  it('a command that sends nothing writes oclif’s only', async () => {
    const cacheHome = tempDir();
    const res = await docs(['config', 'get', 'org'], { env: { ...demoEnv(emulator), XDG_CACHE_HOME: cacheHome } });
    expect(res.code, res.stderr).toBe(0);
    expect(Object.keys(cacheFiles(join(cacheHome, 'docs-cli', 'code-cache')))).toEqual(['oclif']);
  });

  it('NODE_DISABLE_COMPILE_CACHE=1 turns it off; a cache directory that cannot be written changes nothing', async () => {
    const off = tempDir();
    const expected = await request(off, { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(expected.code, expected.stderr).toBe(0);
    expect(existsSync(join(off, 'docs-cli'))).toBe(false);

    // XDG_CACHE_HOME names a file: nothing can be made under it.
    const file = join(tempDir(), 'not-a-directory');
    writeFileSync(file, '');
    const res = await request(file);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toBe('');
    expect(res.stdout).toBe(expected.stdout);
  });
});
