import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MSG } from '@lims/contracts';
import { fail } from '../platform/reply';

// From apps/server/src/plugins here, and from apps/server/dist/bundle when `npm start` runs the bundle.
const defaultDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** The runtime configuration the web app reads before it starts (no rebuild to change it), as JSON. */
function runtimeConfigJson(app: FastifyInstance): string {
  const c = app.config;
  const cfg = {
    apiBase: c.apiBase,
    imageHost: c.imageHost,
    platformNames: c.platformNames,
    staticRoutes: c.staticRoutes,
    icpNumber: c.icpNumber,
  };
  return JSON.stringify(cfg).replaceAll('<', '\\u003c');
}

/** The build's empty configuration block (apps/web/index.html), filled in for every page. */
const CONFIG_BLOCK = '<script type="application/json" id="lims-config"></script>';

type Page = { body: string; br: Buffer; etag: string };

/**
 * index.html with the runtime configuration in its JSON data block (`#lims-config`, read by apps/web's
 * runtime-config.ts) instead of a script the page would fetch and wait for before running the app:
 * one request less on every page load, and no inline script (the CSP allows none). Read
 * again when the file changes (a new build); an ETag lets the browser revalidate it with a 304.
 */
function pageWithConfig(root: string, configJson: string): () => Promise<Page> {
  const file = path.join(root, 'index.html');
  let cached: { mtimeMs: number; page: Page } | undefined;
  return async () => {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs === mtimeMs) return cached.page;
    const html = await readFile(file, 'utf8');
    const body = html.replace(
      CONFIG_BLOCK,
      () => `<script type="application/json" id="lims-config">${configJson}</script>`,
    );
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    cached = { mtimeMs, page: { body, br: brotliCompressSync(body), etag } };
    return cached.page;
  };
}

/** The app's page: no-cache with its ETag (304 when unchanged), brotli when the browser takes it. */
async function sendPage(page: Page, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  reply.type('text/html; charset=utf-8');
  if (/\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')))
    return reply.header('content-encoding', 'br').send(page.br);
  return reply.send(page.body);
}

/**
 * Paths that scanners probe for the consoles of other stacks (Spring actuator, Druid, JimuReport,
 * H2, Springfox, Jolokia, source control): answered 404 instead of the web app's page, so no
 * scanner mistakes the page for one. The app has none of them.
 */
const PROBE_PATH =
  /^\/+(api\/+)?(actuator|druid|jmreport|h2-console|swagger-resources|swagger-ui|v[23]\/api-docs|webjars|jolokia|heapdump|\.git|\.svn|WEB-INF|META-INF)(\/|$|;)/i;

/** Serves the built web app with history-mode fallback to index.html; API paths never fall back. */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = path.resolve(app.config.webDist ?? defaultDist);
  const configJson = runtimeConfigJson(app);
  const script = `window.__LIMS_CONFIG__=${configJson};\n`;
  app.get('/runtime-config.js', (_req, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(script),
  );
  const readPage = pageWithConfig(root, configJson);

  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset: the smallest one the browser accepts is sent.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const apiPrefix = `${app.config.apiBase}/`;
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0];
    let decoded: string;
    try {
      decoded = decodeURIComponent(url);
    } catch {
      return reply.status(404).send(fail(404, MSG.notFound));
    }
    if (
      PROBE_PATH.test(decoded) ||
      url.startsWith(apiPrefix) ||
      url === app.config.apiBase ||
      !hasWeb ||
      /\.[a-z0-9]+$/i.test(url)
    ) {
      return reply.status(404).send(fail(404, MSG.notFound));
    }
    return sendPage(await readPage(), request, reply);
  });
});
