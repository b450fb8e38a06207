import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/e2e.js';
import { demoEnv } from '../helpers/setup.js';

/*
 * The only code cache is Node.js's compile cache, turned on by bin/run.js with module.enableCompileCache() (Node.js
 * 22.1 and later) in the user's cache directory: Node.js decides what it holds and when it is valid. Nothing sets
 * V8 flags at run time, so nothing has to be put back before it is written.
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

  it.runIf(!hasCompileCache)('Node.js 20 has none: nothing is written to the cache directory', async () => {
    const cacheHome = tempDir();
    const res = await run(cacheHome, SPACE);
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(join(cacheHome, 'docs-cli'))).toBe(false);
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
