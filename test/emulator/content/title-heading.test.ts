import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesFromMarkdownFiles, pagesToMarkdownFiles } from '../../../src/emulator/domain/markdown-tree.js';
import type { PageNode } from '../../../src/emulator/domain/revisions.js';
import type { RunningEmulator } from '../../../src/emulator/server.js';
import { git } from '../../helpers/setup.js';
import { DEMO, startDemo, type Api } from '../helpers.js';

/**
 * A page's title is a field of its own and its markdown is the body: the markdown the API answers
 * never repeats the title as a leading `# heading`, so exporters that write the title as the
 * file's heading do not write it twice, and export → import gives back the same pages.
 */

let emu: RunningEmulator;
let api: Api;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'title-heading-'));
  ({ emu, api } = await startDemo({ filesRoot: root }));
});
afterAll(async () => {
  await emu.close();
  rmSync(root, { recursive: true, force: true });
});

interface Page {
  title: string;
  slug: string;
  markdown: string;
  pages: Page[];
}
const flat = (pages: Page[]): Page[] => pages.flatMap((p) => [p, ...flat(p.pages)]);
const startsWithTitle = (p: Page) => new RegExp(`^\\s*#\\s+${p.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\n`).test(p.markdown);
const shape = (pages: Page[]): unknown => pages.map((p) => [p.title, p.slug, p.markdown, shape(p.pages)]);

async function pagesOf(path: string): Promise<Page[]> {
  const res = await api('GET', `${path}/content/pages`);
  expect(res.status).toBe(200);
  return res.body.pages as Page[];
}

describe('page markdown without the title heading', () => {
  it('holds for every demo space, the demo change request and the sample space of a new site', async () => {
    const paths = [...Object.values(DEMO.spaces).map((id) => `/v1/spaces/${id}`), `/v1/spaces/${DEMO.spaces.guides}/change-requests/1`];
    const site = await api('POST', `/v1/orgs/${DEMO.org}/sites`, { body: { title: 'Sample', spaces: 'sample' } });
    expect(site.status).toBe(201);
    const structure = await api('GET', `/v1/orgs/${DEMO.org}/sites/${site.body.id}/site-spaces`);
    paths.push(`/v1/spaces/${structure.body.items[0].space.id}`);
    for (const path of paths) {
      const token = path.includes(DEMO.spaces.globex) ? DEMO.tokens.otherAdmin : DEMO.tokens.admin;
      const res = await api('GET', `${path}/content/pages`, { token });
      expect(res.status, path).toBe(200);
      const pages = flat(res.body.pages as Page[]);
      expect(pages.length, path).toBeGreaterThan(0);
      expect(
        pages.filter(startsWithTitle).map((p) => p.title),
        path,
      ).toEqual([]);
    }
  });

  it('exports one heading per file and imports the same pages back', async () => {
    const bare = join(root, 'guides.git');
    mkdirSync(bare);
    git(bare, 'init', '-q', '--bare');
    const space = `/v1/spaces/${DEMO.spaces.guides}`;
    const res = await api('POST', `${space}/git/export`, { body: { url: bare, ref: 'refs/heads/main', commitMessage: 'Export' } });
    expect(res.status).toBe(204);
    expect(git(bare, 'show', 'main:quickstart.md')).toBe(
      '# Quickstart\n\nInstall the CLI, sign in, and publish your first page in five minutes.\n\n## Sign in\n\nRun `acme login` and paste your token.',
    );
    expect(git(bare, 'show', 'main:installation/README.md')).toBe('# Installation\n\nAcme runs on macOS and Linux.');
    expect(git(bare, 'show', 'main:README.md').match(/^# /gm)).toEqual(['# ']);

    const copy = await api('POST', `${space}/duplicate`);
    expect(copy.status).toBe(201);
    const imported = await api('POST', `/v1/spaces/${copy.body.id}/git/import`, { body: { url: bare, ref: 'refs/heads/main' } });
    expect(imported.status).toBe(204);
    expect(shape(await pagesOf(`/v1/spaces/${copy.body.id}`))).toEqual(shape(await pagesOf(space)));
  });
});

describe('the markdown tree of a page', () => {
  it('keeps a title ending in # and a body starting with a heading of its own', () => {
    const node = (title: string, slug: string, markdown: string) =>
      ({ id: slug, title, slug, path: slug, markdown, pages: [] }) as unknown as PageNode;
    const { files } = pagesToMarkdownFiles([node('Home', 'home', 'Hi.\n'), node('C#', 'c', '# Setup\n\nSteps.\n')]);
    expect(files.get('c.md')).toBe('# C# #\n\n# Setup\n\nSteps.\n');
    const back = pagesFromMarkdownFiles(new Map([...files].map(([path, content]) => [path, { content }])));
    expect(back.map((p) => [p.title, p.markdown])).toEqual([
      ['Home', 'Hi.\n'],
      ['C#', '# Setup\n\nSteps.\n'],
    ]);
  });
});
