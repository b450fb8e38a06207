#!/usr/bin/env node
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// undici parses HTTP with a WebAssembly module (llhttp). V8 optimises hot WebAssembly functions on
// background threads and waits for those jobs before the process can exit, which added about
// 100 ms to every command that made a request. The baseline code is fast enough for a CLI.
setFlagsFromString('--liftoff-only');
// The CLI runs from a bundle (dist/bin, see bin/bundle.js); its source maps cost start-up time, so
// stack traces are mapped back to src/ only when --debug asks for them.
if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);

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
