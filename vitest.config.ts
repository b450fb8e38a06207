import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // End-to-end tests spawn bin/run.js and emulator processes; two cores, so keep the pool small.
    maxWorkers: 2,
  },
});
