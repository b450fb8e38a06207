import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/emulator/seed/demo.js';
import { api, cleanup, docs, ensureBuilt, startEmulator, tempDir, transcript, type RunningEmulator } from '../helpers/inproc.js';
import { demoEnv } from '../helpers/setup.js';

/** `docs translations ...` end to end: real CLI process, real emulator process. */

const ORG = DEMO.org;
const SPACE = DEMO.spaces.guides;
interface Translation {
  id: string;
  status: string;
  language: string;
  source: { space: string; language: string };
  instructions?: { object: string; nodes: unknown[] };
  stats?: { runs?: number };
}
interface List<T> {
  items: T[];
}

let emulator: RunningEmulator;
let env: Record<string, string>;
let dir: string;

beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator();
  dir = tempDir();
  env = demoEnv(emulator);
});

afterAll(async () => {
  await emulator?.stop();
  cleanup();
});

const base = `/v1/orgs/${ORG}/translations`;
const all = async () => (await api<List<Translation>>(emulator, 'GET', `${base}?limit=1000`)).items;
const getOne = (id: string) => api<Translation>(emulator, 'GET', `${base}/${id}`);
const createOne = (language: string) => api<Translation>(emulator, 'POST', base, { source: { space: SPACE, language: 'en' }, language });
const paragraph = (text: string) => ({
  object: 'block',
  type: 'paragraph',
  data: {},
  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
});

describe('docs translations', () => {
  it('creates a translation, wrapping --instructions text into a document, and prints its id when piped', async () => {
    const created = await docs(
      [
        'translations',
        'create',
        SPACE,
        '--language',
        'fr',
        '--source-language',
        'en',
        '--instructions',
        'Keep product names.\n\nUse "vous".',
      ],
      { env },
    );
    expect(created.code).toBe(0);
    const [id, status, source, language] = created.stdout.trim().split('\t');
    expect([source, language]).toEqual([SPACE, 'fr']);
    expect(['pending', 'running', 'completed']).toContain(status);
    const stored = await getOne(id!);
    expect(stored.source).toEqual({ space: SPACE, language: 'en' });
    expect(stored.instructions).toEqual({
      object: 'document',
      data: {},
      nodes: [paragraph('Keep product names.'), paragraph('Use "vous".')],
    });
  });

  it('lists (TSV, JSON) and shows a translation', async () => {
    const t = await createOne('de');
    const tsv = await docs(['translations', 'list'], { env });
    expect(tsv.code).toBe(0);
    const row = tsv.stdout
      .split('\n')
      .find((l) => l.startsWith(t.id))!
      .split('\t');
    expect(row.slice(0, 3)).toEqual([t.id, 'en → de', SPACE]);
    const json = await docs(['translations', 'list', '--json'], { env });
    expect(JSON.parse(json.stdout).map((x: Translation) => x.id)).toEqual((await all()).map((x) => x.id));

    const shown = await docs(['translations', 'get', t.id], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`ID\t${t.id}`);
    expect(shown.stdout).toContain('Languages\ten → de');
    expect(shown.stdout).toContain(`Source space\t${SPACE}`);
  });

  it('replaces the instructions from text or a JSON document file, and checks the file before sending', async () => {
    const t = await createOne('es');
    const edited = await docs(['translations', 'edit', t.id, '--instructions', 'Neutral Spanish.', '--json'], { env });
    expect(edited.code).toBe(0);
    expect(JSON.parse(edited.stdout).instructions.nodes).toEqual([paragraph('Neutral Spanish.')]);

    const doc = { object: 'document', data: { schemaVersion: 1 }, nodes: [paragraph('From a file')] };
    const file = join(dir, 'instructions.json');
    writeFileSync(file, JSON.stringify(doc));
    expect((await docs(['translations', 'edit', t.id, '--instructions-file', file], { env })).code).toBe(0);
    expect((await getOne(t.id)).instructions).toEqual(doc);

    writeFileSync(file, '{"object": "document"');
    const broken = await docs(['translations', 'edit', t.id, '--instructions-file', file], { env });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(`--instructions-file ${file} is not valid JSON`);
    writeFileSync(file, JSON.stringify({ object: 'page', nodes: [] }));
    const wrong = await docs(['translations', 'edit', t.id, '--instructions-file', file], { env });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe(`Error: --instructions-file ${file} is not a document: object: must be one of "document"; data: required\n`);
    expect((await getOne(t.id)).instructions).toEqual(doc);
    const nothing = await docs(['translations', 'edit', t.id], { env });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');
  });

  it('runs a translation again (204: the id and what happened when piped) and deletes one with --yes only', async () => {
    const t = await createOne('it');
    const ran = await docs(['translations', 'run', t.id], { env });
    expect(ran.code).toBe(0);
    expect(ran.stdout).toBe(`${t.id}\tstarted\n`);
    expect((await getOne(t.id)).stats?.runs).toBe(2);

    const refused = await docs(['translations', 'delete', t.id], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    const deleted = await docs(['translations', 'delete', t.id, '--yes', '--json'], { env });
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe('');
    expect((await all()).map((x) => x.id)).not.toContain(t.id);
  });

  it('rejects bad input before sending (exit 2), a missing translation (exit 3) and a read-only token (exit 4)', async () => {
    // Runs move on with the clock: compare ids.
    const ids = async () => (await all()).map((t) => t.id);
    const before = await ids();
    const lang = await docs(['translations', 'create', SPACE, '--language', 'klingon', '--source-language', 'en'], { env });
    expect(lang.code).toBe(2);
    expect(lang.stderr).toContain('--language');
    // The demo space has no language of its own: the source language must be given.
    const noSource = await docs(['translations', 'create', SPACE, '--language', 'fr'], { env });
    expect(noSource.code).toBe(2);
    expect(noSource.stderr).toContain(`space ${SPACE} has no language set: pass --source-language`);
    const both = await docs(
      ['translations', 'create', SPACE, '--language', 'fr', '--source-language', 'en', '--instructions', 'a', '--instructions-file', 'b'],
      { env },
    );
    expect(both.code).toBe(2);
    const dry = await docs(['translations', 'create', SPACE, '--language', 'fr', '--source-language', 'en', '--dry-run'], { env });
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout.slice(dry.stdout.indexOf('{')))).toEqual({ source: { space: SPACE, language: 'en' }, language: 'fr' });
    expect(await ids()).toEqual(before);

    const missing = await docs(['translations', 'get', 'tr_missing'], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe('Error: translation "tr_missing" not found (404). Check the id with `docs translations list`.\n');
    const denied = await docs(['translations', 'run', before[0]!], { env: { ...env, DOCS_TOKEN: emulator.tokens.read! } });
    expect(denied.code).toBe(4);
  });

  it('never prints the token', () => {
    expect(transcript.join('\n')).not.toContain(emulator.tokens.admin);
  });
});
