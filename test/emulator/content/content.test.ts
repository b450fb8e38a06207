import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/http-server.js';
import { editPage, expectSpec, startWorld, T, type World } from './helpers.js';

let w: World;
let dir: string;
let server: TestServer;
const served: Record<string, { type: string; body: Buffer }> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-import-'));
  w = await startWorld(undefined, { filesRoot: dir });
  server = await startServer((req, res) => {
    const file = served[req.path];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
});
afterAll(async () => {
  await server.close();
  await w.emu.close();
  rmSync(dir, { recursive: true, force: true });
});

const fileUrl = (name: string, content: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return pathToFileURL(path).href;
};
const dup = async () => (await w.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate')).body.id as string;
const titles = async (path: string) =>
  ((await w.call(T.reader, 'GET', path)).body.pages as { title: string; pages: unknown[] }[]).map((p) => p.title);

describe('reading content', () => {
  it('pages backlinks by page, so a page that starts linking meanwhile does not repeat one', async () => {
    const space = await dup();
    const path = `/v1/spaces/${space}/content/files/fl_logo/backlinks`;
    const embed = '![logo](.gitbook/assets/logo.png)\n';
    editPage(w, space, 'pg_intro', 'No logo here.\n');
    editPage(w, space, 'pg_setup', embed);
    editPage(w, space, 'pg_advanced', embed);
    const first = await w.call(T.reader, 'GET', `${path}?limit=1`);
    expect(first.body.items.map((i: any) => i.page.id)).toEqual(['pg_setup']);
    // A page before the cursor starts embedding the file.
    editPage(w, space, 'pg_intro', embed);
    const next = await w.call(T.reader, 'GET', `${path}?limit=1&page=${first.body.next.page}`);
    expect(next.body.items.map((i: any) => i.page.id)).toEqual(['pg_advanced']);
    expect(next.body.count).toBe(3);
  });

  it('answers the revision, the page tree, files, a file and its backlinks', async () => {
    const revision = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/content');
    expect(revision.status).toBe(200);
    expectSpec('getCurrentRevision', revision.body);
    expect(revision.body).toMatchObject({ object: 'revision', type: 'edits', parents: [] });

    const pages = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/content/pages');
    expectSpec('listPages', pages.body);
    expect(pages.body.pages[2]).toMatchObject({ id: 'pg_guide', path: 'guide', pages: [{ id: 'pg_advanced', path: 'guide/advanced' }] });

    const files = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/content/files');
    expectSpec('listFiles', files.body);
    expect(files.body.items).toEqual([expect.objectContaining({ id: 'fl_logo', name: 'logo.png', contentType: 'image/png', size: 7 })]);
    const file = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/content/files/fl_logo');
    expectSpec('getFileById', file.body);
    expect((await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/content/files/fl_nope')).status).toBe(404);

    const backlinks = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/content/files/fl_logo/backlinks');
    expect(backlinks.status).toBe(200);
    expectSpec('listSpaceFileBacklinks', backlinks.body);
    expect(backlinks.body.items.map((i: any) => [i.kind, i.page.id])).toEqual([['page', 'pg_intro']]);
    expect(backlinks.body.items[0].organization.id).toBe('org_main');
  });

  it('answers a page as markdown or as a document, and its links', async () => {
    const md = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/content/page/pg_setup');
    expectSpec('getPageById', md.body);
    expect(md.body.markdown).toContain('## Install');
    const doc = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/content/page/pg_setup?format=document');
    expectSpec('getPageById', doc.body);
    expect(doc.body.markdown).toBeUndefined();
    expect(doc.body.document.nodes.map((n: { type: string }) => n.type)).toEqual(['heading-2', 'paragraph', 'heading-2', 'paragraph']);
    expect((await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/content/page/pg_nope')).status).toBe(404);

    const links = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/content/page/pg_guide/links');
    expectSpec('listPageLinksInSpace', links.body);
    expect(links.body.items.map((i: { status: string }) => i.status).sort()).toEqual(['broken', 'in-app', 'ok', 'ok']);
    expect(links.body.stats).toEqual({ total: 4, broken: { total: 1, changeRequest: 0 } });
    const ok = await w.call(T.reader, 'GET', '/v1/spaces/sp_docs/content/page/pg_guide/links?status=ok');
    expect(ok.body.items).toHaveLength(2);
  });

  it('reads a change request content, counting links the change request broke', async () => {
    const space = await dup();
    const cr = (await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests`, {})).body;
    editPage(w, space, 'pg_intro', 'Now links to [gone](gone.md) and [setup](setup.md).\n', cr.id);
    const p = `/v1/spaces/${space}/change-requests/${cr.number}/content`;
    const revision = await w.call(T.reader, 'GET', p);
    expectSpec('getRevisionOfChangeRequestById', revision.body);
    expect(revision.body.id).not.toBe(cr.revisionInitial);
    expectSpec('listPagesInChangeRequest', (await w.call(T.reader, 'GET', `${p}/pages`)).body);
    expectSpec('listFilesInChangeRequestById', (await w.call(T.reader, 'GET', `${p}/files`)).body);
    expectSpec('getFileInChangeRequestById', (await w.call(T.reader, 'GET', `${p}/files/fl_logo`)).body);
    // The change request dropped the logo from the intro page: no backlinks left there.
    const backlinks = await w.call(T.reader, 'GET', `${p}/files/fl_logo/backlinks`);
    expectSpec('listChangeRequestFileBacklinks', backlinks.body);
    expect(backlinks.body.items).toEqual([]);
    const page = await w.call(T.reader, 'GET', `${p}/page/pg_intro`);
    expectSpec('getPageInChangeRequestById', page.body);
    expect(page.body.markdown).toContain('gone.md');
    const links = await w.call(T.reader, 'GET', `${p}/page/pg_intro/links`);
    expectSpec('listPageLinksInChangeRequest', links.body);
    expect(links.body.stats).toEqual({ total: 2, broken: { total: 1, changeRequest: 1 } });
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/77/content/pages`)).status).toBe(404);

    // A broken link the primary content has on the same page is not the change request's; the
    // same broken target on another page (here the guide's, broken in the primary content) is.
    const guide = await w.call(T.reader, 'GET', `/v1/spaces/${space}/content/page/pg_guide/links?status=broken`);
    const target = guide.body.items[0].targetReference.url as string;
    editPage(w, space, 'pg_intro', `Links to [that](${target}).\n`, cr.id);
    const again = await w.call(T.reader, 'GET', `${p}/page/pg_intro/links`);
    expect(again.body.stats).toEqual({ total: 1, broken: { total: 1, changeRequest: 1 } });
    const own = await w.call(T.reader, 'GET', `${p}/page/pg_guide/links`);
    expect(own.body.stats.broken).toEqual({ total: 1, changeRequest: 0 });
  });
});

describe('import', () => {
  it('imports a markdown file as one page titled from its heading (201, new revision)', async () => {
    const space = await dup();
    const before = (await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body.revision;
    const res = await w.call(T.editor, 'POST', `/v1/spaces/${space}/content/import`, {
      source: 'markdown',
      url: fileUrl('notes.md', '# Release notes\n\nVersion 2 is out.\n'),
    });
    expect(res.status).toBe(201);
    expectSpec('importContent', res.body);
    expect(res.body).toMatchObject({ importedResources: 1, totalResources: 1 });
    const after = (await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body.revision;
    expect(after).toBe(res.body.revision);
    expect(after).not.toBe(before);
    expect(res.headers.get('location')).toBe(`${w.emu.url}/v1/spaces/${space}/content`);
    expect(await titles(`/v1/spaces/${space}/content/pages`)).toEqual(['Introduction', 'Setup', 'Guide', 'Release notes']);
  });

  it('imports html from a loopback http server, converting headings, links and lists', async () => {
    served['/page.html'] = {
      type: 'text/html',
      body: Buffer.from(
        '<html><head><title>T</title></head><body><h1>Widgets</h1><p>See <a href="https://example.com">the site</a> &amp; more.</p><ul><li>One</li><li>Two</li></ul></body></html>',
      ),
    };
    const space = await dup();
    const res = await w.call(T.editor, 'POST', `/v1/spaces/${space}/content/import`, { source: 'html', url: `${server.url}/page.html` });
    expect(res.status).toBe(201);
    const pages = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/content/pages`)).body.pages;
    const page = pages[pages.length - 1];
    expect(page.title).toBe('Widgets');
    expect(page.markdown).toBe('See [the site](https://example.com) & more.\n\n- One\n- Two');
  });

  it('imports a zip: folders become nested pages, README is the folder page, SUMMARY orders', async () => {
    const zip = zipSync({
      'book/README.md': strToU8('# Home\n\nStart here.\n'),
      'book/SUMMARY.md': strToU8(
        '# Table of contents\n\n* [Home](README.md)\n* [Zeta](zeta.md)\n* [Guide](guide/README.md)\n  * [Step two](guide/two.md)\n  * [Step one](guide/one.md)\n',
      ),
      'book/zeta.md': strToU8('# Zeta\n\nLast letter.\n'),
      'book/guide/README.md': strToU8('# The guide\n'),
      'book/guide/one.md': strToU8('# One\n'),
      'book/guide/two.md': strToU8('# Two\n'),
      'book/.gitbook/assets/pic.png': new Uint8Array([1, 2, 3]),
    });
    served['/book.zip'] = { type: 'application/zip', body: Buffer.from(zip) };
    const space = await dup();
    const fromFile = await w.call(T.editor, 'POST', `/v1/spaces/${space}/content/import`, { source: 'zip', url: fileUrl('book.zip', zip) });
    expect(fromFile.status).toBe(201);
    expect(fromFile.body).toMatchObject({ importedResources: 6, totalResources: 7 });
    const pages = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/content/pages`)).body.pages.slice(3);
    expect(pages.map((p: { title: string }) => p.title)).toEqual(['Home', 'Zeta', 'The guide']);
    expect(pages[2].pages.map((p: { title: string; path: string }) => [p.title, p.path])).toEqual([
      ['Two', 'guide-2/two'],
      ['One', 'guide-2/one'],
    ]);
    const files = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/content/files`)).body.items;
    expect(files.map((f: { name: string }) => f.name)).toEqual(['logo.png', 'pic.png']);
    const overHttp = await w.call(T.editor, 'POST', `/v1/spaces/${space}/content/import`, { source: 'zip', url: `${server.url}/book.zip` });
    expect(overHttp.status).toBe(201);
    // The second import appends beside the first; taken slugs get the next free one, so paths stay unique.
    const again = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/content/pages`)).body.pages.slice(3);
    expect(again.map((p: { path: string }) => p.path)).toEqual(['home', 'zeta', 'guide-2', 'home-2', 'zeta-2', 'guide-3']);
    expect(again[5].pages.map((p: { path: string }) => p.path)).toEqual(['guide-3/two', 'guide-3/one']);
  });

  it('imports into a change request: its revision changes, the space does not', async () => {
    const space = await dup();
    const spaceRev = (await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body.revision;
    const cr = (await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests`, {})).body;
    const res = await w.call(T.editor, 'POST', `/v1/spaces/${space}/change-requests/${cr.number}/content/import`, {
      source: 'markdown',
      url: fileUrl('faq.md', '# FAQ\n'),
    });
    expect(res.status).toBe(201);
    expectSpec('importContentInChangeRequest', res.body);
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}/change-requests/1`)).body.revision).toBe(res.body.revision);
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body.revision).toBe(spaceRev);
    expect(await titles(`/v1/spaces/${space}/change-requests/1/content/pages`)).toContain('FAQ');
    const merged = await w.call(T.reviewer, 'POST', `/v1/spaces/${space}/change-requests/1/merge`);
    expect(merged.body.result).toBe('merge');
    expect(await titles(`/v1/spaces/${space}/content/pages`)).toContain('FAQ');
  });

  it('refuses hosts off loopback, unsupported sources, missing files and locked spaces', async () => {
    const url = '/v1/spaces/sp_docs/content/import';
    const remote = await w.call(T.editor, 'POST', url, { source: 'markdown', url: 'https://user:s3cret@docs.example.com/a.md' });
    expect(remote.status).toBe(400);
    expect(remote.body.error.message).toMatch(/cannot reach docs\.example\.com/);
    expect(remote.text).not.toContain('s3cret');
    const source = await w.call(T.editor, 'POST', url, { source: 'notion', url: fileUrl('x.md', 'x') });
    expect(source.status).toBe(400);
    expect(source.body.error.message).toMatch(/cannot import "notion"/);
    expect((await w.call(T.editor, 'POST', url, { source: 'markdown', url: pathToFileURL(join(dir, 'absent.md')).href })).status).toBe(400);
    expect((await w.call(T.editor, 'POST', url, { source: 'markdown', url: `${server.url}/absent.md` })).status).toBe(400);
    expect((await w.call(T.editor, 'POST', url, { source: 'markdown' })).status).toBe(400);
    expect((await w.call(T.commenter, 'POST', url, { source: 'markdown', url: fileUrl('y.md', 'y') })).status).toBe(403);
    const space = await dup();
    await w.call(T.admin, 'PATCH', `/v1/spaces/${space}`, { editMode: 'locked' });
    expect(
      (await w.call(T.editor, 'POST', `/v1/spaces/${space}/content/import`, { source: 'markdown', url: fileUrl('z.md', 'z') })).status,
    ).toBe(412);
  });
});

describe('templates', () => {
  it('applies a built-in template (201, no content); unknown ids list the valid ones', async () => {
    const space = await dup();
    const res = await w.call(T.editor, 'POST', `/v1/spaces/${space}/content/template`, { id: 'api-reference' });
    expect(res.status).toBe(201);
    expect(res.text).toBe('');
    expect(await titles(`/v1/spaces/${space}/content/pages`)).toEqual([
      'Introduction',
      'Setup',
      'Guide',
      'Introduction',
      'Authentication',
      'Errors',
      'Endpoints',
    ]);
    const unknown = await w.call(T.editor, 'POST', `/v1/spaces/${space}/content/template`, { id: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/product-docs/);
    // The space named in the path comes first: missing or deleted, it is a 404 whatever the body names.
    expect((await w.call(T.editor, 'POST', '/v1/spaces/sp_nowhere/content/template', { id: 'nope' })).status).toBe(404);
    expect((await w.call(T.admin, 'DELETE', `/v1/spaces/${space}`)).status).toBe(204);
    expect((await w.call(T.editor, 'POST', `/v1/spaces/${space}/content/template`, { id: 'nope' })).status).toBe(404);
  });
});
