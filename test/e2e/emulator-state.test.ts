import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { BIN, cleanup, ensureBuilt, ROOT, tempDir } from '../helpers/e2e.js';

/** The emulator's state on disk: private whatever the umask, and intact when it is stopped during an import that hangs. */

interface Emulator {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** `docs emulator start` under umask 000, so every permission comes from the emulator itself. */
function start(args: string[]): Promise<Emulator> {
  const child = spawn(
    'sh',
    ['-c', 'umask 000 && exec "$@"', 'sh', process.execPath, BIN, 'emulator', 'start', '--port', '0', '--seed', 'demo', ...args],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the emulator did not start: ${err}`)), 30_000);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const url = out.split('\n')[0];
      if (out.includes('\n') && url) {
        clearTimeout(timer);
        resolve({ child, url, stderr: () => err, exited });
      }
    });
    void exited.then((code) => reject(new Error(`the emulator exited with ${code}: ${err}`)));
  });
}

async function stop(emu: Emulator, signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  emu.child.kill(signal);
  const code = await emu.exited;
  return { code, ms: Date.now() - started };
}

const call = (emu: Emulator, method: string, path: string, body?: unknown) =>
  fetch(`${emu.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${DEMO.tokens.admin}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

/** Peak and current resident memory of a process, in MiB (Linux). */
function memory(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { peak: kib('VmHWM') / 1024, now: kib('VmRSS') / 1024 };
}

let stalled: TestServer;
beforeAll(async () => {
  ensureBuilt();
  // Sends headers and one chunk, then nothing: an import from it hangs until its timeout.
  stalled = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/markdown' });
    res.write('# Never ends\n');
  });
});
afterAll(async () => {
  await stalled?.close();
  cleanup();
});

describe('data directory', () => {
  it('is created 0700 with every file 0600 whatever the umask', async () => {
    const dir = join(tempDir(), 'state');
    const emu = await start(['--data-dir', dir]);
    try {
      expect((await call(emu, 'PATCH', `/v1/orgs/${DEMO.org}`, { title: 'Written' })).status).toBe(200);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      const files = readdirSync(dir);
      expect(files).toEqual(expect.arrayContaining(['emulator.sqlite', 'emulator.sqlite-wal', 'emulator.sqlite-shm', 'tokens.json']));
      for (const file of files) expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600);
      expect(emu.stderr()).toBe('');
    } finally {
      await stop(emu);
    }
  });

  it('warns on stderr when an existing directory is open to others, and tightens its files', async () => {
    const dir = join(tempDir(), 'open');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    closeSync(openSync(join(dir, 'emulator.sqlite'), 'w', 0o644));
    chmodSync(join(dir, 'emulator.sqlite'), 0o644);
    const emu = await start(['--data-dir', dir]);
    try {
      expect(emu.stderr()).toContain(
        `Warning: the emulator's data directory (it holds tokens) ${dir} is open to other users of this machine (mode 0755)`,
      );
      expect(emu.stderr()).toContain(`chmod 700 ${dir}`);
      for (const file of readdirSync(dir)) expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600);
    } finally {
      await stop(emu);
    }
  });
});

describe('stopping during an import that hangs', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} stops the emulator within 2 s and the data is intact after`, async () => {
      const dir = join(tempDir(), 'state');
      const emu = await start(['--data-dir', dir]);
      expect((await call(emu, 'PATCH', `/v1/orgs/${DEMO.org}`, { title: `Before ${signal}` })).status).toBe(200);
      const before = (await (await call(emu, 'GET', `/v1/spaces/${DEMO.spaces.guides}/content`)).json()) as { id: string };
      const hanging = call(emu, 'POST', `/v1/spaces/${DEMO.spaces.guides}/content/import`, {
        source: 'markdown',
        url: `${stalled.url}/slow.md`,
      }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 500));
      const { code, ms } = await stop(emu, signal);
      await hanging;
      process.stdout.write(`${signal} during a hanging import: exited ${code} after ${ms} ms\n`);
      expect(ms).toBeLessThan(2000);
      expect(code).toBe(0);

      const again = await start(['--data-dir', dir]);
      try {
        const org = (await (await call(again, 'GET', `/v1/orgs/${DEMO.org}`)).json()) as { title: string };
        expect(org.title).toBe(`Before ${signal}`);
        const content = (await (await call(again, 'GET', `/v1/spaces/${DEMO.spaces.guides}/content`)).json()) as { id: string };
        expect(content.id).toBe(before.id);
        expect((await call(again, 'GET', `/v1/spaces/${DEMO.spaces.guides}/content/pages`)).status).toBe(200);
      } finally {
        await stop(again);
      }
    });
  }
});

describe('memory', () => {
  it('a 1 GiB sparse file import is refused without reading it: the emulator stays small', async () => {
    const root = tempDir();
    const big = join(root, 'huge.md');
    // Sparse: 1 GiB long, no block written.
    writeFileSync(big, '');
    truncateSync(big, 1024 ** 3);
    // 128 MiB of one byte compresses to about 128 kB; it claims 10 bytes, so only inflating tells,
    // and inflating must stop at the 50 MiB limit.
    const bomb = Buffer.from(zipSync({ 'a.md': new Uint8Array(128 * 1024 ** 2) }, { level: 1 }));
    bomb.writeUInt32LE(10, 22);
    bomb.writeUInt32LE(10, bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    writeFileSync(join(root, 'bomb.zip'), bomb);
    const emu = await start(['--files-root', root]);
    try {
      const pid = emu.child.pid as number;
      const baseline = memory(pid);
      const res = await call(emu, 'POST', `/v1/spaces/${DEMO.spaces.guides}/content/import`, {
        source: 'markdown',
        url: pathToFileURL(big).href,
      });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain('--max-import-bytes');
      const after = memory(pid);
      process.stdout.write(
        `emulator RSS during a 1 GiB sparse-file import: baseline ${baseline.now.toFixed(1)} MiB, after ${after.now.toFixed(1)} MiB, peak ${after.peak.toFixed(1)} MiB\n`,
      );
      expect(after.peak - baseline.peak).toBeLessThan(64);

      const refused = await call(emu, 'POST', `/v1/spaces/${DEMO.spaces.guides}/content/import`, {
        source: 'zip',
        url: pathToFileURL(join(root, 'bomb.zip')).href,
      });
      expect(refused.status).toBe(413);
      const inflated = memory(pid);
      process.stdout.write(
        `emulator RSS after a 128 MiB zip bomb that declares 10 bytes: now ${inflated.now.toFixed(1)} MiB, peak ${inflated.peak.toFixed(1)} MiB\n`,
      );
      expect(inflated.peak - baseline.peak).toBeLessThan(160);
    } finally {
      await stop(emu);
    }
  });
});
