import { defineConfig } from 'vite';
import { env } from 'node:process';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

/** The API server the dev server forwards to (npm run dev starts it on PORT, default 3000). */
const backend = env.LIMS_API_TARGET ?? `http://127.0.0.1:${env.LIMS_API_PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react(), precompress()],
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
  },
});
