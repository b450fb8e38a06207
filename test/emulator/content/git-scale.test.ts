import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRepository, writeRepository } from '../../../src/emulator/domain/git.js';
import type { PageNode } from '../../../src/emulator/domain/revisions.js';
import { hostPolicy } from '../../../src/emulator/host.js';

/*
 * Git export and import of 10,000 pages: enough objects for git's automatic gc to start in the
 * background of the commit, which used to fail the export (ENOTEMPTY) while the working copy was
 * removed. Everything lives under one temporary directory.
 */

const root = mkdtempSync(join(tmpdir(), 'docs-git-scale-'));
// The throw-away working copies go here too, so that the test can see none is left.
const work = join(root, 'tmp');
mkdirSync(work);
const savedTmp = process.env.TMPDIR;
process.env.TMPDIR = work;
afterAll(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  rmSync(root, { recursive: true, force: true, maxRetries: 5 });
});

const FOLDERS = 100;
const PER_FOLDER = 99;

function tree(): PageNode[] {
  const page = (id: string, title: string, slug: string, path: string, markdown: string, pages: PageNode[] = []): PageNode => ({
    id,
    title,
    slug,
    path,
    markdown,
    pages,
  });
  return Array.from({ length: FOLDERS }, (_, f) =>
    page(
      `pg_${f}`,
      `Folder ${f}`,
      `f${f}`,
      `f${f}`,
      `# Folder ${f}\n`,
      Array.from({ length: PER_FOLDER }, (_, p) =>
        page(`pg_${f}_${p}`, `Page ${f}-${p}`, `p${p}`, `f${f}/p${p}`, `# Page ${f}-${p}\n\nText ${f}-${p}.\n`),
      ),
    ),
  );
}

const count = (pages: readonly { pages?: readonly unknown[] }[]): number =>
  pages.reduce((n, p) => n + 1 + count((p.pages ?? []) as { pages?: unknown[] }[]), 0);

describe('Git at 10,000 pages', () => {
  it('exports to a fresh repository, leaves no working copy behind, and imports the same pages back', async () => {
    const repo = join(root, 'docs.git');
    const policy = hostPolicy({ filesRoot: realpathSync(root) });
    execFileSync('git', ['init', '-q', '--bare', repo]);
    const pages = tree();
    expect(count(pages)).toBe(10_000);

    const result = await writeRepository(
      policy,
      repo,
      'refs/heads/main',
      { pages, files: [] },
      { message: 'Export', author: { name: 'Ada', email: 'ada@example.test' }, now: new Date('2026-01-01T00:00:00Z') },
    );
    expect(result.changed).toBe(true);
    const listed = execFileSync('git', ['--git-dir', repo, 'ls-tree', '-r', '--name-only', 'main'], { maxBuffer: 64 << 20 })
      .toString()
      .split('\n')
      .filter(Boolean);
    // One markdown file per page, and SUMMARY.md.
    expect(listed.length).toBe(10_001);
    expect(readdirSync(work)).toEqual([]);

    const back = await readRepository(policy, repo, 'refs/heads/main');
    expect(back.commit).toBe(result.commit);
    expect(count(back.pages)).toBe(10_000);
  }, 300_000);
});
