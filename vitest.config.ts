import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each API test file gets its own database, so files run in parallel safely.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
