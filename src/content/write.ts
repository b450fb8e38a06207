import { lstat, mkdir, readdir, realpath, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';

/**
 * Writing a pulled folder without ever touching anything outside it. The layout's paths are
 * already made of safe segments; this checks again where each one really lands, because the
 * folder may be an existing one (`--force`) holding symbolic links to elsewhere.
 */

/** The target cannot be used as asked: a usage problem (exit 2 in the CLI). */
export class FolderError extends Error {
  override name = 'FolderError';
}

/** A path that would land outside the target (exit 1: something is wrong, nothing more is written). */
export class EscapeError extends Error {
  override name = 'EscapeError';
}

/**
 * Check that `dir` is a directory we may fill: missing (it will be created), or a directory that
 * is empty unless `force`. Nothing is created yet, so a failure afterwards leaves no trace.
 */
export async function checkFolder(dir: string, force: boolean, forceFlag = '--force'): Promise<void> {
  const info = await stat(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw new FolderError(`cannot use ${dir}: ${err.code === 'ENOTDIR' ? 'a file is in the way' : err.message}`);
  });
  if (!info) return;
  if (!info.isDirectory()) throw new FolderError(`${dir} is not a directory`);
  if (!force && (await readdir(dir)).length > 0) {
    throw new FolderError(`${dir} is not empty; pass ${forceFlag} to write into it anyway (files of the same name are overwritten)`);
  }
}

/** Create `dir` if needed and return its real path, the root every write is checked against. */
export async function openFolder(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
    throw new FolderError(
      `cannot create ${dir}: ${err.code === 'EEXIST' || err.code === 'ENOTDIR' ? 'a file is in the way' : err.message}`,
    );
  });
  return realpath(dir);
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
};

/**
 * Where `relPath` lands under `root` (a real path from `openFolder`). Refuses a path that is not
 * plain and relative, or that resolves outside root (EscapeError: the layout never makes one), and
 * a path through an existing symbolic link, folder or file, since following it could write
 * elsewhere (FolderError: the folder holds it).
 */
export async function checkWritable(root: string, relPath: string): Promise<string> {
  const parts = relPath.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\0') || p.includes('\\'))) {
    throw new EscapeError(`refusing to write ${JSON.stringify(relPath)}: not a plain relative path`);
  }
  const target = join(root, ...parts);
  if (!inside(root, target)) throw new EscapeError(`refusing to write ${relPath}: it is outside ${root}`);
  let at = root;
  for (const part of parts) {
    at = join(at, part);
    const info = await lstat(at).catch(() => undefined);
    if (!info) break;
    if (info.isSymbolicLink())
      throw new FolderError(`refusing to write ${relPath}: ${at} is a symbolic link (remove it, or pull into another folder)`);
  }
  return target;
}

/** Write `content` at `relPath` under `root`, after `checkWritable`. */
export async function writeInside(root: string, relPath: string, content: string | Uint8Array): Promise<string> {
  const target = await checkWritable(root, relPath);
  await mkdir(join(target, '..'), { recursive: true });
  await writeFile(target, content);
  return target;
}
