import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeed } from '../../src/emulator/seed/demo.js';
import { parseSeed } from '../../src/emulator/seed/schema.js';
import { BIN, cleanup, docs, ensureBuilt, ROOT, tempDir } from '../helpers/e2e.js';

/** The seed as a format (issue 17 §4): its JSON Schema, the example seed, and `--seed none`. */

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const EXAMPLE = join(ROOT, 'src/emulator/seed/example.json');

interface Started {
  url: string;
  lines: string[];
  stop: () => Promise<void>;
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
      const stopped = new Promise<void>((done) => child.once('exit', () => done()));
      const stop = () => (child.kill('SIGTERM'), stopped);
      const started = { url: lines[0] ?? '', lines: lines.slice(1), stop };
      running.push(started);
      resolve(started);
    });
  });
}
const env = (url: string, token: string) => ({ DOCS_API_URL: url, DOCS_TOKEN: token });

describe('the seed format', () => {
  beforeAll(() => ensureBuilt());
  afterAll(async () => {
    await Promise.all(running.map((r) => r.stop()));
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

type Json = Record<string, unknown>;

/** What the seed cannot carry (times, revision ids, addresses) is left out of a comparison. */
function normalize(value: unknown, url: string): unknown {
  if (Array.isArray(value)) return value.map((v) => normalize(v, url));
  if (typeof value === 'string') return value.replaceAll(url, 'URL');
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !/^(createdAt|updatedAt|postedAt|editedAt|revision\w*|urls|downloadURL|next)$/.test(k))
      .map(([k, v]) => [k, normalize(v, url)]),
  );
}

async function get(url: string, token: string, path: string): Promise<unknown> {
  const res = await fetch(`${url}/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: normalize(await res.json().catch(() => null), url) };
}

/** Every list and get of an organization's objects, as paths; spaces and change requests found through the API. */
async function paths(url: string, token: string, org: string, deep: boolean): Promise<string[]> {
  const items = async (path: string) =>
    ((await (await fetch(`${url}/v1${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { items: Json[] }).items;
  const out = [`/orgs/${org}/members`, `/orgs/${org}/teams`, `/orgs/${org}/collections`, `/orgs/${org}/sites`];
  for (const team of await items(`/orgs/${org}/teams`))
    out.push(`/orgs/${org}/teams/${String(team.id)}`, `/orgs/${org}/teams/${String(team.id)}/members`);
  for (const site of await items(`/orgs/${org}/sites`))
    out.push(`/orgs/${org}/sites/${String(site.id)}/sections`, `/orgs/${org}/sites/${String(site.id)}/site-spaces`);
  const spaces = new Set<string>();
  for (const c of await items(`/orgs/${org}/collections`)) {
    out.push(`/collections/${String(c.id)}`, `/collections/${String(c.id)}/spaces`);
    for (const s of await items(`/collections/${String(c.id)}/spaces`)) spaces.add(String(s.id));
  }
  for (const space of spaces) {
    out.push(`/spaces/${space}/content/pages`, `/spaces/${space}/content/files`, `/spaces/${space}/change-requests?status=open`);
    if (!deep) continue;
    out.push(`/spaces/${space}`, `/spaces/${space}/comments`);
    for (const cr of await items(`/spaces/${space}/change-requests?status=open`)) {
      const at = `/spaces/${space}/change-requests/${String(cr.id)}`;
      out.push(at, `${at}/content/pages`, `${at}/comments`);
      for (const cm of await items(`${at}/comments`))
        out.push(`${at}/comments/${String(cm.id)}`, `${at}/comments/${String(cm.id)}/replies`);
    }
  }
  return out;
}

async function compare(a: Started, tokenA: string, b: Started, tokenB: string, org: string, deep: boolean): Promise<number> {
  const list = await paths(a.url, tokenA, org, deep);
  expect(list).toEqual(await paths(b.url, tokenB, org, deep));
  for (const path of list) expect(await get(b.url, tokenB, path), path).toEqual(await get(a.url, tokenA, path));
  return list.length;
}

describe('seeds from data: export and pull', () => {
  beforeAll(() => ensureBuilt());
  afterAll(async () => {
    await Promise.all(running.map((r) => r.stop()));
    cleanup();
  });

  it('export round trip: demo, changed with docs commands, exported, started again: every list and get answers the same', async () => {
    const dir = tempDir();
    const dataDir = `${dir}/data`;
    const first = await start(['--seed', 'demo', '--data-dir', dataDir]);
    const as = env(first.url, 'demo-admin-token');
    for (const args of [
      ['teams', 'create', '--title', 'QA', '--org', 'org_acme'],
      ['collections', 'create', '--title', 'Archive', '--org', 'org_acme'],
      ['cr', 'create', 'space_api', '--subject', 'Typos'],
      ['comments', 'create', '--cr', '1', '--space', 'space_guides', '--body', 'One more thing.'],
    ]) {
      const result = await docs(args, { env: as });
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    }
    await first.stop();
    const exported = await docs(['emulator', 'seed', 'export', '--data-dir', dataDir, '--output', `${dir}/seed.json`]);
    expect(exported.code, exported.stderr).toBe(0);
    const again = await start(['--data-dir', dataDir]);
    const fromSeed = await start(['--seed', `${dir}/seed.json`]);
    expect([...fromSeed.lines].sort()).toEqual([...again.lines].sort());
    const compared = await compare(again, 'demo-admin-token', fromSeed, 'demo-admin-token', 'org_acme', true);
    expect(compared).toBeGreaterThan(30);
  });

  it('pull: lists and page texts of a second emulator started from the pulled seed match, and no token is copied', async () => {
    const dir = tempDir();
    const source = await start(['--seed', 'demo']);
    const pulled = await docs(['emulator', 'seed', 'pull', '--org', 'org_acme', '--output', `${dir}/pulled.json`], {
      env: env(source.url, 'demo-admin-token'),
    });
    expect(pulled.code, pulled.stderr).toBe(0);
    const text = readFileSync(`${dir}/pulled.json`, 'utf8');
    expect(text).not.toMatch(/demo-[a-z-]+-token/);
    const seed = JSON.parse(text) as { $comment: string; users: { id: string; tokens: string[] }[] };
    expect(seed.$comment).toContain('No token or secret was copied');
    const copy = await start(['--seed', `${dir}/pulled.json`]);
    const token = seed.users.find((u) => u.id === 'usr_ada')?.tokens[0] ?? '';
    await sleep(0);
    expect(await compare(source, 'demo-admin-token', copy, token, 'org_acme', false)).toBeGreaterThan(15);
  });
});
