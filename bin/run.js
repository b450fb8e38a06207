#!/usr/bin/env node
import module from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// undici parses HTTP with a WebAssembly module (llhttp). V8 optimises hot WebAssembly functions on
// background threads and waits for those jobs before the process can exit, which added about
// 100 ms to every command that made a request. The baseline code is fast enough for a CLI.
setFlagsFromString('--liftoff-only');
// Node.js 22.1 and later keep V8's compiled code of the modules it loads on disk, so a start after the first
// one skips compiling the bundle. The cache lives in the user's cache directory (one per Node.js version
// and file content, so upgrades need no cleaning); where it cannot be written, Node.js runs without it.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off.
if (module.enableCompileCache) {
  const cacheHome =
    process.platform === 'win32'
      ? (process.env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'))
      : process.platform === 'darwin'
        ? join(homedir(), 'Library', 'Caches')
        : process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  module.enableCompileCache(join(cacheHome, 'docs-cli', 'compile-cache'));
}
// The CLI runs from a bundle (dist/bin, see bin/bundle.js); its source maps cost start-up time, so
// stack traces are mapped back to src/ only when --debug asks for them.
if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);
// The emulator stores its data with node:sqlite where Node.js has it (src/emulator/store/sqlite.ts), and
// Node.js 22 announces that module with a one-line ExperimentalWarning on stderr. In the CLI's own process
// that warning alone is dropped: `docs emulator start` prints only its URL and tokens. Every other warning,
// and the same one in a program that uses the emulator as a library, is printed as usual.
const emitWarning = process.emitWarning;
process.emitWarning = function (warning, ...rest) {
  const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type;
  const text = typeof warning === 'string' ? warning : warning?.message;
  if (type === 'ExperimentalWarning' && /^SQLite is an experimental feature/.test(text ?? '')) return;
  return emitWarning.call(process, warning, ...rest);
};

// The CLI runs from its bundle, never from TypeScript sources: oclif's search for them (under NODE_ENV test or
// development) would only print a warning, as it does on Node.js 22 and 24.
globalThis.oclif = { ...globalThis.oclif, enableAutoTranspile: false };

// An interactive view takes the terminal before anything else loads: its first frame is drawn at once,
// and the keys typed while the CLI starts are kept for it instead of being echoed (src/ui/terminal.ts).
const [first = ''] = process.argv.slice(2);
if (process.stdin.isTTY && process.stdout.isTTY && (first.startsWith('cr') || first.startsWith('spaces'))) {
  const { openEarly } = await import('../dist/bin/terminal.js');
  openEarly(process.argv.slice(2));
}

const { execute } = await import('../dist/bin/main.js');
// Shell completion is oclif's plugin-autocomplete. Loading a plugin costs every command 10–20 ms of
// start-up (finding its root, reading its manifest), so it is loaded only for its own commands.
const completion = process.argv[2] === 'autocomplete' || (process.argv[2] === 'help' && process.argv[3] === 'autocomplete');
await execute(
  completion
    ? { loadOptions: { root: dirname(dirname(fileURLToPath(import.meta.url))), pluginAdditions: { core: ['@oclif/plugin-autocomplete'] } } }
    : { dir: import.meta.url },
);
