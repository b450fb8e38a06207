import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace } from '../../../src/emulator/domain/sites-deps.js';
import { QUEUED_MS, RUN_MS } from '../../../src/emulator/domain/translations.js';
import { DEMO, expectError, expectSpec, startWorld, type SitesWorld } from './helpers.js';

let w: SitesWorld;
let source: string;
beforeAll(async () => {
  w = await startWorld();
  // A source with known words (titles count): 2 + 5, 1 + 3, 1 + 0 = 12 words over 3 pages.
  source = createSpace(w.emu.ctx, {
    organization: DEMO.org,
    title: 'Manual',
    pages: [
      { title: 'Start here', markdown: 'Hello brave new world, friends.', pages: [{ title: 'Nested', markdown: 'One two three' }] },
      { title: 'Second', markdown: '' },
    ],
  }).id;
});
afterAll(() => w.close());

const base = () => `${w.org}/translations`;
const create = (body: unknown, token?: string) => w.call('POST', base(), body, token);
const get = async (id: string) => expectSpec(await w.call('GET', `${base()}/${id}`), 'getTranslation');

describe('translations', () => {
  it('runs pending → running → completed with the clock, then holds a translated copy', async () => {
    const created = expectSpec(await create({ source: { space: source, language: 'en' }, language: 'fr' }), 'createTranslation', 201);
    expect(created).toMatchObject({
      object: 'translation',
      status: 'pending',
      language: 'fr',
      source: { space: source, language: 'en' },
      instructions: { object: 'document', nodes: [] },
    });
    expect(created.stats).toEqual({
      runs: 1,
      totalWords: 0,
      totalPages: 0,
      totalDuration: 0,
      latestRunDuration: 0,
      latestPages: 0,
      latestWords: 0,
    });
    expect(created).not.toHaveProperty('result');

    w.advance(QUEUED_MS - 1);
    expect((await get(created.id)).status).toBe('pending');
    w.advance(1);
    expect((await get(created.id)).status).toBe('running');
    w.advance(RUN_MS);
    const done = await get(created.id);
    expect(done.status).toBe('completed');
    expect(done.stats).toEqual({
      runs: 1,
      totalWords: 12,
      totalPages: 3,
      totalDuration: 3,
      latestRunDuration: 3,
      latestPages: 3,
      latestWords: 12,
    });
    const space = (await w.call('GET', `/v1/spaces/${done.result.space}`)).body;
    expect(space).toMatchObject({ title: 'Manual (fr)', language: 'fr', revision: done.result.revision, organization: DEMO.org });
    const pages = (await w.call('GET', `/v1/spaces/${done.result.space}/content/pages`)).body.pages;
    expect(pages.map((p: { title: string }) => p.title)).toEqual(['Start here', 'Second']);
    expect(pages[0].pages[0].title).toBe('Nested');

    // A new run counts at once and gives the same space a new revision when it completes.
    const run = await w.call('POST', `${base()}/${created.id}/run`);
    expect(run.status).toBe(204);
    expect(run.body).toBeUndefined();
    const again = await get(created.id);
    expect(again).toMatchObject({ status: 'pending', stats: { runs: 2 } });
    w.advance(QUEUED_MS + RUN_MS);
    const second = await get(created.id);
    expect(second.status).toBe('completed');
    expect(second.result.space).toBe(done.result.space);
    expect(second.result.revision).not.toBe(done.result.revision);
    expect(second.stats).toMatchObject({ runs: 2, totalWords: 24, totalPages: 3, totalDuration: 6, latestWords: 12 });
  });

  it('lists with pages, settling completed runs', async () => {
    const a = (await create({ source: { space: source, language: 'en' }, language: 'de' })).body;
    await create({ source: { space: DEMO.spaces.guides, language: 'en' }, language: 'es' });
    w.advance(QUEUED_MS + RUN_MS);
    const first = expectSpec(await w.call('GET', `${base()}?limit=1`, undefined, DEMO.tokens.read), 'listTranslations');
    expect(first.items).toHaveLength(1);
    expect(first.items[0].permissions).toEqual({ view: true, edit: false });
    const rest = (await w.call('GET', `${base()}?limit=100&page=${first.next.page}`)).body;
    const all = [...first.items, ...rest.items];
    expect(all.length).toBe(first.count);
    const listed = all.find((t: { id: string }) => t.id === a.id);
    expect(listed).toMatchObject({ status: 'completed', result: { space: expect.any(String) } });
  });

  it('PUT replaces the instructions', async () => {
    const t = (await create({ source: { space: source, language: 'en' }, language: 'ja' })).body;
    const instructions = {
      object: 'document',
      data: { schemaVersion: 1 },
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Keep product names in English.', marks: [] }] }],
        },
      ],
    };
    const updated = expectSpec(await w.call('PUT', `${base()}/${t.id}`, { instructions }), 'updateTranslation');
    expect(updated.instructions).toEqual(instructions);
    expect((await get(t.id)).instructions).toEqual(instructions);
    expectError(await w.call('PUT', `${base()}/${t.id}`, {}), 400, /body\.instructions/);
    expectError(await w.call('PUT', `${base()}/tr_nope`, { instructions }), 404, 'No matching translation found');
  });

  it('refuses bad input', async () => {
    expectError(await create({ source: { space: 'space_nope', language: 'en' }, language: 'fr' }), 400, /body\.source\.space.*space_nope/);
    expectError(await create({ source: { space: DEMO.spaces.globex, language: 'en' }, language: 'fr' }), 400, /body\.source\.space/);
    expectError(await create({ source: { space: source, language: 'en' }, language: 'en' }), 400, /body\.language/);
    expectError(await create({ source: { space: source, language: 'en' }, language: 'klingon' }), 400, /body\.language/);
    expectError(await create({ language: 'fr' }), 400, /body\.source/);
    expectError(await create({ source: { space: source, language: 'en' }, language: 'fr' }, DEMO.tokens.edit), 403);
    expectError(await w.call('GET', `${base()}/tr_nope`), 404, 'No matching translation found');
    expectError(await w.call('POST', `${base()}/tr_nope/run`), 404, 'No matching translation found');
  });

  it('deletes, 204 every time; the translated space stays', async () => {
    const t = (await create({ source: { space: source, language: 'en' }, language: 'it' })).body;
    w.advance(QUEUED_MS + RUN_MS);
    const done = await get(t.id);
    expectError(await w.call('DELETE', `${base()}/${t.id}`, undefined, DEMO.tokens.create), 403);
    for (let i = 0; i < 2; i++) expect((await w.call('DELETE', `${base()}/${t.id}`)).status).toBe(204);
    expectError(await w.call('GET', `${base()}/${t.id}`), 404);
    expect((await w.call('GET', `/v1/spaces/${done.result.space}`)).status).toBe(200);
  });
});
