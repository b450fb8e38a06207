import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The bundle's vendor scripts: @oclif/core and the part of undici the transport uses, built as CommonJS
 * scripts of their own (dist/bin/vendor/, see bin/bundle.js) and run here through node:vm with a V8 code
 * cache made after the run.
 *
 * Node.js's compile cache (bin/run.js) keeps V8's code of a module as it was just compiled, before it ran:
 * the top level only, since V8 compiles a function when it is first called. So every run of a command compiled
 * again the functions of oclif and undici it called (10–20 ms of a request). A script's cache made once the
 * command has run holds those functions too; the first run of a version of the CLI writes it (at exit, in the
 * cache directory bin/run.js names, beside Node.js's), and later runs start from it. A cache made after a run that
 * started from one holds both, so the first run of each command that succeeds with a cache writes it again (the
 * cache file names the commands it has learnt): a first run of `docs cr list --help` does not leave every later
 * request compiling what it calls. A cache is not replaced by one much smaller (by more than 5%): V8 drops the code
 * of functions that have not run for a while, which a long-running command (the emulator, `docs mcp`, the views) or
 * one that collects garbage a lot would lose. (A little smaller is taken: a run can lose a few, and its command would
 * otherwise make a cache at every exit without writing it.)
 *
 * V8 refuses a cache made by another version of V8 or with other flags, and one whose checksum does not match
 * (V8 checks it only under --verify-snapshot-checksum, which is on while a script compiles and while its cache is
 * made: a damaged cache crashed the process); a run after a refusal writes it again. The file name holds the
 * script's content hash and its installation's path, so a new build never reads an old cache; a build's cache
 * replaces the previous build's of the same installation. Under --debug the scripts load as modules, without a
 * cache, so that their stack frames are mapped to their sources.
 */

const nodeRequire = createRequire(import.meta.url);
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = nodeRequire('node:fs') as typeof import('node:fs');
const vm = nodeRequire('node:vm') as typeof import('node:vm');

declare global {
  /** Where vendor scripts keep their code cache (set by bin/run.js; none where it is not set). */
  var docsCodeCache: string | undefined;
  /** The scripts' import() when they load as modules (--debug). */
  var __docsImport: ((specifier: string) => Promise<unknown>) | undefined;
}

// The bundle puts this module in a shared chunk (dist/bin/chunks/), beside which the vendor scripts are.
const here = dirname(fileURLToPath(import.meta.url));
const VENDOR = join(basename(here) === 'chunks' ? dirname(here) : here, 'vendor');

// One line, so that the script's own lines (and its source map) keep their numbers.
// `__docsImport`: the import() of the scripts (bin/bundle.js).
export const VENDOR_WRAPPER = '(function (exports, require, module, __filename, __dirname, __docsImport) {';
const importModule = (specifier: string): Promise<unknown> => import(specifier);

// A cache file: this line, the commands it has learnt (comma-separated) on the next, then V8's cache.
const MAGIC = 'docs code cache 1\n';

interface Cached {
  script: import('node:vm').Script;
  file: string;
  /** Whether V8 took the cache the file held. */
  accepted: boolean;
  /** The size of that cache. */
  bytes: number;
  learnt: string[];
}

const loaded = new Map<string, unknown>();
const restoreFlags: string[] = [];
const cached: Cached[] = [];
let command: string | undefined;

/** Runs dist/bin/vendor/<file> (once in a process) and returns its exports. */
export function loadVendor(file: string): unknown {
  if (loaded.has(file)) return loaded.get(file);
  const path = join(VENDOR, file);
  if (process.sourceMapsEnabled) {
    globalThis.__docsImport = importModule;
    const exports = nodeRequire(path) as unknown;
    loaded.set(file, exports);
    return exports;
  }
  // One per installation too: a script made from a cache keeps the path of the one it was made in (its stack
  // traces would name another installation of the same version).
  const cacheFile = globalThis.docsCodeCache
    ? join(globalThis.docsCodeCache, `${file}.${pathHash(VENDOR)}.${process.arch}.${process.version}`)
    : undefined;
  const found = cacheFile ? readCache(cacheFile) : undefined;
  const v8 = process.getBuiltinModule('node:v8');
  v8.setFlagsFromString('--verify-snapshot-checksum');
  let script: import('node:vm').Script;
  try {
    script = new vm.Script(`${VENDOR_WRAPPER}${readFileSync(path, 'utf8')}\n})`, { filename: path, cachedData: found?.data });
  } finally {
    v8.setFlagsFromString('--no-verify-snapshot-checksum');
  }
  if (cacheFile) {
    if (cached.length === 0) process.once('exit', saveCaches);
    const accepted = found !== undefined && script.cachedDataRejected === false;
    cached.push({ script, file: cacheFile, accepted, bytes: found?.data.length ?? 0, learnt: found?.learnt ?? [] });
  }
  const module = { exports: {} as unknown };
  const factory = script.runInThisContext() as (...args: unknown[]) => void;
  factory.call(module.exports, module.exports, createRequire(path), module, path, dirname(path), importModule);
  loaded.set(file, module.exports);
  return module.exports;
}

/**
 * Sets V8 flags for the rest of the run. A code cache holds a hash of V8's flags and is refused where they differ,
 * so the caches are written with the flags put back: `restore` is what puts V8's defaults back, the flags `flags`
 * implies included (`--liftoff-only` also turns off tier-up and dynamic tiering in V8 of Node.js 20 and 22). Where
 * node was started with one of them itself, the flags at exit differ from those at start, and the cache is refused
 * and written at every run: slower, not wrong.
 */
export function setRuntimeFlags(flags: string, restore: string): void {
  process.getBuiltinModule('node:v8').setFlagsFromString(flags);
  restoreFlags.push(restore);
}

/** Names the command this run runs (its id), for the caches to learn what it calls (see the top of this file). */
export function runsCommand(id: string): void {
  command = id;
}

/**
 * Whether a script's cache is written at exit, and with which commands learnt: where the file had none that V8
 * took; or where this run's command succeeded and is new to it, unless the new cache would be more than 5% smaller
 * (`bytes` says how large it would be, made only when needed).
 */
export function cacheToWrite(
  found: { accepted: boolean; bytes: number; learnt: string[] },
  run: { command: string | undefined; succeeded: boolean },
  bytes: () => number,
): { learnt: string[] } | undefined {
  const learns = run.succeeded && run.command !== undefined && !found.learnt.includes(run.command);
  if (!found.accepted) return { learnt: learns ? [run.command!] : [] };
  if (!learns || bytes() < found.bytes * 0.95) return undefined;
  return { learnt: [...found.learnt, run.command!] };
}

/** At exit: writes each cache `cacheToWrite` asks for, with V8's flags as they are while a script compiles. */
function saveCaches(code: number): void {
  const v8 = process.getBuiltinModule('node:v8');
  for (const flags of restoreFlags.splice(0)) v8.setFlagsFromString(flags);
  v8.setFlagsFromString('--verify-snapshot-checksum');
  for (const { script, file, accepted, bytes, learnt } of cached) {
    try {
      let data: Buffer | undefined;
      const made = () => (data ??= script.createCachedData());
      const write = cacheToWrite({ accepted, bytes, learnt }, { command, succeeded: code === 0 }, () => made().length);
      if (!write) continue;
      if (writeQuietly(file, () => Buffer.concat([Buffer.from(`${MAGIC}${write.learnt.join(',')}\n`), made()]))) removeOtherBuilds(file);
    } catch {
      // Whatever goes wrong here, the run is over: it leaves the cache as it found it, and prints nothing.
    }
  }
}

/** The V8 cache in a cache file, and the commands it has learnt; undefined where there is none (or not ours). */
function readCache(file: string): { data: Buffer; learnt: string[] } | undefined {
  let contents: Buffer;
  try {
    contents = readFileSync(file);
  } catch {
    return undefined; // none yet: this run writes it
  }
  if (contents.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  const end = contents.indexOf(10, MAGIC.length);
  if (end === -1) return undefined;
  return {
    data: contents.subarray(end + 1),
    learnt: contents.toString('utf8', MAGIC.length, end).split(',').filter(Boolean),
  };
}

/** FNV-1a of a path (the installation's dist/bin/vendor), in hex: enough to tell installations apart in a file name, without loading node:crypto. */
function pathHash(path: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Removes the caches of the same script of this installation's earlier builds (`oclif-<hash>.cjs.<path>...`). */
function removeOtherBuilds(file: string): void {
  const name = basename(file);
  const [script = '', rest = ''] = name.split(/-[A-Z0-9]+\.cjs/);
  try {
    for (const other of readdirSync(dirname(file)))
      if (other !== name && other.startsWith(`${script}-`) && other.endsWith(rest) && /^[a-z]+-[A-Z0-9]+\.cjs\./.test(other))
        rmSync(join(dirname(file), other), { force: true });
  } catch {
    // Left for the next build's first run.
  }
}

/** Writes a file whole (through a temporary one), or not at all where it cannot (a read-only or full disk). */
function writeQuietly(file: string, data: () => Buffer): boolean {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, data());
    renameSync(temporary, file);
    return true;
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written.
    }
    return false;
  }
}
