import { constants } from 'node:fs';
import { lstat, open, readFile, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpError, badRequest } from './types.js';

/**
 * The emulator's doors to the host. It runs with its user's rights and answers anyone who holds a
 * token, so what it reads from the machine is bounded here: local files and repositories only under
 * the root the person starting it chose (`--files-root`), only regular files, and at most
 * `--max-import-bytes` from any source. In-flight reads stop when the emulator closes.
 */

export const DEFAULT_MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** Entries a zip import may hold: past it, an archive of empty files still costs a page each. */
export const MAX_ZIP_ENTRIES = 10_000;

export interface HostPolicy {
  /** Real path of the directory local sources must be inside; undefined: no local source. */
  filesRoot: string | undefined;
  maxImportBytes: number;
  /** Aborted when the emulator closes: fetches and git processes stop with it. */
  signal: AbortSignal;
}

export function hostPolicy(options: {
  filesRoot?: string | undefined;
  maxImportBytes?: number | undefined;
  signal?: AbortSignal;
}): HostPolicy {
  return {
    filesRoot: options.filesRoot,
    maxImportBytes: options.maxImportBytes ?? DEFAULT_MAX_IMPORT_BYTES,
    signal: options.signal ?? new AbortController().signal,
  };
}

/** Check the directory exists and return its real path (symlinks resolved) for containment checks. */
export async function resolveFilesRoot(dir: string): Promise<string> {
  const real = await realpath(dir);
  const handle = await open(real, constants.O_RDONLY);
  try {
    if (!(await handle.stat()).isDirectory()) throw Object.assign(new Error(`${dir} is not a directory`), { code: 'ENOTDIR' });
  } finally {
    await handle.close();
  }
  return real;
}

export const tooLarge = (what: string, limit: number) =>
  new HttpError(
    413,
    `${what} is larger than the emulator's import limit of ${limit} bytes (start it with --max-import-bytes N to raise it)`,
  );

const noRoot = (field: string, shown: string) =>
  badRequest(
    `${field}: the emulator reads local files only under the directory given with --files-root; start it with --files-root DIR to import ${shown}`,
  );

/** True when `path` is `root` or inside it (both real paths). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** `file:` URL → path, as a 400 naming the field when the URL cannot be a local path (bad %-encoding, %2F). */
export function filePath(url: URL, field: string): string {
  try {
    decodeURIComponent(url.pathname);
    return fileURLToPath(url);
  } catch {
    throw badRequest(`${field}: ${url.href} is not a valid file URL (bad percent-encoding or an encoded "/")`);
  }
}

/**
 * The real path of a local source, refused (400 naming the field and the flag) unless it exists
 * inside the files root once every symlink and `..` is resolved.
 */
export async function localPath(
  policy: HostPolicy,
  path: string,
  field: string,
  shown = path,
  unreadable = (code: string) => badRequest(`${field}: cannot read ${shown}: ${code}`),
): Promise<string> {
  if (!policy.filesRoot) throw noRoot(field, shown);
  let real: string;
  try {
    real = await realpath(path);
  } catch (err) {
    throw unreadable((err as NodeJS.ErrnoException).code ?? 'unreadable');
  }
  if (!isInside(policy.filesRoot, real)) throw badRequest(`${field}: ${shown} is outside the directory given with --files-root`);
  return real;
}

/**
 * A local repository's real path, refused unless its git directory (a `.git` file can point
 * anywhere, a worktree shares another's) is inside the files root too and it borrows no objects
 * from elsewhere (`objects/info/alternates`).
 */
export async function localRepository(policy: HostPolicy, path: string, shown: string): Promise<string> {
  const repo = await localPath(policy, path, 'url', shown, () => badRequest(`url: no repository at ${shown}`));
  const root = policy.filesRoot as string;
  const dotGit = join(repo, '.git');
  const info = await lstat(dotGit).catch(() => undefined);
  let gitDir = info ? dotGit : repo;
  if (info?.isFile()) {
    const pointer = /^gitdir:\s*(.+)$/m.exec(await readFile(dotGit, 'utf8'))?.[1]?.trim();
    if (pointer) gitDir = resolve(repo, pointer);
  }
  const dirs = [gitDir];
  const common = await readFile(join(gitDir, 'commondir'), 'utf8').catch(() => undefined);
  if (common) dirs.push(resolve(gitDir, common.trim()));
  for (const dir of dirs) {
    const real = await realpath(dir).catch(() => dir);
    if (!isInside(root, real)) throw badRequest(`url: the git directory of ${shown} is outside the directory given with --files-root`);
    if (await lstat(join(real, 'objects', 'info', 'alternates')).catch(() => undefined)) {
      throw badRequest(
        `url: ${shown} borrows objects from another repository (objects/info/alternates); the emulator reads only self-contained repositories`,
      );
    }
  }
  return repo;
}

/**
 * Read a regular file inside the files root, at most `maxImportBytes`. The type is checked on the
 * opened descriptor (a name can be swapped after a check), and O_NONBLOCK keeps a FIFO from
 * blocking the open itself.
 */
export async function readLocalFile(policy: HostPolicy, path: string, field: string, shown = path): Promise<Uint8Array> {
  const real = await localPath(policy, path, field, shown);
  let handle;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (err) {
    throw badRequest(`${field}: cannot read ${shown}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw badRequest(`${field}: ${shown} is not a regular file`);
    const limit = policy.maxImportBytes;
    if (info.size > limit) throw tooLarge(shown, limit);
    // The file may grow while it is read: never read more than the limit allows.
    const buffer = Buffer.alloc(Math.min(info.size, limit) + 1);
    let length = 0;
    for (;;) {
      if (policy.signal.aborted) throw new HttpError(503, 'The emulator is shutting down');
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) {
        if (length > limit) throw tooLarge(shown, limit);
        break;
      }
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/** The body of a fetch response, stopping (and cancelling the transfer) past the limit. */
export async function readBodyCapped(response: Response, limit: number, shown: string): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(shown, limit);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Node's types leave a fetch body's chunks untyped; a fetch body yields bytes.
  const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
  if (!reader) return new Uint8Array();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(shown, limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
