import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { announcements } from '../../db/schema';
import { addRecipients } from './announcement.repo';

export type SystemMessage = {
  /** Recipients (user ids); nobody → nothing is sent. */
  userIds: string[];
  title: string;
  /** Plain text (shown as paragraphs; escaped here). */
  text: string;
  /** L 一般, M 重要, H 紧急. */
  priority?: 'L' | 'M' | 'H';
  /** Who the message is from (a user's real name, or 系统). */
  sender: string;
  /** The record it is about (e.g. busType 'lims_analysis', busId the analysis id) and the page to open. */
  busType?: string;
  busId?: string;
  openPage?: string;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Sends a published 系统消息 to the given users: it appears in their bell and 我的消息 at once, on
 * whichever server process their page is connected to. Used by workflows (a rejected result goes
 * back to its analyst, a published report to the project manager). Answers the message id.
 */
export async function sendSystemMessage(app: FastifyInstance, msg: SystemMessage): Promise<string | null> {
  const userIds = [...new Set(msg.userIds.filter(Boolean))];
  if (userIds.length === 0) return null;
  const html = msg.text
    .split('\n')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
  const id = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        titile: msg.title.slice(0, 100),
        msgContent: html,
        sender: msg.sender.slice(0, 100),
        priority: msg.priority ?? 'M',
        msgCategory: '2',
        msgType: 'USER',
        sendStatus: '1',
        sendTime: sql`now()`,
        startTime: sql`now()`,
        busType: msg.busType ?? null,
        busId: msg.busId ?? null,
        openType: msg.openPage ? 'url' : null,
        openPage: msg.openPage ?? null,
        userIds: userIds.join(','),
        createBy: 'system',
      })
      .returning({ id: announcements.id });
    await addRecipients(tx, row.id, userIds, 'system');
    return row.id;
  });
  await app.events.publish({ type: 'announcement', action: 'publish', id, userIds });
  return id;
}
