import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MSG } from '@lims/contracts';
import { fail } from '../platform/reply';

// From apps/server/src/plugins here, and from apps/server/dist/bundle when `npm start` runs the bundle.
const defaultDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** The runtime configuration the web app reads before it starts (no rebuild to change it). */
function runtimeConfigScript(app: FastifyInstance): string {
  const c = app.config;
  const cfg = {
    apiBase: c.apiBase,
    imageHost: c.imageHost,
    platformNames: c.platformNames,
    staticRoutes: c.staticRoutes,
    icpNumber: c.icpNumber,
  };
  return `window.__LIMS_CONFIG__=${JSON.stringify(cfg).replaceAll('<', '\\u003c')};\n`;
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
  const script = runtimeConfigScript(app);
  app.get('/runtime-config.js', (_req, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(script),
  );

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
  app.get('/*', (request, reply) => {
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
