import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { badRequest, conflict } from '../types.js';
import { scrubCredentials, withoutCredentials } from './git-info.js';
import { contentTypeOf } from './import.js';
import { pagesFromMarkdownFiles, pagesToMarkdownFiles, type MarkdownFile } from './markdown-tree.js';
import type { FileEntry, FileInput, PageInput, PageNode } from './revisions.js';

/**
 * Git sync against repositories this machine can reach: a local path or a `file://` URL. The `git`
 * CLI does the work (no shell), in a throw-away directory per operation. Remote URLs may carry
 * credentials: every message that could contain one goes through `scrubCredentials`.
 */

const ASSETS = '.gitbook/assets';

export class GitFailure extends Error {
  constructor(readonly stderr: string) {
    super(stderr);
  }
}

function git(cwd: string, args: string[], options: { input?: Buffer; env?: Record<string, string> } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      // No automatic gc or maintenance: started in the background on a big commit, it would still be
      // writing into the throw-away directory while that is removed (ENOTEMPTY).
      ['-c', 'init.defaultBranch=main', '-c', 'advice.detachedHead=false', '-c', 'gc.auto=0', '-c', 'maintenance.auto=false', ...args],
      { cwd, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', ...options.env } },
      (err, stdout, stderr) => (err ? reject(new GitFailure(Buffer.from(stderr).toString('utf8') || err.message)) : resolve(Buffer.from(stdout))),
    );
    if (options.input) child.stdin?.end(options.input);
  });
}

/** What git is given for a remote: a local path or a file:// URL; anything else is refused. */
export async function localRemote(url: string): Promise<string> {
  const refuse = () =>
    badRequest(`url: the emulator can only reach local repositories (an absolute path or a file:// URL), not ${withoutCredentials(url)}`);
  let path: string;
  if (/^file:/i.test(url)) {
    try {
      path = fileURLToPath(new URL(withoutCredentials(url)));
    } catch {
      throw refuse();
    }
  } else if (isAbsolute(url) && !/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    path = url;
  } else {
    throw refuse();
  }
  try {
    await stat(path);
  } catch {
    throw badRequest(`url: no repository at ${withoutCredentials(url)}`);
  }
  return path;
}

const projectPrefix = (dir?: string) => {
  const clean = (dir ?? '').replace(/^\/+|\/+$/g, '');
  return clean ? `${clean}/` : '';
};

async function withTempRepo<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'docs-emulator-git-'));
  try {
    await git(dir, ['init', '-q']);
    return await fn(dir);
  } finally {
    // Retries ride out a file that something (an antivirus, a late git child) still holds.
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
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
export async function readRepository(url: string, ref: string, projectDirectory?: string): Promise<RepositoryContent> {
  const remote = await localRemote(url);
  const prefix = projectPrefix(projectDirectory);
  return withTempRepo(async (dir) => {
    try {
      await git(dir, ['fetch', '-q', '--no-tags', '--', remote, ref]);
    } catch (err) {
      throw badRequest(`ref: cannot read ${ref} from ${withoutCredentials(url)}: ${scrubCredentials(firstLine(err), url)}`);
    }
    const commit = (await git(dir, ['rev-parse', 'FETCH_HEAD'])).toString().trim();
    const message = (await git(dir, ['log', '-1', '--format=%B', 'FETCH_HEAD'])).toString().trim();
    const entries = (await git(dir, ['ls-tree', '-r', '-z', 'FETCH_HEAD']))
      .toString('utf8')
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const [meta = '', path = ''] = line.split('\t');
        const [, type, oid = ''] = meta.split(' ');
        return { type, oid, path };
      })
      .filter((e) => e.type === 'blob' && e.path.startsWith(prefix))
      .map((e) => ({ ...e, rel: e.path.slice(prefix.length) }))
      .filter((e) => /\.md$/i.test(e.rel) || e.rel.startsWith(`${ASSETS}/`));
    const blobs = entries.length > 0 ? parseBatch(await git(dir, ['cat-file', '--batch'], { input: Buffer.from(entries.map((e) => `${e.oid}\n`).join('')) })) : new Map<string, Buffer>();
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
  (err instanceof GitFailure ? err.stderr : String(err)).split('\n').map((l) => l.replace(/^(fatal|error):\s*/, '').trim()).find(Boolean) ?? 'git failed';

export interface ExportOptions {
  message: string;
  author: { name: string; email: string };
  projectDirectory?: string;
  force?: boolean;
  now: Date;
}

/** Write the pages and files as markdown on `ref` (created if missing) and push one commit. */
export async function writeRepository(url: string, ref: string, content: { pages: readonly PageNode[]; files: readonly FileEntry[] }, options: ExportOptions): Promise<{ commit: string; changed: boolean }> {
  const remote = await localRemote(url);
  const prefix = projectPrefix(options.projectDirectory);
  return withTempRepo(async (dir) => {
    let exists = true;
    try {
      await git(dir, ['fetch', '-q', '--no-tags', '--', remote, ref]);
    } catch (err) {
      if (!/couldn't find remote ref|not our ref|invalid refspec/i.test(err instanceof GitFailure ? err.stderr : '')) {
        throw badRequest(`url: cannot read ${withoutCredentials(url)}: ${scrubCredentials(firstLine(err), url)}`);
      }
      exists = false;
    }
    await git(dir, exists ? ['checkout', '-q', '-B', 'export', 'FETCH_HEAD'] : ['checkout', '-q', '--orphan', 'export']);
    // The export replaces the content it owns (markdown and assets under the project directory).
    const tracked = (await git(dir, ['ls-files', '-z'])).toString('utf8').split('\0').filter(Boolean);
    for (const path of tracked) {
      const rel = path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
      if (rel !== undefined && (/\.md$/i.test(rel) || rel.startsWith(`${ASSETS}/`))) await unlink(join(dir, path)).catch(() => undefined);
    }
    const { files, summary } = pagesToMarkdownFiles(content.pages);
    files.set('SUMMARY.md', summary);
    const writes: [string, Buffer][] = [...files].map(([path, text]) => [path, Buffer.from(text, 'utf8')]);
    for (const file of content.files) writes.push([`${ASSETS}/${file.name}`, Buffer.from(file._content ?? '', 'base64')]);
    for (const [path, bytes] of writes) {
      const full = join(dir, prefix, path);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, bytes);
    }
    await git(dir, ['add', '-A', '--', '.']);
    const status = (await git(dir, ['status', '--porcelain'])).toString().trim();
    if (exists && status === '') return { commit: (await git(dir, ['rev-parse', 'HEAD'])).toString().trim(), changed: false };
    const date = options.now.toISOString();
    const env = { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
    const identity = ['-c', `user.name=${options.author.name}`, '-c', `user.email=${options.author.email}`];
    await git(dir, [...identity, 'commit', '-q', '--allow-empty', '-m', options.message], { env });
    try {
      await git(dir, ['push', '-q', ...(options.force ? ['--force'] : []), '--', remote, `HEAD:${ref}`]);
    } catch (err) {
      const text = err instanceof GitFailure ? err.stderr : '';
      if (/non-fast-forward|fetch first|rejected/i.test(text) && !/checked out/i.test(text)) {
        throw conflict(`${ref} moved on while exporting; export again, or send force: true to overwrite it`);
      }
      throw badRequest(`ref: cannot push to ${ref} of ${withoutCredentials(url)}: ${scrubCredentials(firstLine(err), url)}`);
    }
    return { commit: (await git(dir, ['rev-parse', 'HEAD'])).toString().trim(), changed: true };
  });
}

/** Keep page ids (and creation dates) of pages whose path did not change, so merges and comments follow them. */
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
      }
      return page;
    });
  return apply(pages);
}
