import { defineConfig } from 'vitest/config';

// API tests: every file builds its own app on a fresh database (in-memory PGlite, or a PostgreSQL database it
// creates and drops when TEST_DB=postgres). PGlite instances are heavy, so at most two files run at once.
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
  },
});
