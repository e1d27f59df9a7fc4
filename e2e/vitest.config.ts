import { defineConfig } from 'vitest/config';

// Browser tests against the real server: each file starts its own server and Chromium, two files at a
// time (a browser test mostly waits on its server and browser, so two share the 2 cores well).
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // expect.poll waits as long as a locator does (support/browser.ts): on a loaded machine a page can take
    // seconds to show what a test waits for, and vitest's default is 1 s.
    expect: { poll: { timeout: 20_000 } },
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
