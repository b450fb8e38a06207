import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as vm from 'node:vm';

/**
 * The bundle's vendor scripts: @oclif/core and the part of undici the transport uses, each bundled into a CommonJS
 * file of its own (dist/bin/vendor/, see bin/bundle.js) and loaded here the first time a module of the bundle reads
 * them. They are files of their own so that what of them runs shows in a coverage profile (test/helpers/modules.ts),
 * and so that each is kept compiled between runs.
 *
 * oclif is loaded with require(), and Node.js's compile cache (module.enableCompileCache(), turned on by bin/run.js
 * on Node.js 22.1 and later) keeps it as it keeps every module. That cache holds the code V8 compiled before the
 * module ran: its top level, not the functions compiled as it runs. Those are most of undici's cost in a request
 * (its client, parser and streams: 4–6 ms of `docs spaces get` on Node.js 24 and 26), so undici is run as a
 * vm.Script with the cached data its own previous run made: `script.createCachedData()` called after the script
 * ran, which holds the functions compiled by then, as Node.js documents it. V8 accepts that data only from the same
 * V8, flags and source, and says so (`cachedDataRejected`); what it rejects is made again. oclif cannot be run
 * that way: its import() of the commands' ES modules would need an experimental vm option.
 */

const nodeRequire = createRequire(import.meta.url);

// The bundle puts this module in a shared chunk (dist/bin/chunks/), beside which the vendor scripts are.
const here = dirname(fileURLToPath(import.meta.url));
const VENDOR = join(basename(here) === 'chunks' ? dirname(here) : here, 'vendor');

declare global {
  /**
   * Where bin/run.js keeps the vendor scripts' code caches (`<cache>/docs-cli/code-cache`); unset where it keeps
   * none (NODE_DISABLE_COMPILE_CACHE=1, or the bundle not started by bin/run.js).
   */
  var docsCodeCache: string | undefined;
}

/** The vendor scripts run as a vm.Script with a code cache (by the start of their file name). */
const WITH_CODE_CACHE = ['undici-'];

const loaded = new Map<string, unknown>();

/** Loads dist/bin/vendor/<file> (once in a process) and returns its exports. */
export function loadVendor(file: string): unknown {
  const cacheDir = globalThis.docsCodeCache;
  // Stack traces are mapped to undici's sources (--debug) only for a script that require() loaded.
  const mapped = (process as { sourceMapsEnabled?: boolean }).sourceMapsEnabled === true;
  const prefix = WITH_CODE_CACHE.find((start) => file.startsWith(start));
  if (!cacheDir || mapped || !prefix) return nodeRequire(join(VENDOR, file));
  if (!loaded.has(file)) loaded.set(file, runCached(join(VENDOR, file), cacheDir, prefix));
  return loaded.get(file);
}

/** Node.js's CommonJS wrapper, on the source's first line so that line numbers stay the same. */
const WRAPPER = '(function (exports, require, module, __filename, __dirname) { ';

/**
 * Runs the CommonJS file at `path` as require() would, compiled from its cached data under `cacheDir` where there
 * is any (one file per Node.js version and architecture, named after the script, whose name holds a hash of its
 * content, and after where it is). Where there was none or V8 rejected it, the data is made at exit, from everything compiled by then.
 */
function runCached(path: string, cacheDir: string, prefix: string): unknown {
  const { Script } = nodeRequire('node:vm') as typeof vm;
  const dir = join(cacheDir, `${process.version}-${process.arch}`);
  // Node.js 20's V8 keeps the file name the data was made under (stack traces, coverage name that file): the data of
  // one install is not read by another of the same build elsewhere.
  const where = `.${pathHash(path)}.v8`;
  const cacheFile = join(dir, `${basename(path)}${where}`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // None yet (or unreadable): compiled from source, and written at exit.
  }
  const script = new Script(`${WRAPPER}${readFileSync(path, 'utf8')}\n})`, {
    filename: path,
    columnOffset: -WRAPPER.length,
    ...(cachedData ? { cachedData } : {}),
  });
  if (!cachedData || script.cachedDataRejected) process.once('exit', () => writeCache(script, dir, cacheFile, prefix, where));
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(path), module, path, dirname(path));
  return module.exports;
}

/**
 * Writes the script's cached data atomically (a file of this process renamed into place, so that a run reading it
 * meanwhile reads the old one or the new one), readable by the user alone, and removes the caches of earlier builds
 * of the same script (`prefix`) in the same place (`where`). A cache that cannot be written costs nothing but the next run's compile.
 */
function writeCache(script: vm.Script, dir: string, cacheFile: string, prefix: string, where: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const partial = `${cacheFile}.${process.pid}`;
    writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
    renameSync(partial, cacheFile);
    const name = basename(cacheFile);
    for (const other of readdirSync(dir))
      if (other !== name && other.startsWith(prefix) && other.endsWith(where)) rmSync(join(dir, other), { force: true });
  } catch {
    // An unwritable cache directory: the next run compiles undici again, as this one did.
  }
}

/** FNV-1a (32 bits) of a path, in hex: a name for where a script is, without loading node:crypto. */
function pathHash(path: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
