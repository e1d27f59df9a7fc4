import { defineConfig } from 'vite';
import { env } from 'node:process';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { routeChunks } from './build/route-chunks.ts';
import { fileURLToPath } from 'node:url';

/** The API server the dev server forwards to (npm run dev starts it on PORT, default 3000). */
const backend = env.LIMS_API_TARGET ?? `http://127.0.0.1:${env.LIMS_API_PORT ?? '3000'}`;

/** Libraries every page needs: kept in stable, long-cached chunks apart from the pages. */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  // Not zustand (the session store, on the login page too): the login page needs no TanStack Query.
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
];
/** The web app's folder, as the bundler's module ids begin. */
const appRoot = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');

export default defineConfig({
  // The login page and the signed-in frame in a few chunks each, below the vendor groups.
  plugins: [react(), precompress(), routeChunks(appRoot, 20)],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/runtime-config.js': { target: backend, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/runtime-config.js': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // The shared contracts are pure declarations: a page that needs only MSG must not pull zod in.
      treeshake: {
        moduleSideEffects: [
          { test: /packages[\\/]contracts[\\/]src/, sideEffects: false },
          { test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
