import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { cleanup, docs, ensureBuilt, ROOT, spawnDocs, startEmulator, tempDir, transcript, type RunningEmulator } from '../helpers/e2e.js';

/** Secrets in output, Ctrl-C, and help — end to end. */

const SPACE = DEMO.spaces.guides;
let emulator: RunningEmulator;
let slow: RunningEmulator | undefined;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
});

afterAll(async () => {
  await emulator?.stop();
  await slow?.stop();
  cleanup();
});

describe('secrets never reach the output', () => {
  it('no token or URL credential in any output, including --debug traces and errors', async () => {
    const token = emulator.tokens.admin!;
    const dir = tempDir();
    const env = { DOCS_CONFIG_DIR: dir };
    const runs = [
      await docs(['auth', 'login', '--with-token', '--api-url', emulator.url, '--debug'], { env, input: token }),
      await docs(['auth', 'status', '--debug'], { env }),
      await docs(['auth', 'status', '--json', '--debug'], { env }),
      await docs(['config', 'list', '--json'], { env }),
      await docs(['config', 'list'], { env }),
      await docs(['cr', 'list', SPACE, '--debug'], { env }),
      await docs(['cr', 'create', SPACE, '--subject', 'trace me', '--debug', '--json'], { env }),
      await docs(['cr', 'create', SPACE, '--subject', 'dry', '--dry-run', '--debug'], { env }),
      await docs(['cr', 'merge', '1', '--space', SPACE, '--dry-run', '--json'], { env }),
      await docs(['cr', 'get', '9999', '--space', SPACE, '--debug'], { env }),
      await docs(['api', 'GET', '/orgs', '--include', '--debug'], { env }),
      await docs(['api', 'GET', '/orgs'], { env: { ...env, DOCS_TOKEN: token, DOCS_API_URL: emulator.url } }),
      await docs(['cr', 'list', SPACE, '--debug'], { env: { ...env, DOCS_TOKEN: 'wrong-token-value-123' } }),
      // Credentials inside the API URL must not be echoed in errors or traces either.
      await docs(['cr', 'list', SPACE, '--debug'], {
        env: { ...env, DOCS_API_URL: emulator.url.replace('http://', 'http://someone:hunter2secret@') },
      }),
      await docs(['cr', 'list', SPACE, '--debug'], { env: { ...env, DOCS_API_URL: 'http://someone:hunter2secret@127.0.0.1:9' } }),
      await docs(['auth', 'status', '--json'], {
        env: { ...env, DOCS_API_URL: emulator.url.replace('http://', 'http://someone:hunter2secret@') },
      }),
      await docs(['auth', 'status'], { env: { ...env, DOCS_API_URL: emulator.url.replace('http://', 'http://someone:hunter2secret@') } }),
      await docs(['auth', 'login', '--with-token'], {
        env: { ...env, DOCS_API_URL: emulator.url.replace('http://', 'http://someone:hunter2secret@') },
        input: token,
      }),
    ];
    expect(runs[0]!.code).toBe(0);
    expect(runs[1]!.stderr).toContain('> GET');
    for (const run of runs) {
      const all = run.stdout + run.stderr;
      expect(all).not.toContain(token);
      expect(all).not.toContain('wrong-token-value-123');
      expect(all).not.toContain('hunter2secret');
    }
    // The profile file does hold it (mode 0600): that is where it lives.
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toContain(token);
  }, 120_000); // Dozens of commands one after the other: on three runtimes side by side in CI, more than the default 30 s.

  it('`auth token` prints the token on stdout only', async () => {
    const res = await docs(['auth', 'token'], { env: { DOCS_TOKEN: emulator.tokens.read!, DOCS_CONFIG_DIR: tempDir() } });
    expect(res.stdout).toBe(`${emulator.tokens.read}\n`);
    expect(res.stderr).toBe('');
  });
});

describe('Ctrl-C', () => {
  it('aborts the request in flight and exits 130', async () => {
    slow = await startEmulator(['--faults', 'delay=20s@1']);
    const child = spawnDocs(['cr', 'list', SPACE, '--debug'], {
      env: { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: slow.tokens.admin!, DOCS_API_URL: slow.url },
    });
    let stderr = '';
    // The trace line is written as the request goes out: from then on the request is in flight.
    const inFlight = new Promise<void>((resolve) =>
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
        if (stderr.includes('> GET')) resolve();
      }),
    );
    child.stdin.end();
    await inFlight;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = Date.now();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(code).toBe(130);
    expect(Date.now() - sent).toBeLessThan(3000);
    expect(stderr).toContain('Interrupted');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe('Ctrl-C during a merge', () => {
  let late: RunningEmulator | undefined;
  afterAll(async () => {
    await late?.stop();
  });

  it('after the merge was sent: says it may have been applied and how to check, exits 130; it was', async () => {
    // Every answer comes 1.5 s late: the merge is written at once and answered after the interrupt.
    late = await startEmulator(['--faults', 'delay=1500ms@1']);
    const env = { DOCS_CONFIG_DIR: tempDir(), DOCS_TOKEN: late.tokens.admin!, DOCS_API_URL: late.url };
    const child = spawnDocs(['cr', 'merge', '1', '--space', SPACE, '--yes', '--debug'], { env });
    let stderr = '';
    const inFlight = new Promise<void>((resolve) =>
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
        if (stderr.includes('> POST')) resolve();
      }),
    );
    child.stdin.end();
    await inFlight;
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(code).toBe(130);
    expect(stderr).toContain(
      `Error: Interrupted after the request was sent: it may have been applied; check with \`docs cr get 1 --space ${SPACE}\` before running it again.`,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
    // The server went on with it: the command named shows the merge.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const check = await docs(['cr', 'get', '1', '--space', SPACE, '--json'], { env });
    expect(check.code).toBe(0);
    expect((JSON.parse(check.stdout) as { status: string }).status).toBe('merged');
  });
});

describe('help', () => {
  it('`docs --help` lists the topics, the exit codes and the environment', async () => {
    const res = await docs(['--help']);
    expect(res.code).toBe(0);
    for (const topic of ['auth', 'config', 'cr', 'emulator']) expect(res.stdout).toMatch(new RegExp(`^  ${topic}\\s+\\S`, 'm'));
    expect(res.stdout).toContain('EXIT CODES');
    for (const code of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '130'])
      expect(res.stdout).toMatch(new RegExp(`^  ${code}\\s+\\S`, 'm'));
    expect(res.stdout).toContain('DOCS_TOKEN');
  });

  it('`docs cr --help` lists the change-request commands', async () => {
    const res = await docs(['cr', '--help']);
    for (const verb of ['list', 'create', 'get', 'diff', 'edit', 'merge', 'update-branch', 'pdf', 'review'])
      expect(res.stdout).toContain(`cr ${verb}`);
  });

  it('every command has a summary, a description, examples and flag docs', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
      commands: Record<
        string,
        {
          summary?: string;
          description?: string;
          examples?: unknown[];
          flags: Record<string, { description?: string; summary?: string; hidden?: boolean }>;
        }
      >;
    };
    const all = Object.entries(manifest.commands);
    expect(all.filter(([id]) => /^(auth|config|cr|api)( |:|$)/.test(id)).length).toBe(4 + 4 + 16 + 1);
    for (const [id, cmd] of all) {
      expect(cmd.summary, id).toBeTruthy();
      expect(cmd.description, id).toBeTruthy();
      expect(cmd.description, id).not.toBe(cmd.summary);
      expect(cmd.examples?.length, id).toBeGreaterThan(0);
      for (const [name, flag] of Object.entries(cmd.flags))
        if (!flag.hidden) expect(flag.description ?? flag.summary, `${id} --${name}`).toBeTruthy();
    }
  });
});

describe('transcript', () => {
  it('holds no demo token outside `auth token`', () => {
    for (const entry of transcript.filter((t) => !t.startsWith('$ docs auth token'))) {
      for (const secret of Object.values(emulator.tokens)) expect(entry).not.toContain(secret);
    }
  });
});
