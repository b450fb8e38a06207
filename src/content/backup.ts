import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { changeRequests as changeRequestOps } from '../api/operations/change-requests.js';
import { contentTwins } from '../api/operations/twins.js';
import type { OperationClient } from '../api/request.js';
import { inScope, markdownOf, type Scope } from '../api/scope.js';
import type { RevisionFile } from '../api/schemas/content.js';
import type { Space } from '../api/schemas/space.js';
import { MAX_PAGE_SIZE } from '../api/schemas/common.js';
import { inFlight, pool } from './pool.js';
import { pageFile, planLayout, safeSegment, SUMMARY_FILE } from './pull.js';
import { writeInside } from './write.js';

/**
 * An organization's backup (`docs orgs backup`), one space at a time:
 *
 *   DIR/backup.json                        the organization, when, and every space with its folder and state
 *   DIR/spaces/<space id>/manifest.json    the space, its collection path, the revision backed up, when, counts
 *   DIR/spaces/<space id>/content/         the `spaces pull` layout (SUMMARY.md, README.md, …), the space's files
 *                                          under .gitbook/assets/ with the pages' links to them made local: the
 *                                          folder Git Sync reads, so it can be committed and imported back
 *   DIR/spaces/<space id>/change-requests/<number>/   with --change-requests: each open one, the same layout
 *
 * A space is written into `spaces/.<id>.partial` and put in place of its old copy only when complete (the old one
 * is renamed aside, the new one renamed in, the old one removed), so a good copy is never half overwritten; what an
 * interruption leaves is cleared by the next run (`clearLeftovers`). A space whose revision is the one its manifest
 * names is not read again.
 */

export const SPACES_DIR = 'spaces';
export const CONTENT_DIR = 'content';
export const ASSETS_DIR = '.gitbook/assets';
export const MANIFEST_FILE = 'manifest.json';
export const INDEX_FILE = 'backup.json';

export interface SpaceManifest {
  format: 1;
  space: { id: string; title: string; organization: string };
  /** Titles of the collections the space is in, outermost first (empty: in no collection). */
  collectionPath: string[];
  revision: string;
  backedUpAt: string;
  pages: number;
  files: number;
  changeRequests?: number[];
}

/** What a space's backup read and wrote. */
export interface SpaceBackup {
  manifest: SpaceManifest;
  /** Requests it sent (pages, lists; file downloads apart). */
  requests: number;
}

export const spaceFolder = (root: string, spaceId: string): string => join(root, SPACES_DIR, safeSegment(spaceId));

export async function readManifest(root: string, spaceId: string): Promise<SpaceManifest | undefined> {
  try {
    const manifest = JSON.parse(await readFile(join(spaceFolder(root, spaceId), MANIFEST_FILE), 'utf8')) as SpaceManifest;
    return manifest.format === 1 && manifest.space?.id === spaceId ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What an interrupted run left in `DIR/spaces`: a space half written (`.<id>.partial`) is removed; a space whose
 * old copy was renamed aside but whose new one was not yet in place (`.<id>.old` without `<id>`) gets its old copy back.
 */
export async function clearLeftovers(root: string): Promise<void> {
  const dir = join(root, SPACES_DIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const partial = /^\.(.+)\.partial$/.exec(name);
    if (partial) await rm(join(dir, name), { recursive: true, force: true });
    const old = /^\.(.+)\.old$/.exec(name);
    if (old?.[1]) {
      if (names.includes(old[1])) await rm(join(dir, name), { recursive: true, force: true });
      else await rename(join(dir, name), join(dir, old[1]));
    }
  }
}

/**
 * Links to a file, as pages hold them (its download URL, or a path ending in `.gitbook/assets/<name>`), made the
 * path from the page's own file to the local copy.
 */
export function localLinks(markdown: string, pagePath: string, files: readonly { file: RevisionFile; local: string }[]): string {
  const up = '../'.repeat(pagePath.split('/').length - 1);
  let text = markdown;
  for (const { file, local } of files) {
    const target = `${up}${ASSETS_DIR}/${local}`;
    if (file.downloadURL) text = text.split(file.downloadURL).join(target);
    const name = escapeRegExp(file.name ?? local);
    const encoded = escapeRegExp(encodeURI(file.name ?? local));
    text = text.replace(new RegExp(`(?<=\\]\\(<?)(?:\\.\\.?/)*\\.gitbook/assets/(?:${name}|${encoded})(?=>?[)\\s])`, 'g'), target);
  }
  return text;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface BackupOptions {
  signal: AbortSignal;
  /** Titles of the collections the space is in, outermost first. */
  collectionPath: string[];
  changeRequests: boolean;
  /** Pages read of the space so far, of how many (the change requests' pages included). */
  onPages?: (done: number, total: number) => void;
  now?: () => Date;
  /** Downloads a file's bytes (default: fetch, without the token: download URLs are signed). */
  download?: (url: string, signal: AbortSignal) => Promise<Uint8Array>;
}

async function fetchBytes(url: string, signal: AbortSignal): Promise<Uint8Array> {
  const res = await fetch(url, { signal, redirect: 'follow' });
  if (!res.ok) throw new Error(`download of ${url.replace(/\?.*$/, '')} answered ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

type Client = Pick<OperationClient, 'call' | 'paginate'>;

/** One scope's pages into `root` (a folder already made): the pull layout. Returns the pages written. */
async function writeScope(
  client: Client,
  scope: Scope,
  root: string,
  files: readonly { file: RevisionFile; local: string }[],
  signal: AbortSignal,
  progress: { onTree: (pages: number) => void; onPage: () => void },
): Promise<number> {
  const [listOp, listParams] = inScope(contentTwins.listPages, scope, {});
  const tree = await client.call(listOp, listParams, inFlight(signal));
  const layout = planLayout(tree.pages);
  progress.onTree(layout.files.length);
  const texts = await pool(
    layout.files.map((file) => async () => {
      const [op, params] = inScope(contentTwins.getPage, scope, { pageId: file.page.id, query: { format: 'markdown' } });
      const page = await client.call(op, params, inFlight(signal));
      progress.onPage();
      return pageFile(file.page.title, localLinks(markdownOf(page) ?? '', file.path, files), file.page.description);
    }),
  );
  for (const [i, file] of layout.files.entries()) await writeInside(root, file.path, texts[i] ?? '');
  await writeInside(root, SUMMARY_FILE, layout.summary);
  return layout.files.length;
}

/** Back up one space into `DIR/spaces/<id>`, replacing the old copy only once the new one is complete. */
export async function backupSpace(client: Client, space: Space, root: string, options: BackupOptions): Promise<SpaceBackup> {
  const { signal } = options;
  const final = spaceFolder(root, space.id);
  const partial = join(root, SPACES_DIR, `.${safeSegment(space.id)}.partial`);
  await rm(partial, { recursive: true, force: true });
  let requests = 0;
  try {
    await mkdir(join(partial, CONTENT_DIR), { recursive: true });
    const scope: Scope = { spaceId: space.id };
    const [filesOp, filesParams] = inScope(contentTwins.listFiles, scope, {});
    const listed: RevisionFile[] = [];
    for await (const file of client.paginate(filesOp, filesParams, {
      pageSize: MAX_PAGE_SIZE,
      ...inFlight(signal),
      onPage: () => void requests++,
    }))
      listed.push(file);
    // Local names: safe, and one per file even where two files share a name.
    const taken = new Set<string>();
    const files = listed.map((file) => {
      const base = safeSegment(file.name ?? file.id);
      let local = base;
      for (let n = 2; taken.has(local.toLowerCase()); n++) local = base.replace(/(\.[^.]*)?$/, `-${n}$1`);
      taken.add(local.toLowerCase());
      return { file, local };
    });

    const crs = options.changeRequests
      ? (await client.call(changeRequestOps.list, { spaceId: space.id, query: { status: 'open', limit: MAX_PAGE_SIZE } }, inFlight(signal)))
          .items
      : [];
    if (options.changeRequests) requests++;
    let done = 0;
    let total = 0;
    const progress = {
      onTree: (pages: number) => {
        total += pages;
        requests++;
        options.onPages?.(done, total);
      },
      onPage: () => {
        done++;
        requests++;
        options.onPages?.(done, total);
      },
    };
    const pages = await writeScope(client, scope, join(partial, CONTENT_DIR), files, signal, progress);
    const download = options.download ?? fetchBytes;
    await pool(
      files.map(({ file, local }) => async () => {
        if (!file.downloadURL) return;
        await writeInside(join(partial, CONTENT_DIR), `${ASSETS_DIR}/${local}`, await download(file.downloadURL, signal));
      }),
    );
    const numbers: number[] = [];
    for (const cr of crs) {
      const dir = join(partial, 'change-requests', String(cr.number));
      await mkdir(dir, { recursive: true });
      await writeScope(client, { spaceId: space.id, changeRequestId: cr.id }, dir, files, signal, progress);
      numbers.push(cr.number);
    }
    const manifest: SpaceManifest = {
      format: 1,
      space: { id: space.id, title: space.title, organization: space.organization ?? '' },
      collectionPath: options.collectionPath,
      revision: space.revision ?? '',
      backedUpAt: (options.now?.() ?? new Date()).toISOString(),
      pages,
      files: files.filter((f) => f.file.downloadURL).length,
      ...(options.changeRequests ? { changeRequests: numbers } : {}),
    };
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // The old copy aside, the new one in, the old one gone: a copy is in place at every moment but between two renames.
    const old = join(root, SPACES_DIR, `.${safeSegment(space.id)}.old`);
    await rm(old, { recursive: true, force: true });
    const hadOld = await rename(final, old).then(
      () => true,
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return false;
        throw err;
      },
    );
    await rename(partial, final);
    if (hadOld) await rm(old, { recursive: true, force: true });
    return { manifest, requests };
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

/** Where each space of a backup is and how the last run left it (`DIR/backup.json`). */
export interface BackupIndex {
  format: 1;
  organization: { id: string; title?: string };
  backedUpAt: string;
  spaces: { id: string; title: string; collectionPath: string[]; folder: string; revision?: string; status: string; error?: string }[];
}

export async function writeIndex(root: string, index: BackupIndex): Promise<void> {
  const tmp = join(root, `.${INDEX_FILE}.partial`);
  await writeFile(tmp, `${JSON.stringify(index, null, 2)}\n`);
  await rename(tmp, join(root, INDEX_FILE));
}
