import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The bundle's vendor scripts: @oclif/core and the part of undici the transport uses, each bundled into a CommonJS
 * file of its own (dist/bin/vendor/, see bin/bundle.js) and loaded here with require(), the first time a module
 * of the bundle reads them. They are files of their own so that what of them runs shows in a coverage profile
 * (test/helpers/modules.ts), and so that Node.js's compile cache (module.enableCompileCache(), turned on by
 * bin/run.js on Node.js 22.1 and later) keeps them as it keeps every module; nothing else caches code.
 */

const nodeRequire = createRequire(import.meta.url);

// The bundle puts this module in a shared chunk (dist/bin/chunks/), beside which the vendor scripts are.
const here = dirname(fileURLToPath(import.meta.url));
const VENDOR = join(basename(here) === 'chunks' ? dirname(here) : here, 'vendor');

/** Loads dist/bin/vendor/<file> (once in a process, as require() does) and returns its exports. */
export function loadVendor(file: string): unknown {
  return nodeRequire(join(VENDOR, file));
}
