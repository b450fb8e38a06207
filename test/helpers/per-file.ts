import { transcript } from './e2e.js';

/**
 * Run before each test file. Test files share their worker's modules (vitest.config.ts, `isolate: false`),
 * so what one file's runs printed must not be read by the next file's "no secret in any output" checks.
 */
transcript.length = 0;
