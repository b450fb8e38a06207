import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Builds dist/ first when it is missing or older than src/ (the end-to-end tests run bin/run.js).
    globalSetup: ['test/global-setup.ts'],
    // A worker's test files share its modules instead of each loading src/ anew (about a fifth of the suite's
    // time). What a file must not inherit is reset per file in test/helpers/per-file.ts.
    isolate: false,
    setupFiles: ['test/helpers/per-file.ts'],
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // End-to-end tests spawn bin/run.js and emulator processes; two cores, so keep the pool small.
    maxWorkers: 2,
  },
});
