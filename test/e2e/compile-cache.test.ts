import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/e2e.js';
import { demoEnv } from '../helpers/setup.js';

/*
 * Two code caches, both in the user's cache directory and turned off by NODE_DISABLE_COMPILE_CACHE=1: Node.js's
 * compile cache (module.enableCompileCache(), Node.js 22.1 and later; Node.js decides what it holds and when it is
 * valid), and undici's vendor script run as a vm.Script with the cached data its first run made after running
 * (src/cli/vendor.ts; V8 says when it rejects it). Nothing sets V8 flags at run time, so nothing has to be put back
 * before either is written.
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

const SPACE = ['spaces', 'get', DEMO.spaces.handbook, '--json'];
const hasCompileCache = (() => {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 1);
})();

function run(cacheHome: string, args: string[], extra: Record<string, string> = {}) {
  return docs(args, { env: { ...demoEnv(emulator), XDG_CACHE_HOME: cacheHome, ...extra } });
}

/** Every file under `dir`, relative to it. */
function filesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

describe('the compile cache', () => {
  it.runIf(hasCompileCache)(
    "a request fills Node.js's compile cache in the user's cache directory; a second run gives the same answer",
    async () => {
      const cacheHome = tempDir();
      const first = await run(cacheHome, SPACE);
      expect(first.code, first.stderr).toBe(0);
      expect(filesIn(join(cacheHome, 'docs-cli', 'compile-cache')).length).toBeGreaterThan(0);
      const second = await run(cacheHome, SPACE);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toBe(first.stdout);
      expect(second.stderr).toBe('');
    },
  );

  it.runIf(!hasCompileCache)("Node.js 20 has no compile cache: only undici's code cache is written", async () => {
    const cacheHome = tempDir();
    const res = await run(cacheHome, SPACE);
    expect(res.code, res.stderr).toBe(0);
    expect(readdirSync(join(cacheHome, 'docs-cli'))).toEqual(['code-cache']);
  });

  it("undici's code cache: made by the first request from what it compiled, read by the next, made again where V8 rejects it", async () => {
    const cacheHome = tempDir();
    const dir = join(cacheHome, 'docs-cli', 'code-cache', `${process.version}-${process.arch}`);
    const first = await run(cacheHome, SPACE);
    expect(first.code, first.stderr).toBe(0);
    const files = filesIn(dir);
    expect(files).toEqual([expect.stringMatching(/^undici-[A-Z0-9]+\.cjs\.[0-9a-f]{8}\.v8$/)]);
    const file = join(dir, files[0]!);
    // Made after the run: it holds the client, the parser and the streams the request compiled, where the data V8
    // makes before a script runs holds its top level only (~16 kB of undici's 360 kB).
    expect(statSync(file).size).toBeGreaterThan(100_000);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    const made = readFileSync(file);

    const second = await run(cacheHome, SPACE);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(readFileSync(file).equals(made)).toBe(true); // accepted: not made again

    // Data V8 rejects (another build's, a torn file): the run is the same, and the data is made again.
    writeFileSync(file, Buffer.alloc(4096, 7));
    const third = await run(cacheHome, SPACE);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toBe(first.stdout);
    expect(third.stderr).toBe('');
    expect(statSync(file).size).toBeGreaterThan(100_000);
    expect(filesIn(dir)).toEqual(files);

    // The cache of an earlier build of undici here is removed when a new one is written; that of an install elsewhere
    // is left.
    const where = files[0]!.split('.').at(-2)!;
    writeFileSync(join(dir, `undici-EARLIER0.cjs.${where}.v8`), 'old');
    const elsewhere = `undici-EARLIER0.cjs.${where === '00000000' ? '11111111' : '00000000'}.v8`;
    writeFileSync(join(dir, elsewhere), 'old');
    writeFileSync(file, 'torn');
    expect((await run(cacheHome, SPACE)).code).toBe(0);
    expect(filesIn(dir).sort()).toEqual([...files, elsewhere].sort());
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

  it("--debug maps oclif's stack frames to its sources", async () => {
    // A server answering a space without its required fields: an unexpected answer, whose stack --debug prints.
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"id":5}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await docs(['spaces', 'get', 'sp_x', '--debug'], {
        env: { DOCS_TOKEN: 'x', DOCS_API_URL: `http://127.0.0.1:${port}`, XDG_CACHE_HOME: tempDir() },
      });
      expect(res.code).not.toBe(0);
      expect(res.stderr).toMatch(/at .*node_modules[/\\]@oclif[/\\]core[/\\]lib[/\\]command\.js:\d+:\d+/);
    } finally {
      server.close();
    }
  });
});
