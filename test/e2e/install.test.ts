import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
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
      /^(bin\/(run|manifest)\.js|dist\/(bin|api|emulator)\/.+|dist\/index\.(js|js\.map|d\.ts)|oclif\.manifest\.json|dist\/(help|manifest)\/[^/]+\.json|package\.json|README\.md|LICENSE)$/;
    expect(files.filter((f) => !allowed.test(f))).toEqual([]);
    expect(files).toContain('dist/bin/main.mjs');
    expect(files).toContain('dist/bin/commands/spaces/get.mjs');
    // oclif and undici, bundled into files of their own that the bundle loads with require() (src/cli/vendor.ts).
    expect(files.filter((f) => f.startsWith('dist/bin/vendor/') && f.endsWith('.cjs')).sort()).toEqual([
      expect.stringMatching(/^dist\/bin\/vendor\/oclif-\w+\.cjs$/),
      expect.stringMatching(/^dist\/bin\/vendor\/undici-\w+\.cjs$/),
    ]);
    // The help bin/run.js prints itself (bin/prepare-help.js).
    expect(files).toContain('dist/help/root.json');
    expect(files).toContain('dist/help/topic cr.json');
    // Each command's part of the manifest (bin/split-manifest.js), and what finds it (bin/manifest.js).
    expect(files).toContain('bin/manifest.js');
    expect(files).toContain('dist/manifest/index.json');
    expect(files).toContain('dist/manifest/spaces get.json');

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

/** The installed `docs`: its version, its emulator started with the demo seed, and a command against it. */
async function checkInstalled(bin: string, env: NodeJS.ProcessEnv, storage: string): Promise<void> {
  const version = spawnSync(bin, ['--version'], { env, encoding: 'utf8' });
  expect(version.stdout).toContain(`${pkg.name}/${pkg.version}`);
  const help = spawnSync(bin, ['cr', '--help'], { env, encoding: 'utf8' });
  expect(help.stdout).toContain('cr review');

  const emulator = spawn(bin, ['emulator', 'start', '--port', '0', '--seed', 'demo'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      emulator.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      emulator.stderr.on('data', (c: Buffer) => (err += c.toString()));
      emulator.on('exit', (code) => reject(new Error(`emulator exited ${code}: ${err}`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = (await (await fetch(`${url}/_emulator/health`)).json()) as { storage?: string };
    expect(health.storage).toBe(storage);
    const get = spawnSync(bin, ['spaces', 'get', 'space_guides', '--json'], {
      env: { ...env, DOCS_API_URL: url, DOCS_TOKEN: 'demo-admin-token' },
      encoding: 'utf8',
    });
    expect(get.status, get.stderr).toBe(0);
    expect(JSON.parse(get.stdout)).toMatchObject({ object: 'space', id: 'space_guides' });
  } finally {
    emulator.kill('SIGTERM');
  }
  // Nothing on stderr: no ExperimentalWarning, no oclif warning.
  expect(err).toBe('');
}

/** A local server for prebuild-install's documented binary-host setting: `answer` gets each request. */
async function binaryHost(answer: (url: string, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => answer(req.url ?? '', res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

describe.runIf(!hasNodeSqlite())('npm install -g of the packed tarball, on Node.js 20', () => {
  let server: Server | undefined;
  afterAll(() => server?.close());

  it('installs, and the installed docs prints its version, runs the emulator on better-sqlite3 and a command against it', async () => {
    const addon = join(ROOT, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
    expect(existsSync(addon), 'better-sqlite3 is built in this checkout').toBe(true);
    const work = tempDir('docs-install-');
    mkdirSync(join(work, 'addon', 'build', 'Release'), { recursive: true });
    cpSync(addon, join(work, 'addon', 'build', 'Release', 'better_sqlite3.node'));
    const addonTgz = join(work, 'addon.tgz');
    execFileSync('tar', ['czf', addonTgz, '-C', join(work, 'addon'), 'build']);
    const requested: string[] = [];
    const host = await binaryHost((url, res) => {
      requested.push(url);
      res.end(readFileSync(addonTgz));
    });
    server = host.server;

    const prefix = join(work, 'prefix');
    const install = await run('npm', ['install', '-g', '--prefix', prefix, tarball, '--prefer-offline', '--no-audit', '--no-fund'], {
      env: npmEnv({ npm_config_better_sqlite3_binary_host: host.url }),
      timeoutMs: 280_000,
    });
    expect(install.code, install.stderr).toBe(0);
    // The addon came from the prebuilt download, not from a compiler.
    expect(requested.some((url) => url.includes(`v${process.versions.modules}`))).toBe(true);

    const home = tempDir('docs-home-');
    const env = { PATH: process.env.PATH ?? '', HOME: home, DOCS_CONFIG_DIR: home, NO_COLOR: '1' };
    await checkInstalled(join(prefix, 'bin', 'docs'), env, 'better-sqlite3');
  }, 300_000);
});

/**
 * What a user of Node.js 22 or 24 without a compiler gets (CI runs this file on both, see .ci/run): PATH holds
 * this Node.js, npm and a shell, and no python3, make or C++ compiler; better-sqlite3's prebuilt download
 * answers 404, so its build fails and npm leaves that optional dependency out. The install succeeds and the
 * emulator runs on node:sqlite.
 */
describe.runIf(hasNodeSqlite())('npm install -g of the packed tarball, on Node.js 22.13 and later with no compiler', () => {
  let server: Server | undefined;
  afterAll(() => server?.close());

  it('installs without better-sqlite3, and the installed docs runs the emulator on node:sqlite', async () => {
    const work = tempDir('docs-install-');
    const bin = join(work, 'bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    symlinkSync('/bin/sh', join(bin, 'sh'));
    const npmCli = realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(npmCli)} "$@"\n`, {
      mode: 0o755,
    });
    for (const tool of ['cc', 'gcc', 'g++', 'c++', 'clang', 'make', 'python3', 'python'])
      expect(spawnSync('sh', ['-c', `command -v ${tool}`], { env: { PATH: bin } }).status, `${tool} on PATH`).not.toBe(0);

    const requested: string[] = [];
    const host = await binaryHost((url, res) => {
      requested.push(url);
      res.statusCode = 404;
      res.end();
    });
    server = host.server;
    const prefix = join(work, 'prefix');
    const started = Date.now();
    const install = await run('npm', ['install', '-g', '--prefix', prefix, tarball, '--prefer-offline', '--no-audit', '--no-fund'], {
      env: npmEnv({ PATH: bin, HOME: process.env.HOME ?? work, npm_config_better_sqlite3_binary_host: host.url }),
      timeoutMs: 280_000,
    });
    const seconds = (Date.now() - started) / 1000;
    expect(install.code, install.stderr).toBe(0);
    const installed = join(prefix, 'lib', 'node_modules', pkg.name);
    expect(existsSync(join(installed, 'node_modules', 'better-sqlite3')), 'better-sqlite3 left out').toBe(false);
    // It did try: the download was asked for (and refused), then the build failed for want of a compiler.
    expect(requested.length).toBeGreaterThan(0);
    const size = execFileSync('du', ['-sk', prefix], { encoding: 'utf8' }).split('\t')[0];
    console.log(
      `install on Node.js ${process.versions.node} with no compiler: ${seconds.toFixed(1)} s, ${Math.round(Number(size) / 1024)} MiB`,
    );

    const home = tempDir('docs-home-');
    const env = { PATH: bin, HOME: home, DOCS_CONFIG_DIR: home, NO_COLOR: '1' };
    await checkInstalled(join(prefix, 'bin', 'docs'), env, 'node:sqlite');
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
