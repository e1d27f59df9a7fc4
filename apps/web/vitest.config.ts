import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Test files that mock the app's own modules (module-level stand-ins). */
const ISOLATED = ['src/app/router.test.tsx'];

export default defineConfig({
  // The same module graph as the build: antd Table's filter dropdown, Radio and virtual table load lazily.
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // Worker threads start faster than forked processes: about a quarter off the whole run.
    pool: 'threads',
    // Files share a worker's module cache instead of importing antd and jsdom afresh each time: under
    // half the run time. Tests restore what they change (storage, stores, mocks) after each test.
    isolate: false,
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    css: false,
    projects: [
      { extends: true, test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: ISOLATED } },
      // Files that replace app modules with vi.mock and reset the module cache run in a fresh module
      // graph of their own: with the shared cache their stand-ins would reach the files after them.
      { extends: true, test: { name: 'web-isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
