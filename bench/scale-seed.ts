/**
 * A seed (the emulator's documented seed format) with one space of `n` pages in folders of 100,
 * shaped like a real documentation space. Each page has four links, as markdown in Git has them:
 * the next page (relative: `p8.md`, or `../f3/p0.md` from a folder's last page), the first folder's
 * overview (absolute: `/f0/README.md`, the same target on every page), its folder's reference (an
 * external URL that the folder's 100 pages share) and a page that is gone (broken, its own). 200
 * comments on one page; change request `cr_work` (open) changes n/20 pages and
 * `cr_main` (merged into the space) changes n/20 others, so `cr_work` needs an update from main;
 * `cr_check` (opened after that merge) edits CHECK_TOUCHED pages, each getting a new broken link.
 * Used by `bench/scale.ts` and by the tests that guard the cost shape.
 */

import type { SeedSpec } from '../src/emulator/seed/schema.js';

export const SCALE_TOKEN = 'scale-admin-token';
export const SCALE_ORG = 'org_scale';
export const SCALE_SPACE = 'space_scale';
/** The change request `docs cr check` is timed on, and how many pages it touches. */
export const SCALE_CHECK_CR = 'cr_check';
export const CHECK_TOUCHED = 10;
/** An empty space, for importing the export back. */
export const SCALE_IMPORT_SPACE = 'space_scale_import';
/** An empty space, for importing the same pages from a Git repository (`scaleRepository`). */
export const SCALE_GIT_SPACE = 'space_scale_git';

export interface ScaleOptions {
  /** Pages (a multiple of 100). */
  pages: number;
  comments?: number;
  /** Pages changed on each side of the change request (default pages / 20). */
  changed?: number;
}

const folders = (n: number) => Math.max(1, Math.floor(n / 100));

export const pagePath = (folder: number, page: number) => `f${folder}/p${page}`;
export const pageId = (folder: number, page: number) => `pg_${folder}_${page}`;

export function pageMarkdown(n: number, folder: number, page: number): string {
  const last = Math.min(100, n) - 1;
  const next = page < last ? `p${page + 1}.md` : `../f${(folder + 1) % folders(n)}/p0.md`;
  return [
    `# Page ${folder}-${page}`,
    '',
    `See [the next page](${next}), [the overview](/f0/README.md),`,
    `[the reference](https://example.com/docs/${folder}) and [a page that is gone](gone-${folder}-${page}.md).`,
    '',
    `Some words about topic ${page % 50} in folder ${folder}.`,
  ].join('\n');
}

const folderMarkdown = (folder: number) => `# Folder ${folder}\n\nThe pages of folder ${folder}.`;

/**
 * The same pages as files of a Git repository (path → content), the way a Git-synced space lays them
 * out: a folder's page is its `README.md`, each page a `.md` file whose first heading is its title.
 * Imported, it gives the pages, paths and links of the seeded space.
 */
export function scaleRepository(n: number): Map<string, string> {
  const files = new Map<string, string>();
  for (let f = 0; f < folders(n); f++) {
    files.set(`f${f}/README.md`, folderMarkdown(f));
    for (let p = 0; p < Math.min(100, n); p++) files.set(`f${f}/p${p}.md`, pageMarkdown(n, f, p));
  }
  return files;
}

export function scaleSeed(options: ScaleOptions): SeedSpec {
  const n = options.pages;
  const changed = options.changed ?? Math.max(1, Math.floor(n / 20));
  const pages = Array.from({ length: folders(n) }, (_, f) => ({
    title: `Folder ${f}`,
    slug: `f${f}`,
    markdown: folderMarkdown(f),
    pages: Array.from({ length: Math.min(100, n) }, (_, p) => ({
      id: pageId(f, p),
      title: `Page ${f}-${p}`,
      slug: `p${p}`,
      markdown: pageMarkdown(n, f, p),
    })),
  }));
  // Every other changed page on each side: the two sides never touch the same page (no conflicts).
  const edits = (side: number, label: string) => {
    const out: Record<string, string> = {};
    for (let i = 0; i < changed; i++) {
      const k = 2 * i + side;
      const folder = Math.floor(k / 100) % folders(n);
      const page = k % 100;
      out[pagePath(folder, page)] = `${pageMarkdown(n, folder, page)}\n\nEdited in ${label}.`;
    }
    return out;
  };
  // Pages of the last folder that neither side above touches (at the smallest sizes, some it does).
  const checkEdits = () => {
    const out: Record<string, string> = {};
    const folder = folders(n) - 1;
    for (let i = 0; i < Math.min(CHECK_TOUCHED, n); i++) {
      const page = (50 + i) % Math.min(100, n);
      out[pagePath(folder, page)] = `${pageMarkdown(n, folder, page)}\n\nSee also [the draft](draft-${i}.md).`;
    }
    return out;
  };
  return {
    users: [{ id: 'usr_scale', displayName: 'Scale Admin', email: 'scale@example.com', tokens: [SCALE_TOKEN] }],
    organizations: [
      {
        id: SCALE_ORG,
        title: 'Scale',
        members: [{ user: 'usr_scale', role: 'admin' }],
        spaces: [
          {
            id: SCALE_SPACE,
            title: `Space of ${n} pages`,
            pages,
            comments: Array.from({ length: options.comments ?? 200 }, (_, i) => ({ page: pagePath(0, 1), markdown: `Comment ${i}` })),
            changeRequests: [
              { id: 'cr_work', subject: 'Work', pages: edits(0, 'the change request') },
              { id: 'cr_main', subject: 'Main', status: 'merged', pages: edits(1, 'main') },
              { id: SCALE_CHECK_CR, subject: 'Check', pages: checkEdits() },
            ],
          },
          { id: SCALE_IMPORT_SPACE, title: 'Imported from Git', pages: [] },
          { id: SCALE_GIT_SPACE, title: `Space of ${n} pages, from Git`, pages: [] },
        ],
      },
    ],
  };
}
