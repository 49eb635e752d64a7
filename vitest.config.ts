import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most integration tests wait on databases, queues and child processes rather than compute.
    maxWorkers: 4,
  },
});
