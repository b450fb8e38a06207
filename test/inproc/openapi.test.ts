import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, transcript, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** `docs openapi ...` and `docs openapi versions ...` end to end: real CLI process, real emulator process. */

const ORG = DEMO.org;
interface Spec {
  id: string;
  slug: string;
  visibility: string;
  lastVersion?: string;
  sourceURL?: string;
  lastProcessErrorCode?: string;
}
interface Version {
  id: string;
}
interface List<T> {
  items: T[];
}

const document = (version: string) => ({
  openapi: '3.0.3',
  info: { title: 'Pets', version },
  paths: { '/pets': { get: { responses: { '200': { description: 'The pets' } } } } },
});

let emulator: RunningEmulator;
let env: Record<string, string>;
let dir: string;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator([], { files: true });
  dir = tempDir();
  env = demoEnv(emulator);
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const base = `/v1/orgs/${ORG}/openapi`;
const specs = async () => (await api<List<Spec>>(emulator, 'GET', `${base}?limit=1000`)).items;
const versions = async (slug: string) => (await api<List<Version>>(emulator, 'GET', `${base}/${slug}/versions?limit=1000`)).items;
function writeSpec(name: string, version: string): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(document(version)));
  return file;
}
const createSpec = (slug: string, version = '1.0.0') =>
  api<Spec>(emulator, 'POST', base, { slug, source: { text: JSON.stringify(document(version)) } });

describe('docs openapi', () => {
  it('creates a specification from a file or a URL and prints its slug when piped', async () => {
    const fromFile = await docs(['openapi', 'create', '--slug', 'pets', '--file', writeSpec('pets.json', '1.0.0')], { env });
    expect(fromFile.code).toBe(0);
    const [slug, id, version, processing] = fromFile.stdout.trim().split('\t');
    expect([slug, processing]).toEqual(['pets', 'complete']);
    expect(await versions('pets')).toEqual([expect.objectContaining({ id: version })]);
    expect((await specs()).find((s) => s.slug === 'pets')?.id).toBe(id);

    // The emulator fetches file:// URLs, so a URL source needs no network.
    const url = pathToFileURL(writeSpec('remote.json', '2.0.0')).href;
    const fromUrl = await docs(['openapi', 'create', '--slug', 'remote-pets', '--url', url, '--json'], { env });
    expect(fromUrl.code).toBe(0);
    expect(JSON.parse(fromUrl.stdout)).toMatchObject({ slug: 'remote-pets', sourceURL: url });

    const taken = await docs(['openapi', 'create', '--slug', 'pets', '--file', writeSpec('again.json', '1.0.1')], { env });
    expect(taken.code).toBe(2);
    // The server's issue is about body.slug: the message names the flag, and none of the HTTP wording meant for API callers.
    expect(taken.stderr).toBe('Error: --slug an OpenAPI specification "pets" already exists in this organization (400).\n');
  });

  it('publishes: says whether it created (201) or updated (200) the specification', async () => {
    await createSpec('billing');
    const updated = await docs(['openapi', 'publish', 'billing', '--file', writeSpec('billing.json', '1.1.0')], { env });
    expect(updated.code).toBe(0);
    const row = updated.stdout.trim().split('\t');
    expect(row[0]).toBe('billing');
    expect(row.at(-1)).toBe('updated');
    expect((await versions('billing')).map((v) => v.id)[0]).toBe(row[2]);
    expect(await versions('billing')).toHaveLength(2);

    const created = await docs(['openapi', 'publish', 'invoices', '--file', '-', '--json'], {
      env,
      input: JSON.stringify(document('0.1.0')),
    });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ slug: 'invoices' });
    expect(created.stderr).toContain('Created OpenAPI specification invoices (201');
    expect((await specs()).map((s) => s.slug)).toContain('invoices');
  });

  it('lists, shows and changes the visibility of specifications', async () => {
    await createSpec('catalog');
    const tsv = await docs(['openapi', 'list'], { env });
    expect(tsv.code).toBe(0);
    const row = tsv.stdout
      .split('\n')
      .find((l) => l.startsWith('catalog\t'))!
      .split('\t');
    expect(row.slice(0, 3)).toEqual(['catalog', 'private', 'complete']);
    const json = await docs(['openapi', 'list', '--json'], { env });
    expect(JSON.parse(json.stdout).map((s: Spec) => s.slug)).toEqual((await specs()).map((s) => s.slug));

    const shown = await docs(['openapi', 'get', 'catalog'], { env });
    expect(shown.stdout).toContain('Slug\tcatalog');
    expect(shown.stdout).toContain('Visibility\tprivate');
    const edited = await docs(['openapi', 'edit', 'catalog', '--visibility', 'public', '--json'], { env });
    expect(edited.code).toBe(0);
    expect(JSON.parse(edited.stdout)).toMatchObject({ slug: 'catalog', visibility: 'public' });
    expect((await specs()).find((s) => s.slug === 'catalog')?.visibility).toBe('public');
  });

  it('lists versions, shows one by id or latest, and prints the document of a version', async () => {
    await createSpec('shop', '1.0.0');
    await api(emulator, 'PUT', `${base}/shop`, { source: { text: JSON.stringify(document('2.0.0')) } });
    const [latest, first] = await versions('shop');

    const list = await docs(['openapi', 'versions', 'list', 'shop'], { env });
    expect(
      list.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]),
    ).toEqual([latest!.id, first!.id]);
    const byDefault = await docs(['openapi', 'versions', 'get', 'shop', '--json'], { env });
    expect(JSON.parse(byDefault.stdout).id).toBe(latest!.id);
    const byId = await docs(['openapi', 'versions', 'get', 'shop', first!.id], { env });
    expect(byId.stdout).toContain(`ID\t${first!.id}`);

    const content = await docs(['openapi', 'versions', 'content', 'shop'], { env });
    expect(content.code).toBe(0);
    expect(JSON.parse(content.stdout)).toEqual(document('2.0.0'));
    const older = await docs(['openapi', 'versions', 'content', 'shop', first!.id], { env });
    expect(JSON.parse(older.stdout)).toEqual(document('1.0.0'));
    const raw = await docs(['openapi', 'versions', 'content', 'shop', 'latest', '--json'], { env });
    expect(JSON.parse(raw.stdout)).toMatchObject({ filesystem: { 'openapi.json': document('2.0.0') } });

    const missing = await docs(['openapi', 'versions', 'get', 'shop', 'oasv_missing'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe(
      'Error: OpenAPI specification version "oasv_missing" not found (404). Check the id with `docs openapi versions list shop`.\n',
    );
  });

  it('deletes with --yes only', async () => {
    await createSpec('old-api');
    const refused = await docs(['openapi', 'delete', 'old-api'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    const deleted = await docs(['openapi', 'delete', 'old-api', '--yes'], { env });
    expect(deleted.stdout).toBe('old-api\tdeleted\n');
    expect((await specs()).map((s) => s.slug)).not.toContain('old-api');
  });

  it('rejects bad input before sending (exit 2), a missing specification (exit 3) and a read-only token (exit 4)', async () => {
    // An unreachable URL proves nothing is sent: a request would fail with exit 7.
    const offline = { ...env, DOCS_API_URL: 'http://127.0.0.1:9' };
    const badSlug = await docs(['openapi', 'publish', 'Not_A_Slug', '--url', 'https://example.com/a.json'], { env: offline });
    expect(badSlug.code).toBe(2);
    expect(badSlug.stderr).toContain('SLUG "Not_A_Slug" is not a valid slug');
    const badCreate = await docs(['openapi', 'create', '--slug', 'x'.repeat(101), '--url', 'https://example.com/a.json'], { env: offline });
    expect(badCreate.code).toBe(2);
    expect(badCreate.stderr).toBe('Error: --slug must be at most 100 characters\n');
    const noSource = await docs(['openapi', 'create', '--slug', 'nothing'], { env: offline });
    expect(noSource.code).toBe(2);
    expect(noSource.stderr).toContain('pass --url <url> or --file <file|->');
    const both = await docs(['openapi', 'publish', 'pets', '--url', 'https://example.com/a.json', '--file', 'a.json'], { env: offline });
    expect(both.code).toBe(2);
    const badUrl = await docs(['openapi', 'create', '--slug', 'ok', '--url', 'not a url'], { env: offline });
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('--url');

    const missing = await docs(['openapi', 'get', 'no-such-spec'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe('Error: OpenAPI specification "no-such-spec" not found (404). Check the slug with `docs openapi list`.\n');
    const denied = await docs(['openapi', 'publish', 'pets', '--file', writeSpec('denied.json', '9.9.9')], {
      env: { ...env, DOCS_TOKEN: emulator.tokens.read! },
    });
    expect(denied.code).toBe(4);
  });

  it('never prints the token', () => {
    expect(transcript.join('\n')).not.toContain(emulator.tokens.admin);
  });
});
