import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { cleanup, docs as spawned, type RunOptions } from '../helpers/e2e.js';
import { docs as inProcess, startEmulator, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/*
 * test/inproc runs commands in the test's process (test/helpers/inproc.ts). Here the same runs go
 * through bin/run.js as well: exit code, stdout and stderr must be the same, for every exit code a
 * command ends with and for each way it ends (returning, a failure it reports, `this.exit`, stdin).
 */

const SPACE = DEMO.spaces.guides;
let emulator: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator();
  env = demoEnv(emulator);
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const both = async (args: string[], options: RunOptions = {}) => {
  const [process, inside] = await Promise.all([spawned(args, options), inProcess(args, options)]);
  expect(inside).toEqual(process);
  return inside;
};

describe('in-process runs end as bin/run.js does', () => {
  it.each([
    ['a space as fields (0)', ['spaces', 'get', SPACE], 0],
    ['a space as JSON filtered by --jq (0)', ['spaces', 'get', SPACE, '--jq', '.title'], 0],
    ['a list piped (0)', ['cr', 'list', '--space', SPACE], 0],
    ['no space given (2)', ['spaces', 'get'], 2],
    ['an unknown flag (2)', ['spaces', 'get', SPACE, '--nope'], 2],
    ['a bad --limit (2)', ['cr', 'list', '--space', SPACE, '--limit', '0'], 2],
    ['a merge without a terminal or --yes (2)', ['cr', 'merge', '1', '--space', SPACE], 2],
    ['a dry run (0)', ['cr', 'merge', '1', '--space', SPACE, '--dry-run'], 0],
    ['a missing space (3)', ['spaces', 'get', 'space_nope'], 3],
    ['a jq expression jq refuses (2)', ['spaces', 'get', SPACE, '--jq', '.['], 2],
  ])('%s', async (_name, args, code) => {
    expect((await both(args, { env })).code).toBe(code);
  });

  it('a read-only token (4), no token at all (4), and an unreachable API (7)', async () => {
    expect((await both(['cr', 'create', SPACE, '--subject', 'x'], { env: { ...env, DOCS_TOKEN: emulator.tokens.read! } })).code).toBe(4);
    expect((await both(['spaces', 'get', SPACE], { env: { ...env, DOCS_TOKEN: undefined } })).code).toBe(4);
    expect((await both(['spaces', 'get', SPACE], { env: { ...env, DOCS_API_URL: 'http://127.0.0.1:9' } })).code).toBe(7);
  });

  it('stdin: a JSON body read from --input -', async () => {
    const res = await both(['api', 'POST', `/v1/spaces/${SPACE}/comments`, '--input', '-', '--dry-run'], {
      env,
      input: JSON.stringify({ body: { markdown: 'From stdin' } }),
    });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('From stdin');
  });
});
