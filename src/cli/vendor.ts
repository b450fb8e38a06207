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
 * started from one holds both, so the first run of each command with a cache writes it again (the commands it
 * has learnt are listed beside it): a first run of `docs cr list --help` does not leave every later request
 * compiling what it calls. V8 refuses a cache made by another version of V8 or with other flags, and a run after
 * such a refusal writes it again; the file name holds the script's content hash and its installation's path, so
 * a new build never reads an old cache.
 */

const nodeRequire = createRequire(import.meta.url);
const { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } = nodeRequire('node:fs') as typeof import('node:fs');
const vm = nodeRequire('node:vm') as typeof import('node:vm');

declare global {
  /** Where vendor scripts keep their code cache (set by bin/run.js; none where it is not set). */
  var docsCodeCache: string | undefined;
}

// The bundle puts this module in a shared chunk (dist/bin/chunks/), beside which the vendor scripts are.
const here = dirname(fileURLToPath(import.meta.url));
const VENDOR = join(basename(here) === 'chunks' ? dirname(here) : here, 'vendor');

// One line, so that the script's own lines (and its source map) keep their numbers.
// `__docsImport`: the import() of the scripts (bin/bundle.js).
export const VENDOR_WRAPPER = '(function (exports, require, module, __filename, __dirname, __docsImport) {';
const importModule = (specifier: string): Promise<unknown> => import(specifier);

const loaded = new Map<string, unknown>();
const restoreFlags: string[] = [];
/** The scripts this run loaded with a cache file, and whether V8 took the cache it found. */
const cached: { script: import('node:vm').Script; file: string; accepted: boolean }[] = [];
let command: string | undefined;

/** Runs dist/bin/vendor/<file> (once in a process) and returns its exports. */
export function loadVendor(file: string): unknown {
  if (loaded.has(file)) return loaded.get(file);
  const path = join(VENDOR, file);
  // One per installation too: a script made from a cache keeps the path of the one it was made in (its stack
  // traces would name another installation of the same version).
  const cacheFile = globalThis.docsCodeCache
    ? join(globalThis.docsCodeCache, `${file}.${pathHash(path)}.${process.arch}.${process.version}`)
    : undefined;
  let cachedData: Buffer | undefined;
  if (cacheFile) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // No cache yet: this run writes it.
    }
  }
  const script = new vm.Script(`${VENDOR_WRAPPER}${readFileSync(path, 'utf8')}\n})`, {
    filename: path,
    cachedData,
  });
  if (cacheFile) {
    if (cached.length === 0) process.once('exit', saveCaches);
    cached.push({ script, file: cacheFile, accepted: cachedData !== undefined && script.cachedDataRejected === false });
  }
  const module = { exports: {} as unknown };
  const factory = script.runInThisContext() as (...args: unknown[]) => void;
  factory.call(module.exports, module.exports, createRequire(path), module, path, dirname(path), importModule);
  loaded.set(file, module.exports);
  return module.exports;
}

/**
 * Sets V8 flags for the rest of the run. A code cache holds a hash of V8's flags and is refused where they differ,
 * so the caches are written with the flags as they were at start: `restore` is what puts them back, the flags
 * `flags` implies included (`--liftoff-only` also turns off tier-up and dynamic tiering in V8 of Node.js 20 and 22).
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
 * At exit: writes the cache of each script that had none, or one V8 refused, or one that has not learnt this
 * run's command yet, with V8's flags as they were at start.
 */
function saveCaches(): void {
  const v8 = process.getBuiltinModule('node:v8');
  for (const flags of restoreFlags.splice(0)) v8.setFlagsFromString(flags);
  for (const { script, file, accepted } of cached) {
    const learnt = accepted ? learntCommands(file) : [];
    if (accepted && (command === undefined || learnt.includes(command))) continue;
    if (writeQuietly(file, () => script.createCachedData()))
      writeQuietly(`${file}.commands`, () => [...learnt, ...(command ? [command] : [])].join('\n'));
  }
}

function learntCommands(file: string): string[] {
  try {
    return readFileSync(`${file}.commands`, 'utf8').split('\n');
  } catch {
    return [];
  }
}

/** FNV-1a of a path, in hex: enough to tell installations apart in a file name, and no crypto module to load. */
function pathHash(path: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Writes a file whole (through a temporary one), or not at all where it cannot (a read-only or full disk). */
function writeQuietly(file: string, data: () => string | Buffer): boolean {
  const temporary = `${file}.${process.pid}`;
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
