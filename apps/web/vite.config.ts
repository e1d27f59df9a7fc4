import { defineConfig, type Plugin } from 'vite';
import { env } from 'node:process';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

/** The API server the dev server forwards to (npm run dev starts it on PORT, default 3000). */
const backend = env.LIMS_API_TARGET ?? `http://127.0.0.1:${env.LIMS_API_PORT ?? '3000'}`;

/**
 * The runtime configuration under the dev server: its page loads the API server's /runtime-config.js
 * (proxied below), which sets `window.__LIMS_CONFIG__`. A build's page carries an empty `#lims-config`
 * block that the server fills (apps/server/src/plugins/web.ts): no script for the build to bundle.
 */
function devRuntimeConfig(): Plugin {
  return {
    name: 'lims-dev-runtime-config',
    apply: 'serve',
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: '/runtime-config.js' }, injectTo: 'head' }],
  };
}

export default defineConfig({
  plugins: [react(), precompress(), devRuntimeConfig()],
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
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
  },
});
