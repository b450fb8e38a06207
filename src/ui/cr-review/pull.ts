import { markdownOf, scopeOf, scopePage, scopePages } from '../../api/scope.js';
import { resolve } from 'node:path';
import type { OperationClient } from '../../api/request.js';
import { pool } from '../../content/pool.js';
import { pageFile, planLayout } from '../../content/pull.js';
import { checkFolder, checkWritable, openFolder, writeInside } from '../../content/write.js';

export interface Pulled {
  /** The folder as typed, and its absolute path. */
  dir: string;
  root: string;
  /** Relative paths of the files written, in reading order. */
  files: string[];
}

/**
 * The change request's version of some of its pages (all pages without `pageIds`) written into
 * `dir` as `docs spaces pull --cr` writes them: the same file names, each file a `# title` and
 * the page's markdown. The folder must be missing or empty; nothing is written outside it.
 */
export async function pullPages(
  client: OperationClient,
  params: { spaceId: string; changeRequestId: string },
  pageIds: ReadonlySet<string> | undefined,
  dir: string,
): Promise<Pulled> {
  await checkFolder(dir, false, 'another folder');
  const scope = scopeOf(params.spaceId, params.changeRequestId);
  const files = planLayout(await scopePages(client, scope)).files.filter((file) => !pageIds || pageIds.has(file.page.id));
  if (files.length === 0) throw new Error('none of those pages has a text to pull in the change request');
  // At most CONCURRENCY pages in flight, as `spaces pull` reads them (src/content/pool.ts).
  const texts = await pool(files.map((file) => async () => markdownOf(await scopePage(client, scope, file.page.id))));
  const root = await openFolder(dir);
  for (const file of files) await checkWritable(root, file.path);
  for (const [i, file] of files.entries()) await writeInside(root, file.path, pageFile(file.page.title, texts[i], file.page.description));
  return { dir, root: resolve(root), files: files.map((f) => f.path) };
}
