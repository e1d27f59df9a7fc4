import { randomBytes } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppEvent } from '../../platform/event-bus';

type Client = { userId: string; reply: FastifyReply };
/** One sent event, kept for a reconnecting page: `userIds` null = everybody. */
type Sent = { seq: number; userIds: string[] | null; event: string; data: unknown };
const HEARTBEAT_MS = 25_000;
/** Events kept for Last-Event-ID replay (a page reconnects within seconds; a few minutes of traffic). */
const REPLAY_SIZE = 500;

/**
 * Server-Sent Events to open pages: an announcement published to a user (or to everybody) or
 * revoked, and a change of the user's permissions, reach them at once, whichever instance they are
 * connected to (the event bus carries it).
 *
 * Every event has an id `<instance>.<seq>` (the `ready` event carries the current one). A page that
 * reconnects with `Last-Event-ID` gets the events it missed from this instance's last REPLAY_SIZE; an id
 * this instance cannot continue (another or a restarted instance, or too old) gets `resync`: the page
 * reloads what it shows.
 */
export function createAnnouncementStream(app: FastifyInstance) {
  const clients = new Set<Client>();
  const instance = randomBytes(4).toString('hex');
  let seq = 0;
  const recent: Sent[] = [];
  const concerns = (userIds: string[] | null, userId: string) => userIds === null || userIds.includes(userId);
  const write = (c: Client, text: string) => {
    if (!c.reply.raw.writableEnded) c.reply.raw.write(text);
  };
  const frame = (s: { seq: number; event: string; data: unknown }) =>
    `id: ${instance}.${s.seq}\nevent: ${s.event}\ndata: ${JSON.stringify(s.data)}\n\n`;
  const broadcast = (userIds: string[] | null, event: string, data: unknown) => {
    const sent = { seq: ++seq, userIds, event, data };
    recent.push(sent);
    if (recent.length > REPLAY_SIZE) recent.shift();
    for (const c of clients) if (concerns(userIds, c.userId)) write(c, frame(sent));
  };
  /** The events after `lastEventId` for this user, or null when this instance cannot tell. */
  const missed = (lastEventId: string, userId: string): Sent[] | null => {
    const [from, n] = lastEventId.split('.');
    const last = Number(n);
    if (from !== instance || !Number.isInteger(last) || last > seq) return null;
    const oldest = recent[0]?.seq ?? seq + 1;
    if (last < oldest - 1) return null;
    return recent.filter((s) => s.seq > last && concerns(s.userIds, userId));
  };

  app.events.subscribe((e: AppEvent) => {
    if (e.type === 'announcement') broadcast(e.userIds, 'announcement', { action: e.action, id: e.id });
    // Grants changed: the open pages of the users concerned reload their menu and buttons.
    if (e.type === 'permissions-changed') broadcast(e.userIds ?? null, 'permissions', {});
    // The event connection was lost for a while and its events with it: every open page reloads its
    // announcements (the bell, 我的消息) and its permissions, so nothing published in the gap is missed.
    if (e.type === 'resync') {
      broadcast(null, 'announcement', { action: 'resync', id: '' });
      broadcast(null, 'permissions', {});
    }
  });
  const heartbeat = setInterval(() => {
    for (const c of clients) write(c, ': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const c of clients) c.reply.raw.end();
    clients.clear();
  });

  return {
    open(userId: string, reply: FastifyReply, lastEventId?: string): void {
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
      if (lastEventId) {
        const replay = missed(lastEventId, userId);
        if (replay === null) write(client, `event: resync\ndata: {}\n\n`);
        else for (const s of replay) write(client, frame(s));
      }
      write(client, frame({ seq, event: 'ready', data: { at: Date.now() } }));
      reply.raw.on('close', () => clients.delete(client));
    },
    size: () => clients.size,
  };
}
