import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'console/src/**/*.test.ts'],
    // Each API test file gets its own database, so files run in parallel safely.
    pool: 'forks',
    // A worker keeps its loaded modules from one file to the next: every API test file imports
    // the whole app, and loading it afresh took about 7 s a file, half the suite's time. So a
    // file must leave module state as it found it (restore environment variables and spies).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
