import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/e2e.js';

/** The emulator's doors to the host: the files root, the import limit, the Host check, --allow-remote, bad percent-encoding. */

const SPACE = DEMO.spaces.guides;
const LIMIT = 2_000_000;
let closed: RunningEmulator;
let rooted: RunningEmulator;
let root: string;
let outside: string;
let server: TestServer;

async function call(emu: RunningEmulator, method: string, path: string, body?: unknown, token = emu.tokens.admin) {
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : undefined) as { error?: { code: number; message: string } } & Record<string, unknown>,
  };
}
const importUrl = (emu: RunningEmulator, url: string, source = 'markdown') =>
  call(emu, 'POST', `/v1/spaces/${SPACE}/content/import`, { source, url });

/** A GET with a chosen Host header (fetch does not let a caller set it). */
function getWithHost(emu: RunningEmulator, path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(emu.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, authorization: `Bearer ${emu.tokens.admin}` } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  ensureBuilt();
  root = tempDir('docs-e2e-files-');
  // Outside the files root: what a hostile import would like to read.
  outside = mkdtempSync(join(tmpdir(), 'docs-e2e-outside-'));
  writeFileSync(join(outside, 'secret.md'), '# Secret\n\nnot for the emulator\n');
  closed = await startEmulator();
  rooted = await startEmulator(['--files-root', root, '--max-import-bytes', String(LIMIT)]);
  server = await startServer((req, res) => {
    if (req.path === '/big-declared') res.writeHead(200, { 'content-length': String(LIMIT + 1) }).end(Buffer.alloc(LIMIT + 1, 97));
    else if (req.path === '/big-chunked') {
      res.writeHead(200);
      for (let i = 0; i < 40; i++) res.write(Buffer.alloc(100_000, 97));
      res.end();
    } else res.writeHead(200).end('# Served\n\nover http\n');
  });
}, 60_000);
afterAll(async () => {
  await Promise.all([closed?.stop(), rooted?.stop(), server?.close()]);
  rmSync(outside, { recursive: true, force: true });
  cleanup();
});

describe('files root', () => {
  it('without --files-root, file imports and local git repositories are refused with a 400 naming the flag', async () => {
    const cli = await docs(['spaces', 'import', SPACE, '--source', 'markdown', '--url', 'file:///etc/passwd', '--yes'], {
      env: { DOCS_TOKEN: closed.tokens.admin!, DOCS_API_URL: closed.url },
    });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain('--files-root');
    expect(cli.stderr).not.toContain('root:');
    const git = await call(closed, 'POST', `/v1/spaces/${SPACE}/git/import`, { url: root, ref: 'refs/heads/main' });
    expect(git.status).toBe(400);
    expect(git.body.error?.message).toContain('--files-root');
    const missing = await docs(['emulator', 'start', '--files-root', join(root, 'absent')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`Error: --files-root ${join(root, 'absent')}: no such directory\n`);
  });

  it('reads a file inside the root; a symlink, a symlinked directory or .. that leaves it is refused', async () => {
    writeFileSync(join(root, 'inside.md'), '# Inside\n\nfine\n');
    expect((await importUrl(rooted, pathToFileURL(join(root, 'inside.md')).href)).status).toBe(201);
    symlinkSync(join(outside, 'secret.md'), join(root, 'link.md'));
    symlinkSync(outside, join(root, 'dirlink'));
    for (const url of [
      pathToFileURL(join(root, 'link.md')).href,
      pathToFileURL(join(root, 'dirlink', 'secret.md')).href,
      pathToFileURL(join(outside, 'secret.md')).href,
      'file:///etc/passwd',
    ]) {
      const res = await importUrl(rooted, url);
      expect(res.status, url).toBe(400);
      expect(res.body.error?.message, url).toContain('outside the directory given with --files-root');
    }
    // A plain path keeps its `..` (a URL would normalize it): git resolves it, so the check does too.
    execFileSync('git', ['init', '-q', join(outside, 'repo')]);
    const git = await call(rooted, 'POST', `/v1/spaces/${SPACE}/git/import`, {
      url: `${root}/../../${outside.split('/').pop()!}/repo`,
      ref: 'refs/heads/main',
    });
    expect(git.status).toBe(400);
    expect(git.body.error?.message).toContain('outside the directory given with --files-root');
    const pages = JSON.stringify(await call(rooted, 'GET', `/v1/spaces/${SPACE}/content/pages`));
    expect(pages).not.toContain('not for the emulator');
  });

  it('reads regular files only: a FIFO and a directory are refused at once', async () => {
    execFileSync('mkfifo', [join(root, 'pipe.md')]);
    mkdirSync(join(root, 'folder.md'));
    const started = Date.now();
    for (const name of ['pipe.md', 'folder.md']) {
      const res = await importUrl(rooted, pathToFileURL(join(root, name)).href);
      expect(res.status, name).toBe(400);
      expect(res.body.error?.message).toContain('is not a regular file');
    }
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('import limit', () => {
  const tooLarge = (res: { status: number; body: { error?: { message: string } } }) => {
    expect(res.status).toBe(413);
    expect(res.body.error?.message).toContain(`${LIMIT} bytes`);
    expect(res.body.error?.message).toContain('--max-import-bytes');
  };

  it('a file, an http body (declared or not) and a zip past the limit answer 413 naming the limit and the flag', async () => {
    writeFileSync(join(root, 'big.md'), Buffer.alloc(LIMIT + 1, 97));
    tooLarge(await importUrl(rooted, pathToFileURL(join(root, 'big.md')).href));
    tooLarge(await importUrl(rooted, `${server.url}/big-declared`));
    tooLarge(await importUrl(rooted, `${server.url}/big-chunked`));
    expect((await importUrl(rooted, `${server.url}/small.md`)).status).toBe(201);
    // 3 MB of one byte compresses to a few kB: the uncompressed total is what counts.
    const bomb = zipSync({ 'a.md': new Uint8Array(3_000_000).fill(97) }, { level: 9 });
    expect(bomb.length).toBeLessThan(50_000);
    writeFileSync(join(root, 'bomb.zip'), bomb);
    tooLarge(await importUrl(rooted, pathToFileURL(join(root, 'bomb.zip')).href, 'zip'));
  });

  it('counts the bytes a zip really inflates to, not the sizes it declares', async () => {
    const zip = Buffer.from(zipSync({ 'a.md': new Uint8Array(3_000_000).fill(97) }, { level: 9 }));
    // Claim 10 bytes uncompressed in the local header (offset 22) and the central directory (offset 24).
    zip.writeUInt32LE(10, 22);
    zip.writeUInt32LE(10, zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    writeFileSync(join(root, 'liar.zip'), zip);
    tooLarge(await importUrl(rooted, pathToFileURL(join(root, 'liar.zip')).href, 'zip'));
  });

  it('refuses an archive of more than 10000 entries', async () => {
    const entries: Record<string, Uint8Array> = {};
    for (let i = 0; i <= 10_000; i++) entries[`p${i}.md`] = new Uint8Array();
    writeFileSync(join(root, 'many.zip'), zipSync(entries, { level: 0 }));
    const res = await importUrl(rooted, pathToFileURL(join(root, 'many.zip')).href, 'zip');
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toContain('at most 10000');
  });
});

describe('Host header', () => {
  it('answers its own address and localhost; a rebinding-style Host gets 421 in the error shape', async () => {
    const { port } = new URL(rooted.url);
    expect((await getWithHost(rooted, '/v1/orgs', `127.0.0.1:${port}`)).status).toBe(200);
    expect((await getWithHost(rooted, '/v1/orgs', `localhost:${port}`)).status).toBe(200);
    for (const host of [`attacker.example:${port}`, 'attacker.example', `127.0.0.1.nip.io:${port}`]) {
      for (const path of ['/v1/orgs', '/_emulator/health', `/_emulator/pdf/${SPACE}/x`]) {
        const res = await getWithHost(rooted, path, host);
        expect(res.status, `${host} ${path}`).toBe(421);
        expect(JSON.parse(res.body)).toEqual({ error: { code: 421, message: expect.stringContaining('--allow-remote') } });
      }
    }
  });

  it('--allow-remote answers any Host and replaces the demo tokens by random ones (printed and in tokens.json, 0600)', async () => {
    const dir = join(tempDir(), 'state');
    const remote = await startEmulator(['--allow-remote', '--data-dir', dir]);
    try {
      expect(remote.stderr()).toMatch(/--allow-remote: the emulator answers any Host header/);
      const tokens = Object.values(remote.tokens);
      expect(tokens.length).toBeGreaterThan(5);
      for (const token of tokens) expect(token).not.toMatch(/^demo-/);
      expect((await call(remote, 'GET', '/v1/orgs')).status).toBe(200);
      expect((await call(remote, 'GET', '/v1/orgs', undefined, DEMO.tokens.admin)).status).toBe(401);
      expect((await getWithHost(remote, '/v1/orgs', 'attacker.example')).status).toBe(200);
      const file = join(dir, 'tokens.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toContain(remote.tokens.admin);
    } finally {
      await remote.stop();
    }
  });
});

describe('bad percent-encoding', () => {
  it('answers 400 in the error shape for download paths and file URLs, with no stack trace', async () => {
    for (const path of [
      '/_emulator/files/%E0%A4%A',
      `/_emulator/files/${SPACE}/%E0%A4%A/x`,
      '/_emulator/pdf/%E0%A4%A/x',
      `/v1/spaces/%E0%A4%A`,
    ]) {
      const res = await fetch(`${rooted.url}${path}`, { headers: { authorization: `Bearer ${rooted.tokens.admin}` } });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 400, message: expect.any(String) } });
    }
    const file = await importUrl(rooted, `${pathToFileURL(root).href}/%E0%A4%A.md`);
    expect(file.status).toBe(400);
    expect(file.body.error?.message).toContain('not a valid file URL');
    // A page linking to a broken escape: its links list, not a 500.
    writeFileSync(join(root, 'broken-link.md'), '# Broken link\n\nSee [this](%E0%A4%A.md).\n');
    const imported = await importUrl(rooted, pathToFileURL(join(root, 'broken-link.md')).href);
    expect(imported.status).toBe(201);
    const pages = (await call(rooted, 'GET', `/v1/spaces/${SPACE}/content/pages`)).body.pages as { id: string; title: string }[];
    const page = pages.find((p) => p.title === 'Broken link');
    expect((await call(rooted, 'GET', `/v1/spaces/${SPACE}/content/page/${page?.id}/links`)).status).toBe(200);
    expect(rooted.stderr()).not.toMatch(/URIError|\n\s+at /);
  });
});
