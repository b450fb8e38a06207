#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { execute } from '@oclif/core';

// undici parses HTTP with a WebAssembly module (llhttp). V8 optimises hot WebAssembly functions on
// background threads and waits for those jobs before the process can exit, which added about
// 100 ms to every command that made a request. The baseline code is fast enough for a CLI.
setFlagsFromString('--liftoff-only');

await execute({ dir: import.meta.url });
