import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRevision, getRevision, repath, type PageNode } from '../../../src/emulator/domain/revisions.js';
import { setSpaceRevision, type SpaceDoc } from '../../../src/emulator/domain/spaces.js';
import { startWorld, T, type World } from './helpers.js';

/** Page paths come from slugs and file names, which editors control: an export never writes outside its working copy. */

let w: World;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'content-git-paths-'));
  w = await startWorld(undefined, { filesRoot: root });
});
afterAll(async () => {
  await w.emu.close();
  rmSync(root, { recursive: true, force: true });
});

/** Give the space's page with subpages ("Guide": it is written as <slug>/README.md) this slug, and its file this name, as no API call can. */
function hostile(spaceId: string, slug: string, fileName?: string): void {
  const { store } = w.emu;
  const space = store.get<SpaceDoc>('space', spaceId) as SpaceDoc;
  const current = getRevision(store, space.revision);
  const pages: PageNode[] = structuredClone(current.pages);
  const guide = pages[2] as PageNode;
  expect(guide.pages.length).toBeGreaterThan(0);
  guide.slug = slug;
  const files = fileName ? current.files.map((f) => ({ ...f, name: fileName })) : current.files;
  const rev = createRevision(store, {
    space: spaceId,
    parents: [current.id],
    pages: repath(pages),
    files,
    createdAt: w.clock.now.toISOString(),
    type: 'edits',
  });
  setSpaceRevision(store, space, rev.id, w.clock.now);
}

it('refuses a page whose slug is .. or climbs with /, and a file named ../x, writing nothing outside', async () => {
  const parent = mkdtempSync(join(root, 'parent-'));
  const bare = join(parent, 'repo', 'export.git');
  execFileSync('git', ['init', '-q', '--bare', bare]);
  const cases: [string, string | undefined][] = [
    ['..', undefined],
    ['../../../../escape', undefined],
    ['a/../../../escape', undefined],
    ['ok', '../../../../escape.png'],
  ];
  for (const [slug, file] of cases) {
    const space = (await w.call(T.admin, 'POST', '/v1/spaces/sp_docs/duplicate')).body.id as string;
    hostile(space, slug, file);
    const before = readdirSync(parent).sort();
    const res = await w.call(T.editor, 'POST', `/v1/spaces/${space}/git/export`, {
      url: bare,
      ref: 'refs/heads/main',
      commitMessage: 'Docs',
    });
    expect(res.status, `${slug} ${file}`).toBe(400);
    expect(res.body.error.message).toContain('would leave the repository');
    expect(readdirSync(parent).sort()).toEqual(before);
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith('escape'))).toEqual([]);
  }
  expect(execFileSync('git', ['for-each-ref'], { cwd: bare, encoding: 'utf8' })).toBe('');
});
