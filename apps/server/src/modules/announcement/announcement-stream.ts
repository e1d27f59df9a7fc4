import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppEvent } from '../../platform/event-bus';

type Client = { userId: string; reply: FastifyReply };
const HEARTBEAT_MS = 25_000;

/**
 * Server-Sent Events to open pages: an announcement published to a user (or to everybody) or
 * revoked, and a change of the user's permissions, reach them at once, whichever instance they are
 * connected to (the event bus carries it).
 */
export function createAnnouncementStream(app: FastifyInstance) {
  const clients = new Set<Client>();
  const send = (c: Client, event: string, data: unknown) => {
    if (!c.reply.raw.writableEnded) c.reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  app.events.subscribe((e: AppEvent) => {
    if (e.type === 'announcement') {
      for (const c of clients) {
        if (e.userIds === null || e.userIds.includes(c.userId)) send(c, 'announcement', { action: e.action, id: e.id });
      }
    }
    // Grants changed: the open pages of the users concerned reload their menu and buttons.
    if (e.type === 'permissions-changed') {
      for (const c of clients) if (!e.userIds || e.userIds.includes(c.userId)) send(c, 'permissions', {});
    }
    // The event connection was lost for a while and its events with it: every open page reloads its
    // announcements (the bell, 我的消息) and its permissions, so nothing published in the gap is missed.
    if (e.type === 'resync') {
      for (const c of clients) {
        send(c, 'announcement', { action: 'resync', id: '' });
        send(c, 'permissions', {});
      }
    }
  });
  const heartbeat = setInterval(() => {
    for (const c of clients) if (!c.reply.raw.writableEnded) c.reply.raw.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const c of clients) c.reply.raw.end();
    clients.clear();
  });

  return {
    open(userId: string, reply: FastifyReply): void {
      reply.hijack();
      // The headers the hooks set (helmet's security headers) go out too: hijack skips reply.send.
      const hookHeaders: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) hookHeaders[name] = value;
      }
      reply.raw.writeHead(200, {
        ...hookHeaders,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const client = { userId, reply };
      clients.add(client);
      send(client, 'ready', { at: Date.now() });
      reply.raw.on('close', () => clients.delete(client));
    },
    size: () => clients.size,
  };
}
