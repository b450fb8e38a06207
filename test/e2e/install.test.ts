import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanup, ensureBuilt, ROOT, tempDir } from '../helpers/e2e.js';
import { hasNodeSqlite } from '../helpers/sqlite.js';

/*
 * A real install: the package as `npm pack` makes it, installed with `npm install -g` into a clean
 * prefix, and the installed `docs` run. better-sqlite3's install script fetches a prebuilt addon; here
 * it is pointed (through prebuild-install's documented binary-host setting) at a local server handing
 * out the addon this checkout already built, so the test needs no network beyond the npm registry and
 * no compiler.
 */

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
let tarball: string;

beforeAll(() => {
  ensureBuilt();
  const dir = tempDir('docs-pack-');
  const out = execFileSync('npm', ['pack', '--pack-destination', dir, '--json'], { cwd: ROOT, encoding: 'utf8', env: npmEnv() });
  tarball = join(dir, (JSON.parse(out) as { filename: string }[])[0]!.filename);
}, 120_000);

afterAll(() => cleanup());

/** The caller's environment without what `npm test` adds (npm_config_*, npm_lifecycle_*), which would steer the inner npm. */
function npmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));
  return { ...env, NO_COLOR: '1', ...extra };
}

function commandIds(dir: string, prefix: string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return commandIds(join(dir, entry.name), [...prefix, entry.name]);
    if (!entry.name.endsWith('.ts')) return [];
    const name = entry.name.replace(/\.ts$/, '');
    return [(name === 'index' ? prefix : [...prefix, name]).join(':')];
  });
}

describe('the package', () => {
  it('holds only what runs, and a manifest that lists every command in src/commands', () => {
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && !f.endsWith('/'))
      .map((f) => f.replace(/^package\//, ''));
    const allowed =
      /^(bin\/run\.js|dist\/(bin|api|emulator)\/.+|dist\/index\.(js|js\.map|d\.ts)|oclif\.manifest\.json|package\.json|README\.md|LICENSE)$/;
    expect(files.filter((f) => !allowed.test(f))).toEqual([]);
    expect(files).toContain('dist/bin/main.js');
    expect(files).toContain('dist/bin/commands/spaces/get.js');

    const dir = tempDir('docs-unpack-');
    execFileSync('tar', ['xzf', tarball, '-C', dir, 'package/oclif.manifest.json']);
    const manifest = JSON.parse(readFileSync(join(dir, 'package', 'oclif.manifest.json'), 'utf8')) as {
      version: string;
      commands: Record<string, unknown>;
    };
    expect(manifest.version).toBe(pkg.version);
    const ids = commandIds(join(ROOT, 'src', 'commands'));
    expect(Object.keys(manifest.commands).sort()).toEqual(ids.sort());
  });
});

describe('npm install -g of the packed tarball', () => {
  let server: Server | undefined;
  afterAll(() => server?.close());

  it('installs, and the installed docs prints its version, runs the emulator and a command against it', async () => {
    const addon = join(ROOT, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
    expect(existsSync(addon), 'better-sqlite3 is built in this checkout').toBe(true);
    const work = tempDir('docs-install-');
    mkdirSync(join(work, 'addon', 'build', 'Release'), { recursive: true });
    cpSync(addon, join(work, 'addon', 'build', 'Release', 'better_sqlite3.node'));
    const addonTgz = join(work, 'addon.tgz');
    execFileSync('tar', ['czf', addonTgz, '-C', join(work, 'addon'), 'build']);
    const requested: string[] = [];
    server = createServer((req, res) => {
      requested.push(req.url ?? '');
      res.end(readFileSync(addonTgz));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };

    const prefix = join(work, 'prefix');
    const install = await run('npm', ['install', '-g', '--prefix', prefix, tarball, '--prefer-offline', '--no-audit', '--no-fund'], {
      env: npmEnv({ npm_config_better_sqlite3_binary_host: `http://127.0.0.1:${port}` }),
      timeoutMs: 280_000,
    });
    expect(install.code, install.stderr).toBe(0);
    // The addon came from the prebuilt download, not from a compiler.
    expect(requested.some((url) => url.includes(`v${process.versions.modules}`))).toBe(true);

    const bin = join(prefix, 'bin', 'docs');
    const home = tempDir('docs-home-');
    const env = { PATH: process.env.PATH ?? '', HOME: home, DOCS_CONFIG_DIR: home, NO_COLOR: '1' };
    const version = spawnSync(bin, ['--version'], { env, encoding: 'utf8' });
    expect(version.stdout).toContain(`${pkg.name}/${pkg.version}`);

    const emulator = spawn(bin, ['emulator', 'start', '--port', '0', '--seed', 'demo'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        let err = '';
        emulator.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes('\n')) resolve(out.split('\n')[0]!);
        });
        emulator.stderr.on('data', (c: Buffer) => (err += c.toString()));
        emulator.on('exit', (code) => reject(new Error(`emulator exited ${code}: ${err}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const get = spawnSync(bin, ['spaces', 'get', 'space_guides', '--json'], {
        env: { ...env, DOCS_API_URL: url, DOCS_TOKEN: 'demo-admin-token' },
        encoding: 'utf8',
      });
      expect(get.status, get.stderr).toBe(0);
      expect(JSON.parse(get.stdout)).toMatchObject({ object: 'space', id: 'space_guides' });
    } finally {
      emulator.kill('SIGTERM');
    }
  }, 300_000);
});

describe('docs emulator start without better-sqlite3', () => {
  /**
   * Run the checkout's `docs emulator start` with a preload standing in for a broken install (it answers
   * `require('better-sqlite3')`, the way the store loads it); stopped as soon as it prints its URL (when it
   * starts at all).
   */
  async function startWith(loadBetterSqlite3: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
    const dir = tempDir();
    const preload = join(dir, 'preload.cjs');
    writeFileSync(
      preload,
      `const Module = require('node:module');\nconst load = Module._load;\n` +
        `Module._load = function (request, ...rest) {\n  if (request === 'better-sqlite3') { ${loadBetterSqlite3} }\n  return load.call(this, request, ...rest);\n};\n`,
    );
    const child = spawn(process.execPath, ['--require', preload, BIN, 'emulator', 'start', '--port', '0', '--seed', 'demo'], {
      env: { PATH: process.env.PATH, HOME: dir, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes('\n')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    clearTimeout(timer);
    return { status, stdout, stderr };
  }

  const notInstalled = `const e = new Error("Cannot find module 'better-sqlite3'"); e.code = 'MODULE_NOT_FOUND'; throw e;`;
  const addonMissing = `return class Database { constructor() { throw new Error('Could not locate the bindings file. Tried:\\n → /x/build/better_sqlite3.node'); } };`;

  // Node.js 20 has no SQLite of its own: better-sqlite3 is the emulator's only storage there.
  describe.runIf(!hasNodeSqlite())('on Node.js 20', () => {
    it('not installed: one line naming the module and the fix, exit 1, no stack', async () => {
      const res = await startWith(notInstalled);
      expect(res.status).toBe(1);
      expect(res.stdout).toBe('');
      const lines = res.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Error: the emulator needs SQLite: Node\.js [\d.]+ has none built in, and better-sqlite3 .* it is not installed\./,
      );
      expect(lines[0]).toContain('Node.js 22.13 or later');
      expect(lines[0]).toContain(`npm install better-sqlite3\` in ${ROOT.replace(/\/$/, '')}`);
      expect(lines[0]).toContain('Every other command works without it.');
    });

    it('installed but its addon did not build: says so, exit 1', async () => {
      const res = await startWith(addonMissing);
      expect(res.status).toBe(1);
      const lines = res.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/better-sqlite3 .* its compiled part does not load \(Could not locate the bindings file/);
    });
  });

  // Node.js 22.13 and later: node:sqlite, whatever became of better-sqlite3, and Node 22's ExperimentalWarning is not printed.
  describe.runIf(hasNodeSqlite())('on Node.js 22.13 and later', () => {
    it.each([
      ['not installed', notInstalled],
      ['installed, its addon not loadable', addonMissing],
    ])('%s: starts on node:sqlite, printing only its URL and tokens', async (_, loader) => {
      const res = await startWith(loader);
      expect(res.stdout.split('\n')[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(res.stderr).toBe('');
    });
  });

  it('with it, the same command starts (the preloads above are what break it)', async () => {
    const res = await startWith('');
    expect(res.stdout.split('\n')[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(res.stderr).toBe('');
  });
});

/** Run a command to completion, asynchronously (the test's own server must keep answering). */
function run(
  cmd: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
