import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git, repoWith as makeRepo } from '../../helpers/setup.js';
import { expectSpec, startWorld, T, type World } from './helpers.js';

let w: World;
let root: string;

const repoWith = (name: string, files: Record<string, string>): string => makeRepo(root, name, files);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'content-git-'));
  w = await startWorld(undefined, { filesRoot: root });
});
afterAll(async () => {
  await w.emu.close();
  rmSync(root, { recursive: true, force: true });
});

const dup = async () => (await w.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate')).body.id as string;

const BOOK = {
  'README.md': '# Welcome\n\nThe home page.\n',
  'SUMMARY.md':
    '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n* [FAQ](faq.md)\n',
  'faq.md': '# FAQ\n\nQuestions.\n',
  'guide/README.md': '# Guide\n\nHow to.\n',
  'guide/install.md': '# Install\n\nSteps.\n',
  'guide/unlisted.md': '# Not in the summary\n',
  'src/index.js': 'console.log(1)\n',
};

describe('git import', () => {
  it('reads README, SUMMARY order and nested folders of a ref into a new revision; GET info then answers', async () => {
    const repo = repoWith('book', BOOK);
    const space = await dup();
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}/git/info`)).status).toBe(404);
    const res = await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/import`, {
      url: repo,
      ref: 'refs/heads/main',
      gitInfo: { provider: 'github', url: 'https://github.com/acme/book' },
    });
    expect(res.status).toBe(204);
    const pages = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/content/pages`)).body.pages;
    expect(pages.map((p: any) => [p.title, p.path, p.pages.map((c: any) => c.path)])).toEqual([
      ['Welcome', 'welcome', []],
      ['Guide', 'guide', ['guide/install']],
      ['FAQ', 'faq', []],
    ]);
    expect(pages[1].markdown).toBe('How to.\n');
    expect(pages[1].git).toMatchObject({ path: 'guide/README.md' });
    const revision = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/content`)).body;
    expectSpec('getCurrentRevision', revision);
    expect(revision.git).toMatchObject({
      oid: git(repo, 'rev-parse', 'HEAD'),
      message: 'Initial docs',
      createdByService: false,
      createdByGitBook: false,
    });
    const info = await w.call(T.reader, 'GET', `/v1/spaces/${space}/git/info`);
    expect(info.status).toBe(200);
    expectSpec('getSpaceGitInfo', info.body);
    expect(info.body).toMatchObject({ repoName: 'book', installationProvider: 'github', url: 'https://github.com/acme/book' });
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body.gitSync).toMatchObject({ repoName: 'book' });
  });

  it('honours repoProjectDirectory, keeps page ids across imports, and leaves the space alone when standalone', async () => {
    const repo = repoWith('mono', { 'docs/README.md': '# Root\n', 'docs/usage.md': '# Usage\n\nv1\n', 'README.md': '# Repo readme\n' });
    const space = await dup();
    const url = pathToFileURL(repo).href;
    await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/import`, { url, ref: 'refs/heads/main', repoProjectDirectory: 'docs' });
    const first = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/content/pages`)).body.pages;
    expect(first.map((p: any) => p.title)).toEqual(['Root', 'Usage']);
    writeFileSync(join(repo, 'docs/usage.md'), '# Usage\n\nv2\n');
    git(repo, 'commit', '-q', '-am', 'v2');
    await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/import`, { url, ref: 'refs/heads/main', repoProjectDirectory: 'docs' });
    const second = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/content/pages`)).body.pages;
    expect(second[1]).toMatchObject({ id: first[1].id, markdown: 'v2\n' });
    const before = (await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body.revision;
    expect(
      (await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/import`, { url, ref: 'refs/heads/main', standalone: true })).status,
    ).toBe(204);
    expect((await w.call(T.reader, 'GET', `/v1/spaces/${space}`)).body.revision).toBe(before);
  });

  it('refuses remote URLs without echoing credentials, unknown refs, and locked spaces', async () => {
    const space = await dup();
    const remote = await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/import`, {
      url: 'https://alice:s3cr3t-token@github.com/acme/book.git',
      ref: 'refs/heads/main',
    });
    expect(remote.status).toBe(400);
    expect(remote.body.error.message).toMatch(/only reach local repositories/);
    expect(remote.text).not.toContain('s3cr3t');
    expect(remote.text).not.toContain('alice');
    const repo = repoWith('small', { 'README.md': '# Small\n' });
    const missing = await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/import`, { url: repo, ref: 'refs/heads/nope' });
    expect(missing.status).toBe(400);
    expect((await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/import`, { url: repo, ref: 'main' })).status).toBe(400);
    expect(
      (await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/import`, { url: join(root, 'absent'), ref: 'refs/heads/main' })).status,
    ).toBe(400);
    expect((await w.call(T.commenter, 'POST', `/v1/spaces/${space}/git/import`, { url: repo, ref: 'refs/heads/main' })).status).toBe(403);
    await w.call(T.admin, 'PATCH', `/v1/spaces/${space}`, { editMode: 'locked' });
    expect((await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/import`, { url: repo, ref: 'refs/heads/main' })).status).toBe(412);
  });

  it('stores a URL with credentials but never shows them', async () => {
    const repo = repoWith('secret', { 'README.md': '# Secret\n' });
    const space = await dup();
    const url = `file://bob:hunter2@localhost${repo}`;
    expect((await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(204);
    expect(JSON.stringify(w.emu.store.get('gitInfo', space))).toContain('hunter2');
    for (const path of [`/v1/spaces/${space}/git/info`, `/v1/spaces/${space}`, `/v1/spaces/${space}/content`]) {
      const res = await w.call(T.admin, 'GET', path);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('hunter2');
      expect(res.text).not.toContain('bob:');
    }
    const bad = await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/import`, { url, ref: 'refs/heads/missing' });
    expect(bad.status).toBe(400);
    expect(bad.text).not.toContain('hunter2');
  });
});

describe('git export', () => {
  it('writes pages as markdown with README and SUMMARY, commits with the message, and round-trips', async () => {
    const bare = join(root, 'export.git');
    mkdirSync(bare);
    git(bare, 'init', '-q', '--bare');
    const space = await dup();
    const res = await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/export`, {
      url: bare,
      ref: 'refs/heads/docs',
      commitMessage: 'Export docs',
    });
    expect(res.status).toBe(204);
    expect(git(bare, 'log', '-1', '--format=%s|%an|%ae', 'docs')).toBe('Export docs|Eddie Editor|eddie@example.test');
    const files = git(bare, 'ls-tree', '-r', '--name-only', 'docs').split('\n');
    expect(files.sort()).toEqual([
      '.gitbook/assets/logo.png',
      'README.md',
      'SUMMARY.md',
      'guide/README.md',
      'guide/advanced.md',
      'setup.md',
    ]);
    expect(git(bare, 'show', 'docs:README.md')).toBe(
      '# Introduction\n\nWelcome. See [setup](setup.md) and [the guide](guide/README.md).\n\n![logo](.gitbook/assets/logo.png)',
    );
    expect(git(bare, 'show', 'docs:SUMMARY.md')).toContain('  * [Advanced](guide/advanced.md)');
    expect(git(bare, 'show', 'docs:.gitbook/assets/logo.png')).toBe('PNGDATA');

    // A second export on the same branch adds a commit on top; nothing changed → no empty commit.
    await w.call(T.editor, 'POST', `/v1/spaces/${space}/content/template`, { id: 'knowledge-base' });
    await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/export`, {
      url: pathToFileURL(bare).href,
      ref: 'refs/heads/docs',
      commitMessage: 'Add knowledge base',
    });
    await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/export`, { url: bare, ref: 'refs/heads/docs', commitMessage: 'Nothing new' });
    expect(git(bare, 'log', '--format=%s', 'docs').split('\n')).toEqual(['Add knowledge base', 'Export docs']);

    const copy = await dup();
    await w.call(T.editor, 'POST', `/v1/spaces/${copy}/git/import`, { url: bare, ref: 'refs/heads/docs' });
    const exported = (await w.call(T.reader, 'GET', `/v1/spaces/${space}/content/pages`)).body.pages;
    const imported = (await w.call(T.reader, 'GET', `/v1/spaces/${copy}/content/pages`)).body.pages;
    const shape = (pages: any[]): unknown => pages.map((p) => [p.title, p.markdown, shape(p.pages)]);
    expect(shape(imported)).toEqual(shape(exported));
    expect(((await w.call(T.reader, 'GET', `/v1/spaces/${copy}/content/files`)).body.items as any[]).map((f) => f.name)).toEqual([
      'logo.png',
    ]);
  });

  it('refuses remote URLs; legacy installation delete answers 204', async () => {
    const space = await dup();
    const res = await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/export`, {
      url: 'https://x:tok3n@gitlab.com/a/b.git',
      ref: 'refs/heads/main',
      commitMessage: 'm',
    });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('tok3n');
    expect((await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/export`, { url: root, ref: 'refs/heads/main' })).status).toBe(400);
    expect((await w.call(T.admin, 'DELETE', `/v1/spaces/${space}/git/legacy-installation`)).status).toBe(204);
    expect((await w.call(T.admin, 'DELETE', '/v1/spaces/sp_missing/git/legacy-installation')).status).toBe(204);
    expect((await w.call(T.editor, 'DELETE', `/v1/spaces/${space}/git/legacy-installation`)).status).toBe(403);
  });
});
