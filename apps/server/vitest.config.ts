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
    // A worker runs its files one after another in one module cache: the server's modules load once
    // per worker, not once per file (about half the run). Every file builds its own app and database.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
  },
});
