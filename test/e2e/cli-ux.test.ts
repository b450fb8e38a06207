import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, ROOT, spawnDocs, startEmulator, type RunningEmulator, type RunResult } from '../helpers/e2e.js';
import { demoEnv } from '../helpers/setup.js';

/*
 * What a person meets at the prompt: typos, missing arguments, topics without a command, help,
 * stdout that stays JSON whatever happens, a reader that goes away, a server that is not there.
 */

const SPACE = DEMO.spaces.handbook;
let emulator: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
  env = demoEnv(emulator, { org: null });
  for (let i = 1; i <= 3; i++) await api(emulator, 'POST', `/v1/spaces/${SPACE}/change-requests`, { subject: `UX ${i}` });
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const usage = (res: RunResult) => ({ code: res.code, stdout: res.stdout, stderr: res.stderr });

describe('unknown commands', () => {
  it('name the likely command on one line, exit 2, nothing on stdout', async () => {
    expect(usage(await docs(['cr', 'lst'], { env }))).toEqual({
      code: 2,
      stdout: '',
      stderr: 'Error: "lst" is not a `docs cr` command. Did you mean `docs cr list`? See `docs cr --help`.\n',
    });
    expect(usage(await docs(['crr', 'list', '--json'], { env }))).toEqual({
      code: 2,
      stdout: '',
      stderr: 'Error: "crr" is not a docs command or topic. Did you mean `docs cr list`? See `docs --help`.\n',
    });
    const nothingClose = await docs(['frobnicate'], { env });
    expect(nothingClose.code).toBe(2);
    expect(nothingClose.stderr).toBe('Error: "frobnicate" is not a docs command or topic. See `docs --help` for the list.\n');
  });

  it('asking for their help gets the same answer', async () => {
    const res = await docs(['cr', 'mrege', '--help'], { env });
    expect(usage(res)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'Error: "mrege" is not a `docs cr` command. Did you mean `docs cr merge`? See `docs cr --help`.\n',
    });
  });
});

describe('help', () => {
  /** The names listed in one section (`COMMANDS`, `TOPICS`) of a help text; wrapped lines are skipped. */
  const section = (text: string, title: string) => {
    const lines = text.split('\n');
    const from = lines.indexOf(title);
    if (from < 0) return [];
    const body = lines.slice(from + 1);
    const end = body.findIndex((l) => l !== '' && !l.startsWith(' '));
    return body
      .slice(0, end < 0 ? undefined : end)
      .map((l) => /^ {2}(\S+(?: \S+)*?) {2,}\S/.exec(l)?.[1])
      .filter((name): name is string => name !== undefined);
  };

  it('`docs <topic>` alone lists the commands and subtopics of the topic, exit 0', async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
      commands: Record<string, { hidden?: boolean }>;
    };
    const ids = Object.keys(manifest.commands).filter((id) => !manifest.commands[id]!.hidden);
    const topics = [
      ...new Set(
        ids.flatMap((id) =>
          id
            .split(':')
            .slice(0, -1)
            .map((_, i, parts) => parts.slice(0, i + 1).join(':')),
        ),
      ),
    ];
    expect(topics).toEqual(expect.arrayContaining(['auth', 'config', 'cr', 'emulator']));
    for (const topic of topics) {
      const depth = topic.split(':').length;
      const under = ids.filter((id) => id.startsWith(`${topic}:`));
      const commands = under.filter((id) => id.split(':').length === depth + 1).map((id) => id.replace(/:/g, ' '));
      const subtopics = [
        ...new Set(
          under
            .filter((id) => id.split(':').length > depth + 1)
            .map((id) =>
              id
                .split(':')
                .slice(0, depth + 1)
                .join(' '),
            ),
        ),
      ];
      const res = await docs(topic.split(':'), { env });
      expect(res.code, topic).toBe(0);
      expect(section(res.stdout, 'COMMANDS').sort(), topic).toEqual(commands.sort());
      expect(section(res.stdout, 'TOPICS').sort(), topic).toEqual(subtopics.sort());
    }
  }, 120_000);

  it('`docs help <topic> <command>`, `-h` and `--help` print the same text', async () => {
    const long = await docs(['cr', 'merge', '--help'], { env });
    expect(long.code).toBe(0);
    expect(long.stdout).toContain('$ docs cr merge CR');
    expect((await docs(['cr', 'merge', '-h'], { env })).stdout).toBe(long.stdout);
    expect((await docs(['help', 'cr', 'merge'], { env })).stdout).toBe(long.stdout);
    expect((await docs(['help', 'cr'], { env })).stdout).toBe((await docs(['cr'], { env })).stdout);
  });

  it('`docs --help` lists each topic with commands once, the root commands, the exit codes and the environment', async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
      commands: Record<string, { hidden?: boolean }>;
    };
    const ids = Object.keys(manifest.commands).filter((id) => !manifest.commands[id]!.hidden);
    const res = await docs(['--help'], { env });
    expect(res.code).toBe(0);
    // `api` is a command, not a topic (oclif took `openapi:versions` for a child of `api`).
    expect(section(res.stdout, 'TOPICS')).toEqual([...new Set(ids.filter((id) => id.includes(':')).map((id) => id.split(':')[0]!))].sort());
    expect(section(res.stdout, 'COMMANDS')).toEqual(ids.filter((id) => !id.includes(':')).sort());
    expect(section(res.stdout, 'COMMANDS')).toEqual(expect.arrayContaining(['api', 'help']));
    expect(res.stdout).toMatch(/^EXIT CODES\n {2}0 {4}success$/m);
    expect(res.stdout).toMatch(/^ {2}DOCS_TOKEN {2,}\S/m);
  });
});

describe('usage errors name the problem and the command', () => {
  it.each([
    [['cr', 'get'], 'missing argument CR (Change request id or number). See `docs cr get --help`.'],
    [['cr', 'list', SPACE, '--spce', 'x'], 'unknown flag --spce (did you mean --space?). See `docs cr list --help`.'],
    [
      ['cr', 'list', SPACE, '--status', 'closed'],
      '--status must be one of draft, open, archived, merged, all (got "closed"). See `docs cr list --help`.',
    ],
    [['cr', 'list', SPACE, '--limit', 'ten'], '--limit: expected a whole number, got "ten". See `docs cr list --help`.'],
    [['cr', 'get', '1', '2'], 'unexpected argument 2: `docs cr get` takes CR. Quote values that contain spaces. See `docs cr get --help`.'],
  ])('docs %j', async (argv, message) => {
    expect(usage(await docs([...argv, '--json'], { env }))).toEqual({ code: 2, stdout: '', stderr: `Error: ${message}\n` });
  });
});

describe('--json', () => {
  const isJson = (text: string) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return text
        .trim()
        .split('\n')
        .every((line) => line !== '' && JSON.parse(line) !== undefined);
    }
  };

  it('stdout is JSON or empty, for successes and failures alike', async () => {
    const runs: string[][] = [
      ['cr', 'list', SPACE],
      ['cr', 'list', SPACE, '--all'],
      ['cr', 'get', '1', '--space', SPACE],
      ['cr', 'get', '999', '--space', SPACE],
      ['cr', 'create', SPACE, '--subject', 'json'],
      ['cr', 'create', SPACE, '--subject', 'x'.repeat(101)],
      ['cr', 'merge', '1', '--space', SPACE],
      ['cr', 'merge', '1', '--space', SPACE, '--dry-run'],
      ['cr', 'pdf', '1', '--space', SPACE],
      ['config', 'list'],
      ['config', 'get', 'org'],
      ['config', 'get', 'nope'],
      ['auth', 'status'],
      ['api', 'GET', '/orgs'],
      ['api', 'GET', '/nope'],
      ['cr', 'lst'],
    ];
    for (const argv of runs) {
      const res = await docs([...argv, '--json'], { env });
      if (res.stdout !== '') expect(isJson(res.stdout), `docs ${argv.join(' ')} --json: ${res.stdout}`).toBe(true);
      if (res.code !== 0) expect(res.stdout, `docs ${argv.join(' ')}`).toBe('');
      expect(res.stderr, `docs ${argv.join(' ')}`).not.toMatch(/\n\s+at /);
    }
    const merged = await docs(['cr', 'merge', '1', '--space', SPACE, '--yes', '--json'], {
      env: { ...env, DOCS_TOKEN: emulator.tokens.read! },
    });
    expect(merged.code).toBe(4);
  }, 120_000); // Dozens of commands one after the other: on three runtimes side by side in CI, more than the default 30 s.
});

describe('stdin', () => {
  it('is never taken for an argument that was not typed', async () => {
    // As inside `while read line; do docs cr list --space ...; done < ids.txt`: oclif would read the
    // optional SPACE argument from stdin, which wins over --space.
    const res = await docs(['cr', 'list', '--space', SPACE, '--json'], { env, input: 'not-a-space\n' });
    expect(res.code, res.stderr).toBe(0);
    expect((JSON.parse(res.stdout) as unknown[]).length).toBeGreaterThan(0);
    const help = await docs(['help'], { env, input: 'cr\n' });
    expect(help.stdout).toMatch(/^TOPICS$/m);
  });
});

describe('a reader that goes away', () => {
  it('`docs cr list --all --json | head -1` stops quietly with exit 0', async () => {
    // One item per page, so every line is written after another request.
    const child = spawnDocs(['cr', 'list', SPACE, '--all', '--json', '--limit', '1'], { env });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdin.end();
    const first = await new Promise<string>((resolve) => child.stdout.once('data', (c: Buffer) => resolve(c.toString())));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(JSON.parse(first.split('\n')[0]!)).toHaveProperty('number');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});

describe('a server that is not there', () => {
  it('exit 7, naming the URL and where it came from, and the emulator on loopback', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = server.address() as { port: number };
        server.close(() => resolve(p));
      });
    });
    const res = await docs(['cr', 'list', SPACE], { env: { ...env, DOCS_API_URL: `http://127.0.0.1:${port}` } });
    expect(res.code).toBe(7);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(
      new RegExp(`^Error: GET http://127\\.0\\.0\\.1:${port}/v1/spaces/${SPACE}/change-requests.*: connection refused.*`),
    );
    expect(res.stderr).toContain(
      `Nothing is listening at http://127.0.0.1:${port}: is the emulator running (\`docs emulator start\`)? Check DOCS_API_URL and your network.\n`,
    );
  }, 30_000);
});

describe('permissions', () => {
  it('a read-only token trying to merge: exit 4, the role needed and what to do', async () => {
    const res = await docs(['cr', 'merge', '1', '--space', SPACE, '--yes'], { env: { ...env, DOCS_TOKEN: emulator.tokens.read! } });
    expect(res.code).toBe(4);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(
      /^Error: permission denied \(403\): .*review.*\. Ask an organization admin for a role that allows it, or use a token that has one \(`docs auth status` shows which is in use\)\.\n$/,
    );
  });
});

describe('docs emulator start', () => {
  it('flag errors read like the other commands; a port in use says what to do', async () => {
    expect(usage(await docs(['emulator', 'start', '--prot', '1']))).toEqual({
      code: 2,
      stdout: '',
      stderr: 'Error: unknown flag --prot (did you mean --port?). See `docs emulator start --help`.\n',
    });
    const port = new URL(emulator.url).port;
    const busy = await docs(['emulator', 'start', '--port', port]);
    expect(usage(busy)).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: port ${port} on 127.0.0.1 is already in use (another emulator?); pick another with --port, or --port 0 for a free one\n`,
    });
  });
});

describe('docs api', () => {
  it('-f before the arguments leaves them to the arguments; -f keeps a string and -F types the value, as in gh api', async () => {
    const orgs = await docs(['api', '-f', 'limit=1', 'GET', '/orgs'], { env });
    expect(orgs.code).toBe(0);
    expect(JSON.parse(orgs.stdout).items).toHaveLength(1);
    const res = await docs(['api', 'POST', `/spaces/${SPACE}/change-requests`, '-f', 'subject=2.10'], { env });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout).subject).toBe('2.10');
    const crs = `/spaces/${SPACE}/change-requests`;
    const raw = await docs(['api', 'POST', crs, '--raw-field', 'subject=2.10', '-f', 'draft=true', '--dry-run', '--json'], { env });
    expect(JSON.parse(raw.stdout).body).toEqual({ subject: '2.10', draft: 'true' });
    const typed = await docs(['api', 'POST', crs, '-F', 'n=2.10', '--field', 'draft=true', '-F', 'none=null', '--dry-run', '--json'], {
      env,
    });
    expect(JSON.parse(typed.stdout).body).toEqual({ n: 2.1, draft: true, none: null });
  });

  it('--include prints the reason phrase with the status', async () => {
    const res = await docs(['api', 'GET', '/orgs', '--include'], { env });
    expect(res.stdout).toMatch(/^HTTP\/1\.1 200 OK\n/);
  });
});
