import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    css: false,
  },
});
