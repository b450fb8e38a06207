import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../helpers/setup.js';
import { startWorld, T, type World } from './helpers.js';

/**
 * Through the API: a generated book imported twice as a zip into an empty space, exported with Git sync
 * and imported into another empty space holds the same pages (titles, paths, descriptions, order,
 * nesting, markdown), each at a path of its own. The first page keeps its path too: it is written as
 * README.md only when its slug is its title's, which is what an import gives README.md.
 */

let w: World;
let root: string;
let n = 0;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'round-trip-'));
  w = await startWorld(undefined, { filesRoot: root });
});
afterAll(async () => {
  await w.emu.close();
  rmSync(root, { recursive: true, force: true });
});

type Tree = { title: string; markdown: string; description: string | undefined; pages: Tree[] };
const title = fc.constantFrom('Intro', 'Setup', 'Setup', 'FAQ', 'C#', 'Étape 2', 'A & B');
const markdown = fc.constantFrom('', 'Text.\n', '# Own heading\n\nBody.\n', 'Line one\n\n## Part\n\n- item');
const description = fc.constantFrom(undefined, 'Short.', 'Two: "quoted" and \'single\'', 'Line\nbreak');
const treeOf = (depth: number): fc.Arbitrary<Tree[]> =>
  fc.array(fc.record({ title, markdown, description, pages: depth > 1 ? treeOf(depth - 1) : fc.constant<Tree[]>([]) }), {
    minLength: depth === 3 ? 1 : 0,
    maxLength: 3,
  });

/** A zip of the book as a person would lay it out: SUMMARY.md, one file per page, folders for children. */
function zipOf(pages: Tree[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const lines = ['# Table of contents', ''];
  const write = (list: Tree[], folder: string, depth: number) =>
    list.forEach((p, i) => {
      const own = `${folder}p${i}`;
      const path = p.pages.length > 0 ? `${own}/README.md` : `${own}.md`;
      const front = p.description ? `---\ndescription: ${JSON.stringify(p.description)}\n---\n` : '';
      files[path] = strToU8(`${front}# ${p.title.endsWith('#') ? `${p.title} #` : p.title}\n\n${p.markdown}`);
      lines.push(`${'  '.repeat(depth)}* [${p.title}](${encodeURI(path)})`);
      write(p.pages, `${own}/`, depth + 1);
    });
  write(pages, '', 0);
  files['SUMMARY.md'] = strToU8(`${lines.join('\n')}\n`);
  return zipSync(files);
}

interface ApiPage {
  title: string;
  path: string;
  description?: string;
  markdown: string;
  pages: ApiPage[];
}
const descriptions = (pages: (ApiPage | Tree)[]): (string | undefined)[] => pages.flatMap((p) => [p.description, ...descriptions(p.pages)]);
const shape = (pages: ApiPage[]): unknown => pages.map((p) => [p.title, p.path, p.description, p.markdown, shape(p.pages)]);
const uniquePaths = (pages: ApiPage[]) => {
  const paths = JSON.stringify(pages).match(/"path":"[^"]*"/g) ?? [];
  expect(new Set(paths).size).toBe(paths.length);
};
/** An empty space (the API creates one with a site; it has no create-space operation). */
async function newSpace(): Promise<string> {
  const site = (await w.call(T.admin, 'POST', '/v1/orgs/org_main/sites', { title: `Round trip ${++n}`, spaces: 'empty' })).body
    .id as string;
  const items = (await w.call(T.admin, 'GET', `/v1/orgs/org_main/sites/${site}/site-spaces`)).body.items as { space: { id: string } }[];
  return items[0]?.space.id ?? '';
}
const pagesOf = async (space: string) => (await w.call(T.reader, 'GET', `/v1/spaces/${space}/content/pages`)).body.pages as ApiPage[];

describe('export → import through the API', () => {
  it('gives back the same pages', async () => {
    await fc.assert(
      fc.asyncProperty(treeOf(3), async (book) => {
        const id = ++n;
        const zip = join(root, `book-${id}.zip`);
        writeFileSync(zip, zipOf(book));
        const source = await newSpace();
        // Twice: the second import appends beside the first, on the same slugs.
        for (let i = 0; i < 2; i++) {
          const imported = await w.call(T.editor, 'POST', `/v1/spaces/${source}/content/import`, {
            source: 'zip',
            url: pathToFileURL(zip).href,
          });
          expect(imported.status).toBe(201);
        }
        const before = await pagesOf(source);
        uniquePaths(before);
        expect(descriptions(before)).toEqual([...descriptions(book), ...descriptions(book)]);

        const bare = join(root, `repo-${id}.git`);
        mkdirSync(bare);
        git(bare, 'init', '-q', '--bare');
        const exported = await w.call(T.editor, 'POST', `/v1/spaces/${source}/git/export`, {
          url: bare,
          ref: 'refs/heads/main',
          commitMessage: 'Export',
        });
        expect(exported.status).toBe(204);
        const target = await newSpace();
        expect((await w.call(T.editor, 'POST', `/v1/spaces/${target}/git/import`, { url: bare, ref: 'refs/heads/main' })).status).toBe(204);
        const after = await pagesOf(target);
        uniquePaths(after);
        expect(shape(after)).toEqual(shape(before));
      }),
      { numRuns: 12 },
    );
  }, 60_000);
});
