import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Builds dist/ first when it is missing or older than src/ (the end-to-end tests run bin/run.js).
    globalSetup: ['test/global-setup.ts'],
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // End-to-end tests spawn bin/run.js and emulator processes; two cores, so keep the pool small.
    maxWorkers: 2,
  },
});
