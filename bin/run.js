#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';

// undici parses HTTP with a WebAssembly module (llhttp). V8 optimises hot WebAssembly functions on
// background threads and waits for those jobs before the process can exit, which added about
// 100 ms to every command that made a request. The baseline code is fast enough for a CLI.
setFlagsFromString('--liftoff-only');
// The CLI runs from a bundle (dist/bin, see bin/bundle.js); its source maps cost start-up time, so
// stack traces are mapped back to src/ only when --debug asks for them.
if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);

const { execute } = await import('../dist/bin/main.js');
await execute({ dir: import.meta.url });
