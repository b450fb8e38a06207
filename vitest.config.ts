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
    // Three on two cores: a worker often waits on the processes its tests spawn (bin/run.js, emulators,
    // npm), and a third keeps the cores busy meanwhile. Measured on two cores: 2 workers 127 s, 3 workers
    // 105 s, 4 workers 113 s.
    maxWorkers: 3,
  },
});
