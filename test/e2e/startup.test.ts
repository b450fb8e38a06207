import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { BIN, ROOT, tempDir } from '../helpers/e2e.js';
import { tracedRun } from '../helpers/modules.js';
import { demoEmulatorForFile } from '../helpers/setup.js';

/*
 * The start-up guard: what a command loads. The CLI runs from a bundle (dist/bin), so a loaded chunk is
 * mapped back to the sources it holds through its source map; dependencies left out of the bundle
 * (ink, react, better-sqlite3, conf, ...) load from node_modules and show as they are.
 */

const demo = demoEmulatorForFile();

/** The source files and node_modules files a run of `docs <argv>` loads. */
function loadedSources(argv: string[]): string[] {
  return tracedRun(argv, demo.env).sources();
}

function expectNone(sources: string[], heavy: string[]): void {
  for (const part of heavy) {
    expect(
      sources.filter((s) => s.includes(part)),
      part,
    ).toEqual([]);
  }
}

const INTERACTIVE_AND_EMULATOR = [
  '/node_modules/ink/',
  '/node_modules/react/',
  '/node_modules/better-sqlite3/',
  '/src/emulator/',
  '/src/ui/',
];

describe('start-up', () => {
  it('the bundle is what runs: a command loads its own file and shared chunks, not src or dist/cli', () => {
    const sources = loadedSources(['cr', 'list', DEMO.spaces.handbook, '--json']);
    expect(sources.some((s) => s.endsWith(join('dist', 'bin', 'commands', 'cr', 'list.mjs')))).toBe(true);
    expect(sources.some((s) => s.endsWith('/src/api/request.ts'))).toBe(true);
    expect(sources.some((s) => s.endsWith('/node_modules/undici/lib/dispatcher/agent.js'))).toBe(true);
    // undici's index loads fetch, WebSocket and the mock agents; the transport uses the agent and request only.
    expectNone(sources, ['/node_modules/undici/index.js', '/node_modules/undici/lib/web/websocket/', '/node_modules/undici/lib/mock/']);
    expectNone(sources, [join(ROOT, 'dist', 'cli'), join(ROOT, 'dist', 'api')]);
  });

  it('docs --version, docs --help and the help of a topic are printed by bin/run.js: nothing of the CLI loads', () => {
    // The same text as oclif's (help-prepared.test.ts), from package.json and dist/help/.
    for (const argv of [['--version'], ['--help'], [], ['cr', '--help'], ['sites', 'spaces']]) {
      const sources = loadedSources(argv);
      expect(
        sources.filter((s) => s.startsWith(join(ROOT, 'dist')) || s.includes('/node_modules/')),
        argv.join(' '),
      ).toEqual([]);
    }
  });

  it('docs cr list --help loads no ink, react, better-sqlite3 or emulator (nor zod, undici)', () => {
    for (const argv of [['cr', 'list', '--help']]) {
      const sources = loadedSources(argv);
      expect(
        sources.some((s) => s.includes('/node_modules/@oclif/core/')),
        argv.join(' '),
      ).toBe(true);
      expectNone(sources, [...INTERACTIVE_AND_EMULATOR, '/node_modules/zod/', '/node_modules/undici/']);
    }
  });

  it('config commands load neither the client, zod, undici nor the operation table', () => {
    const sources = loadedSources(['config', 'get', 'org']);
    expect(sources.some((s) => s.endsWith('/src/cli/base-command.ts'))).toBe(true);
    expectNone(sources, [
      '/node_modules/zod/',
      '/node_modules/undici/',
      '/node_modules/conf/',
      '/node_modules/cli-table3/',
      '/src/api/client.ts',
      '/src/api/operations/index.ts',
      ...INTERACTIVE_AND_EMULATOR,
    ]);
  });

  it('a command that sends its own operations loads their areas only, not the typed client and its whole table', () => {
    for (const [argv, areas] of [
      [['spaces', 'get', DEMO.spaces.handbook, '--json'], ['spaces.ts']],
      [['members', 'list', '--org', DEMO.org, '--json'], ['members.ts']],
      // A member named by e-mail is looked up with members.list beside the command's own operation.
      [['members', 'get', 'ada@acme.test', '--org', DEMO.org, '--json'], ['members.ts']],
      // A confirmation's names load their areas only when the question is asked (not with --yes). It deletes.
      [['teams', 'delete', DEMO.teams.reviewers, '--org', DEMO.org, '--yes'], ['teams.ts']],
      [['cr', 'list', DEMO.spaces.guides, '--status', 'all', '--json'], ['change-requests.ts']],
    ] as const) {
      const sources = loadedSources([...argv]);
      const operations = sources.filter((s) => s.includes('/src/api/operations/')).map((s) => s.replace(/.*\//, ''));
      expect(
        sources.some((s) => s.endsWith('/src/api/request.ts')),
        argv.join(' '),
      ).toBe(true);
      expect(operations.sort(), argv.join(' ')).toEqual([...areas]);
      expectNone(sources, ['/src/api/client.ts', ...INTERACTIVE_AND_EMULATOR]);
    }
  });

  it("a request loads neither Node's own undici (behind fetch) nor node:child_process", () => {
    // On Node.js 22 and 24 an ES import of node:http loaded Node's undici through three of its exports (the bundle
    // takes node:http through require()); oclif's WSL check loaded node:child_process through wsl-utils.
    const trace = tracedRun(['spaces', 'get', DEMO.spaces.handbook, '--json'], demo.env);
    expect(trace.builtins().filter((m) => m.includes('internal/deps/undici') || /\bchild_process\b/.test(m))).toEqual([]);
  });

  it("a request loads neither node:fs/promises nor readline, beyond what Node.js's own ES module loader does", () => {
    // An ES import of node:fs reads its `promises` export, which loads fs/promises, readline and the REPL's history;
    // Node.js 20's ES module loader loads fs/promises itself, 22 and 24's do not (undici, as published, loads node:http
    // and node:assert). zod reads `navigator` only
    // to decide whether it may JIT, which bin/run.js has turned off before any schema is built. The preload reads
    // Node.js's module list at exit and imports nothing itself; an empty ES module shows what the loader loads on its own.
    const dir = tempDir();
    const list = join(dir, 'builtins.json');
    const preload = join(dir, 'preload.cjs');
    const empty = join(dir, 'empty.mjs');
    writeFileSync(
      preload,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(process.moduleLoadList)));\n`,
    );
    writeFileSync(empty, '');
    const loaded = (argv: string[]) => {
      const res = spawnSync(process.execPath, ['--require', preload, ...argv], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, ...demo.env, NO_COLOR: '1' },
        encoding: 'utf8',
      });
      expect(res.status, res.stderr).toBe(0);
      return JSON.parse(readFileSync(list, 'utf8')) as string[];
    };
    const heavy = (modules: string[]) => modules.filter((m) => /internal\/fs\/promises|readline|internal\/navigator/.test(m));
    const loader = heavy(loaded([empty]));
    const request = loaded([BIN, 'spaces', 'get', DEMO.spaces.handbook, '--json']);
    expect(request).toContain('NativeModule net');
    expect(heavy(request).filter((m) => !loader.includes(m))).toEqual([]);
    if (Number(process.versions.node.split('.')[0]) >= 22) expect(loader).toEqual([]);
  });

  it("a request loads only the parts of zod the code uses, not zod's whole namespace", () => {
    // Sources import zod as a namespace and name what they use, so the bundle drops the rest (bin/bundle.js); an
    // `import { z } from 'zod'` or a dynamic import('zod') anywhere would keep all of it.
    const sources = loadedSources(['spaces', 'get', DEMO.spaces.handbook, '--json']);
    expect(sources.some((s) => s.endsWith('/node_modules/zod/v4/core/schemas.js'))).toBe(true);
    expectNone(sources, [
      '/node_modules/zod/v4/classic/external.js',
      '/node_modules/zod/v4/classic/coerce.js',
      '/node_modules/zod/v4/core/json-schema-generator.js',
    ]);
  });

  it('a request loads no is-wsl where the machine cannot be WSL, and builds no ICU collator to sort the commands', () => {
    // bin/bundle.js: oclif's platform check imports is-wsl only on Linux where the kernel or a WSL path says WSL is
    // possible (the same check as here: never on macOS or Windows, where there is no /proc; on WSL is-wsl loads).
    const wslPossible =
      process.platform === 'linux' &&
      ((() => {
        try {
          return readFileSync('/proc/version', 'utf8').toLowerCase().includes('microsoft');
        } catch {
          return false;
        }
      })() ||
        existsSync('/proc/sys/fs/binfmt_misc/WSLInterop') ||
        existsSync('/run/WSL'));
    // oclif's vendor script holds is-wsl (bundled where oclif imports it). The oclif module that runs the plugins
    // runs, which shows that the trace sees what runs in the script.
    const sources = loadedSources(['spaces', 'get', DEMO.spaces.handbook, '--json']);
    expect(sources).toContain('/node_modules/@oclif/core/lib/config/plugin.js');
    if (wslPossible) expect(sources.some((s) => s.includes('/node_modules/is-wsl/'))).toBe(true);
    else expectNone(sources, ['/node_modules/is-wsl/', '/node_modules/is-inside-container/', '/node_modules/is-docker/']);
    const ids = Object.keys((JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as { commands: object }).commands);
    expect(ids.length).toBeGreaterThan(100);
    const byCodePoint = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(byCodePoint).toEqual([...ids].sort((a, b) => a.localeCompare(b)));
    // The bundle's oclif (its vendor script) carries the patched sort (the build fails where @oclif/core changed it).
    const vendor = join(ROOT, 'dist', 'bin', 'vendor');
    const core = readdirSync(vendor).filter(
      (f) => f.endsWith('.cjs') && readFileSync(join(vendor, f), 'utf8').includes('.sort((a,b)=>a.id<b.id?-1:'),
    );
    expect(core).toEqual([expect.stringMatching(/^oclif-\w+\.cjs$/)]);
  });

  it("a request loads no node:http2, node:tls or node:crypto: undici's HTTP/2 module is required only for an HTTP/2 connection", () => {
    // The one source patch of undici (bin/bundle.js, bench/README.md "Dependency patches"). Without it undici's
    // client requires client-h2.js, and with it node:http2, at import.
    const trace = tracedRun(['spaces', 'get', DEMO.spaces.handbook, '--json'], demo.env);
    expect(trace.builtins()).toContain('NativeModule net');
    expect(trace.builtins().filter((m) => /^NativeModule (http2|tls|crypto)$/.test(m))).toEqual([]);
  });

  it('an API command with --json loads no emulator, no table renderer, no text measure, no conf and nothing interactive', () => {
    const sources = loadedSources(['cr', 'list', DEMO.spaces.handbook, '--json']);
    expectNone(sources, [
      '/node_modules/conf/',
      '/node_modules/cli-table3/',
      // string-width makes a segmenter and compiles Unicode property expressions as it loads: for text that is not ASCII.
      '/node_modules/string-width/',
      '/node_modules/get-east-asian-width/',
      '/node_modules/diff/',
      '/src/content/',
      ...INTERACTIVE_AND_EMULATOR,
    ]);
  });
});

describe('stack traces from the bundle', () => {
  it('--debug maps an unexpected failure back to src/; without it there is no stack', async () => {
    const { createServer } = await import('node:http');
    // A server answering a space without its required fields: an unexpected answer, the one failure that prints a stack.
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"id":5}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const run = (extra: string[]) =>
      new Promise<{ stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [BIN, 'spaces', 'get', 'sp_x', ...extra], {
          env: { PATH: process.env.PATH, HOME: tempDir(), DOCS_TOKEN: 'x', DOCS_API_URL: `http://127.0.0.1:${port}`, NO_COLOR: '1' },
        });
        let stderr = '';
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        child.on('close', () => resolve({ stderr }));
      });
    try {
      const debug = await run(['--debug']);
      expect(debug.stderr).toMatch(/at .*src[/\\]api[/\\]request\.ts:\d+:\d+/);
      expect(debug.stderr).toMatch(/at .*src[/\\]commands[/\\]spaces[/\\]get\.ts:\d+:\d+/);
      const plain = await run([]);
      expect(plain.stderr).toContain('unexpected response shape');
      expect(plain.stderr).not.toMatch(/^\s+at /m);
    } finally {
      server.close();
    }
  });
});
