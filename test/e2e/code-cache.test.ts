import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { cleanEnv, cleanup, docs, ensureBuilt, ROOT, startEmulator, tempDir, type RunningEmulator } from '../helpers/e2e.js';
import { demoEnv } from '../helpers/setup.js';

/*
 * The code cache of the bundle's vendor scripts (oclif, undici: src/cli/vendor.ts). The first run writes it in the
 * user's cache directory; a run that V8 accepts it in leaves it as it is, and one it refuses writes it again. So a
 * second run that leaves the files untouched (the same inode: a write renames a new file into place) is one that
 * started from them, on whichever Node.js runs this suite (CI runs it on Node.js 20, 22 and 24: the V8 flags a
 * request sets are put back before the cache is written).
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
const MAGIC = 'docs code cache 1';

interface CacheFile {
  file: string;
  inode: number;
  bytes: number;
  /** The commands it has learnt (the file's second line). */
  learnt: string[];
}

/** The cache files in `dir`, by script name (oclif, undici). */
function cacheFiles(dir: string): Record<string, CacheFile> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir).map((file) => {
      const stat = statSync(join(dir, file));
      const [magic, commands] = readFileSync(join(dir, file), 'latin1').split('\n', 2);
      expect(magic, file).toBe(MAGIC);
      const learnt = commands!.split(',').filter(Boolean);
      return [file.replace(/-\w+\.cjs\..*$/, ''), { file, inode: stat.ino, bytes: stat.size, learnt }];
    }),
  );
}

const cacheDir = (cacheHome: string) => join(cacheHome, 'docs-cli', 'code-cache');

function run(cacheHome: string, args: string[], extra: Record<string, string> = {}) {
  return docs(args, { env: { ...demoEnv(emulator), XDG_CACHE_HOME: cacheHome, ...extra } });
}

const SPACE = ['spaces', 'get', DEMO.spaces.handbook, '--json'];

describe('the vendor scripts’ code cache', () => {
  it('is written by the first run, read by the next without being written again, and written again when refused or damaged', async () => {
    const cacheHome = tempDir();
    const dir = cacheDir(cacheHome);
    const first = await run(cacheHome, SPACE);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe('');
    const written = cacheFiles(dir);
    expect(Object.keys(written).sort()).toEqual(['oclif', 'undici']);
    for (const { file, bytes, learnt } of Object.values(written)) {
      expect(file.endsWith(suffix)).toBe(true);
      // Made after the run: the functions it called are in it (a cache of the top level alone is a few kB).
      expect(bytes).toBeGreaterThan(50_000);
      expect(learnt).toEqual(['spaces:get']);
    }

    const second = await run(cacheHome, SPACE);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toBe('');
    expect(cacheFiles(dir)).toEqual(written);

    // Not a cache at all; then a cache damaged in its middle, which V8 took (and crashed on) until its checksum was checked.
    const oclif = join(dir, written.oclif!.file);
    const intact = readFileSync(oclif);
    const damaged = Buffer.from(intact);
    for (let i = 2000; i < 2100; i++) damaged[i]! ^= 0x5a;
    for (const contents of [Buffer.from('not a code cache'), damaged]) {
      writeFileSync(oclif, contents);
      const again = await run(cacheHome, SPACE);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toBe('');
      expect(again.stdout).toBe(first.stdout);
      const rewritten = cacheFiles(dir);
      expect(rewritten.oclif!.bytes).toBeGreaterThan(50_000);
      expect(readFileSync(oclif).equals(contents)).toBe(false);
      expect(Object.keys(rewritten).sort()).toEqual(['oclif', 'undici']);
    }
  });

  it('learns each command once, when it succeeds: its first such run writes the cache again with what it held and what it added', async () => {
    const cacheHome = tempDir();
    const dir = cacheDir(cacheHome);
    // The help of a command runs none: it writes the cache, and it learns nothing.
    expect((await run(cacheHome, ['cr', 'list', '--help'])).code).toBe(0);
    const help = cacheFiles(dir);
    expect(Object.keys(help)).toEqual(['oclif']);
    expect(help.oclif!.learnt).toEqual([]);
    // A request alone, for comparison.
    const alone = tempDir();
    expect((await run(alone, SPACE)).code).toBe(0);

    // A run that fails (a flag it does not take) learns nothing either.
    const failed = await run(cacheHome, [...SPACE, '--no-such-flag']);
    expect(failed.code).toBe(2);
    expect(cacheFiles(dir).oclif).toEqual(help.oclif);
    expect(cacheFiles(dir).undici!.learnt).toEqual([]);

    expect((await run(cacheHome, SPACE)).code).toBe(0);
    const learnt = cacheFiles(dir);
    expect(learnt.oclif!.inode).not.toBe(help.oclif!.inode);
    expect(learnt.oclif!.learnt).toEqual(['spaces:get']);
    expect(learnt.undici!.learnt).toEqual(['spaces:get']);
    // It holds what the help compiled and what the request did: more than either alone.
    expect(learnt.oclif!.bytes).toBeGreaterThan(help.oclif!.bytes);
    expect(learnt.oclif!.bytes).toBeGreaterThan(cacheFiles(cacheDir(alone)).oclif!.bytes);

    // Known to both caches now: neither is written again.
    for (let i = 0; i < 2; i++) {
      const res = await run(cacheHome, SPACE);
      expect(res.code, res.stderr).toBe(0);
    }
    expect(cacheFiles(dir)).toEqual(learnt);
  });

  it('each installation of the same build keeps its own; a new build replaces the one before it', async () => {
    // A script made from a cache keeps the path of the installation that wrote it: sharing one, an installation's
    // stack traces (and V8's coverage, which the start-up tests read) named the other's files.
    // A second installation of the same build: its scripts have the same content, at another path.
    const copy = tempDir();
    for (const part of ['bin', 'dist', 'package.json', 'oclif.manifest.json'])
      cpSync(join(ROOT, part), join(copy, part), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const cacheHome = tempDir();
    const env = { ...cleanEnv(demoEnv(emulator)), XDG_CACHE_HOME: cacheHome };
    const runFrom = (root: string) => {
      const res = spawnSync(process.execPath, [join(root, 'bin', 'run.js'), ...SPACE], { env, encoding: 'utf8' });
      expect(res.status, res.stderr).toBe(0);
    };
    const files = () => readdirSync(cacheDir(cacheHome)).sort();
    runFrom(ROOT);
    const mine = files();
    runFrom(copy);
    const both = files();
    expect(both.filter((file) => file.startsWith('oclif-') && file.endsWith(suffix))).toHaveLength(2);
    expect(both.filter((file) => file.startsWith('undici-') && file.endsWith(suffix))).toHaveLength(2);
    const copies = both.filter((file) => !mine.includes(file));

    // The copy gets a new build of oclif's script (another content hash): its cache replaces the copy's old one only.
    const vendor = join(copy, 'dist', 'bin', 'vendor');
    const oldName = readdirSync(vendor).find((file) => /^oclif-\w+\.cjs$/.test(file))!;
    const newName = 'oclif-NEWBUILD.cjs';
    writeFileSync(join(vendor, newName), `${readFileSync(join(vendor, oldName), 'utf8')}\n// another build\n`);
    for (const chunk of readdirSync(join(copy, 'dist', 'bin', 'chunks'))) {
      const path = join(copy, 'dist', 'bin', 'chunks', chunk);
      const text = readFileSync(path, 'utf8');
      if (text.includes(oldName)) writeFileSync(path, text.split(oldName).join(newName));
    }
    runFrom(copy);
    const after = files();
    const oldOfCopy = copies.find((file) => file.startsWith('oclif-'))!;
    expect(after).not.toContain(oldOfCopy);
    expect(after.filter((file) => file.startsWith(`${newName}.`))).toHaveLength(1);
    expect(after.filter((file) => !file.startsWith(`${newName}.`))).toEqual(both.filter((file) => file !== oldOfCopy));
  });

  it('a command that sends nothing writes oclif’s only', async () => {
    const cacheHome = tempDir();
    const res = await run(cacheHome, ['config', 'get', 'org']);
    expect(res.code, res.stderr).toBe(0);
    expect(Object.keys(cacheFiles(cacheDir(cacheHome)))).toEqual(['oclif']);
  });

  it('--debug loads the scripts as modules: no cache, and their stack frames mapped to their sources', async () => {
    // A server answering a space without its required fields: an unexpected answer, whose stack --debug prints.
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"id":5}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const cacheHome = tempDir();
      const { port } = server.address() as AddressInfo;
      const res = await docs(['spaces', 'get', 'sp_x', '--debug'], {
        env: { DOCS_TOKEN: 'x', DOCS_API_URL: `http://127.0.0.1:${port}`, XDG_CACHE_HOME: cacheHome },
      });
      expect(res.code).not.toBe(0);
      expect(res.stderr).toMatch(/at .*node_modules[/\\]@oclif[/\\]core[/\\]lib[/\\]command\.js:\d+:\d+/);
      expect(existsSync(cacheDir(cacheHome))).toBe(false);
    } finally {
      server.close();
    }
  });

  it('NODE_DISABLE_COMPILE_CACHE=1 turns it off; a cache directory that cannot be written changes nothing', async () => {
    const off = tempDir();
    const expected = await run(off, SPACE, { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(expected.code, expected.stderr).toBe(0);
    expect(existsSync(join(off, 'docs-cli'))).toBe(false);

    // XDG_CACHE_HOME names a file: nothing can be made under it.
    const file = join(tempDir(), 'not-a-directory');
    writeFileSync(file, '');
    const res = await run(file, SPACE);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toBe('');
    expect(res.stdout).toBe(expected.stdout);
  });
});
