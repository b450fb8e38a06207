import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, SeedError } from '../../../src/emulator/index.js';
import { seed, startWorld, T, U, type World } from './helpers.js';

let w: World;
beforeAll(async () => {
  w = await startWorld((s) => {
    s.organizations[0]?.spaces?.push({
      id: 'sp_seeded',
      title: 'Seeded',
      collection: 'col_b',
      visibility: 'public',
      pages: [
        { title: 'Home', markdown: 'Home page.\n' },
        { title: 'Guide', slug: 'guide', markdown: 'Guide.\n', pages: [{ title: 'Old', markdown: 'Outdated.\n' }] },
      ],
      files: [{ name: 'notes.txt', contentType: 'text/plain', text: 'hello' }],
      changeRequests: [
        {
          subject: 'Rework the guide',
          author: U.editor,
          pages: { guide: 'Guide, reworked.\n', 'guide/old': null, 'guide/new-step': '# New step\n\nDo this.\n' },
          comments: [{ author: U.reviewer, markdown: 'Looks good', page: 'guide', replies: [{ author: U.editor, markdown: 'Thanks' }] }],
        },
        { subject: 'Already merged', status: 'merged', pages: { home: 'Home, merged.\n' } },
        { subject: 'Parked', status: 'draft' },
      ],
      comments: [
        { markdown: 'Resolved remark', resolved: true },
        { author: U.commenter, markdown: 'Open remark', page: 'home' },
      ],
    });
  });
});
afterAll(() => w.emu.close());

describe('seeding spaces (seedContent)', () => {
  it('creates the space with pages, files, change requests with their page changes, and comments', async () => {
    const space = (await w.call(T.reader, 'GET', '/v1/spaces/sp_seeded')).body;
    expect(space).toMatchObject({
      title: 'Seeded',
      parent: 'col_b',
      visibility: 'public',
      changeRequests: 3,
      changeRequestsOpen: 1,
      changeRequestsDraft: 1,
      comments: 1,
    });
    const pages = (await w.call(T.reader, 'GET', '/v1/spaces/sp_seeded/content/pages')).body.pages;
    expect(pages.map((p: any) => [p.path, p.markdown])).toEqual([
      ['home', 'Home, merged.\n'],
      ['guide', 'Guide.\n'],
    ]);
    expect((await w.call(T.reader, 'GET', '/v1/spaces/sp_seeded/content/files')).body.items[0]).toMatchObject({
      name: 'notes.txt',
      size: 5,
    });

    const cr = (await w.call(T.reader, 'GET', '/v1/spaces/sp_seeded/change-requests/1')).body;
    expect(cr).toMatchObject({ subject: 'Rework the guide', status: 'open', createdBy: { id: U.editor }, comments: 1 });
    const crPages = (await w.call(T.reader, 'GET', '/v1/spaces/sp_seeded/change-requests/1/content/pages')).body.pages;
    expect(crPages[1]).toMatchObject({ path: 'guide', markdown: 'Guide, reworked.\n' });
    expect(crPages[1].pages.map((p: any) => [p.title, p.path, p.markdown])).toEqual([['New step', 'guide/new-step', 'Do this.\n']]);
    const merged = (await w.call(T.reader, 'GET', '/v1/spaces/sp_seeded/change-requests/2')).body;
    expect(merged).toMatchObject({ status: 'merged', revisionMerged: space.revision });

    const comments = (await w.call(T.reader, 'GET', '/v1/spaces/sp_seeded/change-requests/1/comments')).body.items;
    expect(comments[0]).toMatchObject({
      body: { markdown: 'Looks good' },
      replies: 1,
      postedBy: { id: U.reviewer },
      target: { page: { id: crPages[1].id } },
    });
    const spaceComments = (await w.call(T.reader, 'GET', '/v1/spaces/sp_seeded/comments?order=asc')).body.items;
    expect(spaceComments.map((c: any) => [c.body.markdown, c.status, c.postedBy.id])).toEqual([
      ['Resolved remark', 'resolved', U.admin],
      ['Open remark', 'open', U.commenter],
    ]);
  });

  it('rejects a seed whose spaces are malformed or refer to what does not exist', async () => {
    const cases: [(s: ReturnType<typeof seed>) => void, RegExp][] = [
      [(s) => s.organizations[0]?.spaces?.push({ title: 'x'.repeat(51), pages: [] }), /title/],
      [(s) => s.organizations[0]?.spaces?.push({ title: 'Bad', collection: 'col_none', pages: [] }), /no collection col_none/],
      [
        (s) => s.organizations[0]?.spaces?.push({ title: 'Bad', pages: [], comments: [{ author: U.outsider, markdown: 'x' }] }),
        /not a member/,
      ],
      [(s) => s.organizations[0]?.spaces?.push({ title: 'Bad', pages: [], changeRequests: [{ pages: { 'a/b': 'x' } }] }), /no page a/],
    ];
    for (const [customize, message] of cases) {
      const spec = seed();
      customize(spec);
      const error = await startEmulator({ port: 0, seed: spec }).then(
        async (emu) => {
          await emu.close();
          return undefined;
        },
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(SeedError);
      expect((error as Error).message).toMatch(message);
    }
  });
});
