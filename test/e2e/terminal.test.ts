import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { join } from 'node:path';
import { cleanup, docs, ensureBuilt, startEmulator, tempDir, type RunningEmulator } from '../helpers/e2e.js';
import { demoEnv } from '../helpers/setup.js';
import { docsOnTty, hasPty } from '../helpers/tty.js';

/** What a person sees at a terminal (a real pseudo-terminal), against what a pipe gets. */

let emulator: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
  env = demoEnv(emulator);
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

describe.skipIf(!hasPty)('tables on a terminal', () => {
  it('fit 80 columns: rows never wrap, long text ends in …, ids whole, times relative', async () => {
    const { code, output: text } = await docsOnTty(['members', 'list', '--org', DEMO.org], { env, columns: 80 });
    expect(code, text).toBe(0);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^USER ID +NAME +EMAIL +ROLE +SSO +JOINED +LAST SEEN$/);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(text).toContain('…');
    expect(text).toMatch(/\d+ (year|month|day|hour|minute)s? ago/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const piped = await docs(['members', 'list', '--org', DEMO.org], { env });
    const ids = piped.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t')[0]!);
    for (const [i, id] of ids.entries()) expect(lines[i + 1]!.startsWith(`${id} `)).toBe(true);
  });

  it('at 200 columns nothing is cut; piped output keeps ISO times and full values', async () => {
    const { code, output: text } = await docsOnTty(['members', 'list', '--org', DEMO.org], { env, columns: 200 });
    expect(code, text).toBe(0);
    expect(text).not.toContain('…');
    const piped = await docs(['members', 'list', '--org', DEMO.org], { env });
    expect(piped.stdout).toMatch(/\t\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/);
    for (const row of piped.stdout.trim().split('\n')) {
      const [, name, email] = row.split('\t');
      if (name) expect(text).toContain(name);
      if (email) expect(text).toContain(email);
    }
  });
});

describe('progress', () => {
  it('piped and --json runs print nothing on stderr: --all lists and pulls', async () => {
    const piped = await docs(['members', 'list', '--all', '--limit', '3'], { env });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).toBe('');
    const json = await docs(['members', 'list', '--all', '--limit', '3', '--json'], { env });
    expect(json.stderr).toBe('');
    const pulled = await docs(['spaces', 'pull', DEMO.spaces.guides, join(tempDir(), 'out')], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stderr).toBe('');
  });

  it.skipIf(!hasPty)('on a terminal, --all counts the items as pages arrive, of the total the API gives', async () => {
    const { code, output: text } = await docsOnTty(['members', 'list', '--all', '--limit', '3'], { env, columns: 120 });
    expect(code, text).toBe(0);
    expect(text).toMatch(/Fetched 3 (of \d+ )?items…/);
    expect(text).toMatch(/Fetched 6 (of \d+ )?items…/);
    expect(text).toContain('usr_ada');
  });

  it.skipIf(!hasPty)('on a terminal, spaces pull says what it is doing; --json on a terminal shows no progress', async () => {
    const { code, output: text } = await docsOnTty(['spaces', 'pull', DEMO.spaces.guides, join(tempDir(), 'out')], { env });
    expect(code, text).toBe(0);
    expect(text).toContain(`Reading the page tree of space ${DEMO.spaces.guides}…`);
    expect(text).toMatch(/Pulling \d+\/\d+ pages…/);
    const json = await docsOnTty(['members', 'list', '--all', '--json'], { env });
    expect(json.code).toBe(0);
    expect(json.output).not.toContain('Fetched');
  });

  it.skipIf(!hasPty)('cr diff and cr check show progress by the same rule as every command: on a terminal, never with --json', async () => {
    const args = ['1', '--space', DEMO.spaces.guides];
    const diff = await docsOnTty(['cr', 'diff', ...args], { env: { ...env, DOCS_PAGER: 'cat' } });
    expect(diff.code, diff.output).toBe(0);
    expect(diff.output).toContain(`Reading the pages of change request 1 of space ${DEMO.spaces.guides}…`);
    const check = await docsOnTty(['cr', 'check', ...args], { env });
    expect(check.output).toContain(`Checking change request 1 of space ${DEMO.spaces.guides}…`);
    for (const command of ['diff', 'check']) {
      const json = await docsOnTty(['cr', command, ...args, '--json'], { env });
      expect(json.output).not.toMatch(/Reading|Checking/);
      expect(json.output).toContain('{');
    }
  });
});
