import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeed } from '../../src/emulator/seed/demo.js';
import { parseSeed } from '../../src/emulator/seed/schema.js';
import { BIN, cleanup, docs, ensureBuilt, ROOT } from '../helpers/e2e.js';

/** The seed as a format (issue 17 §4): its JSON Schema, the example seed, and `--seed none`. */

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const EXAMPLE = join(ROOT, 'src/emulator/seed/example.json');

interface Started {
  url: string;
  lines: string[];
  stop: () => void;
}
const running: Started[] = [];

/** `docs emulator start --port 0 <args>`, read up to its token lines. */
function start(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [BIN, 'emulator', 'start', '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the emulator exited with ${code}: ${err}`)));
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (!/\ntoken\t.*\n/.test(out)) return;
      const lines = out.trim().split('\n');
      const started = { url: lines[0] ?? '', lines: lines.slice(1), stop: () => child.kill('SIGTERM') };
      running.push(started);
      resolve(started);
    });
  });
}
const env = (url: string, token: string) => ({ DOCS_API_URL: url, DOCS_TOKEN: token });

describe('the seed format', () => {
  beforeAll(() => ensureBuilt());
  afterAll(() => {
    for (const r of running) r.stop();
    cleanup();
  });

  it('docs emulator seed schema prints a JSON Schema that the demo and the example seed pass and a typo fails', async () => {
    const result = await docs(['emulator', 'seed', 'schema']);
    expect(result.code, result.stderr).toBe(0);
    const schema = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const validate = addFormats(new Ajv2020({ strict: false, allErrors: true })).compile(schema);
    const example = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as Record<string, unknown>;
    expect(validate(demoSeed), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...example, $schema: './seed.schema.json' }), JSON.stringify(validate.errors)).toBe(true);
    const typo = structuredClone(example) as { organizations: { spaces: Record<string, unknown>[] }[] };
    typo.organizations[0]!.spaces[0]!.titel = 'Typo';
    expect(validate(typo)).toBe(false);
    expect(JSON.stringify(validate.errors)).toContain('titel');
    // The emulator accepts what the schema accepts, $schema key included.
    expect(() => parseSeed({ ...example, $schema: './seed.schema.json' })).not.toThrow();
  });

  it('starts from the example seed: its tokens are printed and its pages served', async () => {
    const emulator = await start(['--seed', EXAMPLE]);
    expect(emulator.lines[0]).toBe('token\texample-admin-token\tuser\tusr_rosa\tRosa Parks\trole\tadmin\torg\torg_example');
    const pages = await docs(['spaces', 'pages', 'space_start'], { env: env(emulator.url, 'example-admin-token') });
    expect(pages.code, pages.stderr).toBe(0);
    expect(pages.stdout).toMatch(/^page_intro\tintroduction\tIntroduction\t/m);
    expect(pages.stdout).toMatch(/^page_setup_linux\tsetup\/linux\tLinux\t/m);
    const crs = await docs(['cr', 'list', 'space_start'], { env: env(emulator.url, 'example-editor-token') });
    expect(crs.stdout).toContain('Add macOS setup');
  });

  it('--seed none: one admin of an empty organization, with a printed token that works', async () => {
    const emulator = await start(['--seed', 'none']);
    expect(emulator.lines).toHaveLength(1);
    const [, token = ''] = emulator.lines[0]!.split('\t');
    expect(emulator.lines[0]).toMatch(/^token\tdocs-[0-9a-f]{32}\tuser\tusr_admin\tAdmin\trole\tadmin\torg\torg_main$/);
    const orgs = await docs(['orgs', 'list'], { env: env(emulator.url, token) });
    expect(orgs.code, orgs.stderr).toBe(0);
    expect(orgs.stdout).toMatch(/^org_main\tMy Organization/);
    const members = await docs(['members', 'list', '--org', 'org_main'], { env: env(emulator.url, token) });
    expect(members.code, members.stderr).toBe(0);
    expect(
      members.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]),
    ).toEqual(['usr_admin']);
    const collections = await docs(['collections', 'list', '--org', 'org_main'], { env: env(emulator.url, token) });
    expect(collections.code, collections.stderr).toBe(0);
    expect(collections.stdout.trim()).toBe('');
  });
});
