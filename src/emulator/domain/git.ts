import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { lstat, mkdtemp, mkdir, open, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { badRequest, conflict } from '../types.js';
import { filePath, localRepository, tooLarge, type HostPolicy } from '../host.js';
import { scrubCredentials, withoutCredentials } from './git-info.js';
import { contentTypeOf } from './import.js';
import { pagesFromMarkdownFiles, pagesToMarkdownFiles, type MarkdownFile } from './markdown-tree.js';
import type { FileEntry, FileInput, PageInput, PageNode } from './revisions.js';

/**
 * Git sync against repositories this machine can reach: a local path or a `file://` URL, inside the
 * files root (src/emulator/host.ts). The `git` CLI does the work (no shell), in a throw-away
 * directory per operation; every path written there is checked to stay inside it. Remote URLs may
 * carry credentials: every message that could contain one goes through `scrubCredentials`.
 */

const ASSETS = '.gitbook/assets';

export class GitFailure extends Error {
  constructor(readonly stderr: string) {
    super(stderr);
  }
}

interface GitOptions {
  input?: Buffer;
  env?: Record<string, string>;
  /** Kills git when aborted (the emulator closing). */
  signal?: AbortSignal;
  maxBuffer?: number;
}

function git(cwd: string, args: string[], options: GitOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      // No automatic gc or maintenance: started in the background on a big commit, it would still be
      // writing into the throw-away directory while that is removed (ENOTEMPTY).
      ['-c', 'init.defaultBranch=main', '-c', 'advice.detachedHead=false', '-c', 'gc.auto=0', '-c', 'maintenance.auto=false', ...args],
      {
        cwd,
        encoding: 'buffer',
        maxBuffer: options.maxBuffer ?? 256 * 1024 * 1024,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', ...options.env },
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (err, stdout, stderr) => {
        if (!err) return resolve(Buffer.from(stdout));
        if ((err as NodeJS.ErrnoException).code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return reject(new GitFailure('maxBuffer'));
        reject(new GitFailure(Buffer.from(stderr).toString('utf8') || err.message));
      },
    );
    if (options.input) child.stdin?.end(options.input);
  });
}

/**
 * What git is given for a remote: the real path of a local repository (a path or a file:// URL)
 * inside the files root; anything else is refused.
 */
export async function localRemote(policy: HostPolicy, url: string): Promise<string> {
  const shown = withoutCredentials(url);
  const refuse = () => badRequest(`url: the emulator can only reach local repositories (an absolute path or a file:// URL), not ${shown}`);
  let path: string;
  if (/^file:/i.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(shown);
    } catch {
      throw refuse();
    }
    path = filePath(parsed, 'url');
  } else if (isAbsolute(url) && !/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    path = url;
  } else {
    throw refuse();
  }
  return localRepository(policy, path, shown);
}

const FIELD = 'repoProjectDirectory';

/**
 * The project directory as a path prefix (`docs/`), or a 400 naming the field: it is a relative
 * path that stays inside the repository (checked before anything is read or written).
 */
export function projectPrefix(dir: string | undefined): string {
  if (dir === undefined) return '';
  const refuse = (why: string) =>
    badRequest(`${FIELD}: ${JSON.stringify(dir)} ${why}; give a relative path inside the repository, such as docs`);
  if (dir.includes('\0')) throw refuse('contains a NUL character');
  if (dir.includes('\\')) throw refuse('contains a backslash');
  if (dir.startsWith('/') || /^[a-z]:/i.test(dir)) throw refuse('is an absolute path');
  const parts = dir.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw refuse('leaves the repository (..)');
  return parts.length > 0 ? `${parts.join('/')}/` : '';
}

const throughLink = (prefix: string) =>
  badRequest(`${FIELD}: ${prefix.slice(0, -1)} runs through a symbolic link or a file in the repository; give a real directory`);

/** Refuse a project directory that a symlink (or a file) of the checked-out tree stands in. */
async function checkPrefixInWorkingCopy(dir: string, prefix: string): Promise<void> {
  let at = dir;
  for (const part of prefix.split('/').filter(Boolean)) {
    at = join(at, part);
    const info = await lstat(at).catch(() => undefined);
    if (info && !info.isDirectory()) throw throughLink(prefix);
  }
}

/**
 * Write `rel` under `root` without leaving it: no `..` or empty segments, no directory of the path
 * that is a symlink, and O_NOFOLLOW on the file itself. Page paths come from titles and slugs,
 * which any editor controls.
 */
async function writeInside(root: string, rel: string, bytes: Buffer): Promise<void> {
  const parts = rel.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\') || part.includes('\0'))) {
    throw badRequest(
      `the page or file path ${JSON.stringify(rel)} would leave the repository's directory; rename the page (or file) and export again`,
    );
  }
  let at = root;
  for (const part of parts.slice(0, -1)) {
    at = join(at, part);
    const info = await lstat(at).catch(() => undefined);
    if (!info) await mkdir(at);
    else if (!info.isDirectory()) throw badRequest(`cannot write ${rel}: ${part} is a symbolic link or a file in the repository`);
  }
  let handle;
  try {
    handle = await open(
      join(at, parts[parts.length - 1] as string),
      constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW,
      0o644,
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw badRequest(`cannot write ${rel}: it is a symbolic link in the repository`);
    throw err;
  }
  try {
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
}

type Run = (args: string[], options?: GitOptions) => Promise<Buffer>;

async function withTempRepo<T>(policy: HostPolicy, fn: (dir: string, run: Run) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'docs-emulator-git-'));
  const run: Run = (args, options = {}) => git(dir, args, { signal: policy.signal, ...options });
  try {
    await run(['init', '-q']);
    return await fn(dir, run);
  } finally {
    // Retries ride out a file that something (an antivirus, a late git child) still holds.
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
  }
}

/** The blobs' bytes (with `cat-file --batch` headers), at most about `limit` of them. */
async function catFiles(run: Run, oids: string[], limit: number, shown: string): Promise<Buffer> {
  // Each blob adds a header line (oid, type, size) of well under 100 bytes.
  const maxBuffer = limit + oids.length * 100;
  try {
    return await run(['cat-file', '--batch'], { input: Buffer.from(oids.map((oid) => `${oid}\n`).join('')), maxBuffer });
  } catch (err) {
    if (err instanceof GitFailure && err.stderr === 'maxBuffer') throw tooLarge(`the content of ${shown}`, limit);
    throw err;
  }
}

/** Parse `git cat-file --batch` output into blobs by oid. */
function parseBatch(out: Buffer): Map<string, Buffer> {
  const blobs = new Map<string, Buffer>();
  let at = 0;
  while (at < out.length) {
    const eol = out.indexOf(10, at);
    if (eol < 0) break;
    const [oid = '', , size = '0'] = out.subarray(at, eol).toString('utf8').split(' ');
    const start = eol + 1;
    blobs.set(oid, out.subarray(start, start + Number(size)));
    at = start + Number(size) + 1;
  }
  return blobs;
}

export interface RepositoryContent {
  pages: PageInput[];
  files: FileInput[];
  commit: string;
  message: string;
}

/** Read `ref` of the repository: markdown pages (README/SUMMARY rules) and `.gitbook/assets` files. */
export async function readRepository(policy: HostPolicy, url: string, ref: string, projectDirectory?: string): Promise<RepositoryContent> {
  const prefix = projectPrefix(projectDirectory);
  const remote = await localRemote(policy, url);
  return withTempRepo(policy, async (dir, run) => {
    try {
      await run(['fetch', '-q', '--no-tags', '--', remote, ref]);
    } catch (err) {
      throw badRequest(`ref: cannot read ${ref} from ${withoutCredentials(url)}: ${scrubCredentials(firstLine(err), url)}`);
    }
    const commit = (await run(['rev-parse', 'FETCH_HEAD'])).toString().trim();
    const message = (await run(['log', '-1', '--format=%B', 'FETCH_HEAD'])).toString().trim();
    const tree = (await run(['ls-tree', '-r', '-z', 'FETCH_HEAD']))
      .toString('utf8')
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const [meta = '', path = ''] = line.split('\t');
        const [mode, type, oid = ''] = meta.split(' ');
        return { mode, type, oid, path };
      });
    // A symlink (mode 120000) standing where the project directory or one of its parents should be.
    if (tree.some((e) => e.type === 'blob' && prefix.startsWith(`${e.path}/`))) throw throughLink(prefix);
    const entries = tree
      .filter((e) => e.type === 'blob' && e.mode !== '120000' && e.path.startsWith(prefix))
      .map((e) => ({ ...e, rel: e.path.slice(prefix.length) }))
      .filter((e) => /\.md$/i.test(e.rel) || e.rel.startsWith(`${ASSETS}/`));
    const blobs =
      entries.length > 0
        ? parseBatch(
            await catFiles(
              run,
              entries.map((e) => e.oid),
              policy.maxImportBytes,
              withoutCredentials(url),
            ),
          )
        : new Map<string, Buffer>();
    const markdown = new Map<string, MarkdownFile>();
    const files: FileInput[] = [];
    for (const e of entries) {
      const bytes = blobs.get(e.oid) ?? Buffer.alloc(0);
      if (/\.md$/i.test(e.rel)) markdown.set(e.rel, { content: bytes.toString('utf8'), oid: e.oid });
      else {
        const name = e.rel.slice(ASSETS.length + 1);
        files.push({ name, contentType: contentTypeOf(name), content: bytes, git: { oid: e.oid, path: e.path } });
      }
    }
    const pages = pagesFromMarkdownFiles(markdown);
    if (pages.length === 0) throw badRequest(`url: no markdown pages found${prefix ? ` under ${prefix}` : ''} at ${ref}`);
    return { pages, files, commit, message };
  });
}

const firstLine = (err: unknown): string =>
  (err instanceof GitFailure ? err.stderr : String(err))
    .split('\n')
    .map((l) => l.replace(/^(fatal|error):\s*/, '').trim())
    .find(Boolean) ?? 'git failed';

export interface ExportOptions {
  message: string;
  author: { name: string; email: string };
  projectDirectory?: string;
  force?: boolean;
  now: Date;
}

/** Write the pages and files as markdown on `ref` (created if missing) and push one commit. */
export async function writeRepository(
  policy: HostPolicy,
  url: string,
  ref: string,
  content: { pages: readonly PageNode[]; files: readonly FileEntry[] },
  options: ExportOptions,
): Promise<{ commit: string; changed: boolean }> {
  const prefix = projectPrefix(options.projectDirectory);
  const remote = await localRemote(policy, url);
  return withTempRepo(policy, async (dir, run) => {
    let exists = true;
    try {
      await run(['fetch', '-q', '--no-tags', '--', remote, ref]);
    } catch (err) {
      if (!/couldn't find remote ref|not our ref|invalid refspec/i.test(err instanceof GitFailure ? err.stderr : '')) {
        throw badRequest(`url: cannot read ${withoutCredentials(url)}: ${scrubCredentials(firstLine(err), url)}`);
      }
      exists = false;
    }
    await run(exists ? ['checkout', '-q', '-B', 'export', 'FETCH_HEAD'] : ['checkout', '-q', '--orphan', 'export']);
    await checkPrefixInWorkingCopy(dir, prefix);
    // The export replaces the content it owns (markdown and assets under the project directory).
    const tracked = (await run(['ls-files', '-z'])).toString('utf8').split('\0').filter(Boolean);
    for (const path of tracked) {
      const rel = path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
      if (rel !== undefined && (/\.md$/i.test(rel) || rel.startsWith(`${ASSETS}/`))) await unlink(join(dir, path)).catch(() => undefined);
    }
    const { files, summary } = pagesToMarkdownFiles(content.pages);
    files.set('SUMMARY.md', summary);
    const writes: [string, Buffer][] = [...files].map(([path, text]) => [path, Buffer.from(text, 'utf8')]);
    for (const file of content.files) writes.push([`${ASSETS}/${file.name}`, Buffer.from(file._content ?? '', 'base64')]);
    for (const [path, bytes] of writes) await writeInside(dir, `${prefix}${path}`, bytes);
    await run(['add', '-A', '--', '.']);
    const status = (await run(['status', '--porcelain'])).toString().trim();
    if (exists && status === '') return { commit: (await run(['rev-parse', 'HEAD'])).toString().trim(), changed: false };
    const date = options.now.toISOString();
    const env = { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
    const identity = ['-c', `user.name=${options.author.name}`, '-c', `user.email=${options.author.email}`];
    await run([...identity, 'commit', '-q', '--allow-empty', '-m', options.message], { env });
    try {
      await run(['push', '-q', ...(options.force ? ['--force'] : []), '--', remote, `HEAD:${ref}`]);
    } catch (err) {
      const text = err instanceof GitFailure ? err.stderr : '';
      if (/non-fast-forward|fetch first|rejected/i.test(text) && !/checked out/i.test(text)) {
        throw conflict(`${ref} moved on while exporting; export again, or send force: true to overwrite it`);
      }
      throw badRequest(`ref: cannot push to ${ref} of ${withoutCredentials(url)}: ${scrubCredentials(firstLine(err), url)}`);
    }
    return { commit: (await run(['rev-parse', 'HEAD'])).toString().trim(), changed: true };
  });
}

/**
 * Keep page ids (and creation dates) of pages whose path did not change, so merges and comments follow them.
 * A page that did not change at all (the same fields, the same children) is the previous revision's page
 * itself: what is kept with a page (its link resolution, its presented text) serves the new revision too.
 */
export function reuseIds(pages: PageNode[], previous: readonly PageNode[]): PageNode[] {
  const byPath = new Map<string, PageNode>();
  const walk = (list: readonly PageNode[]) => list.forEach((p) => (byPath.set(p.path, p), walk(p.pages)));
  walk(previous);
  const apply = (list: PageNode[]): PageNode[] =>
    list.map((p) => {
      const old = byPath.get(p.path);
      const page: PageNode = { ...p, pages: apply(p.pages) };
      if (old) {
        page.id = old.id;
        if (old.createdAt) page.createdAt = old.createdAt;
        if (old.markdown === p.markdown && old.title === p.title && old.updatedAt) page.updatedAt = old.updatedAt;
        if (samePage(page, old)) return old;
      }
      return page;
    });
  return apply(pages);
}

/** Whether two pages have the same fields, the same Git location and the very same children. */
function samePage(a: PageNode, b: PageNode): boolean {
  const keys = Object.keys(a) as (keyof PageNode)[];
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    if (key === 'pages') {
      if (a.pages.length !== b.pages.length || a.pages.some((child, i) => child !== b.pages[i])) return false;
    } else if (key === 'git') {
      if (!a.git || !b.git || Object.keys(a.git).length !== 2 || Object.keys(b.git).length !== 2) return false;
      if (a.git.oid !== b.git.oid || a.git.path !== b.git.path) return false;
    } else return false;
  }
  return true;
}
