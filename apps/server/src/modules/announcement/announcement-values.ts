import { inArray } from 'drizzle-orm';
import type { AnnouncementForm } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { sanitizeRichText } from '../../platform/html-sanitizer';

/** Of these user ids, those that belong to no account. */
export async function unknownUserIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const found = new Set((await db.select({ id: users.id }).from(users).where(inArray(users.id, wanted))).map((r) => r.id));
  return new Set(wanted.filter((id) => !found.has(id)));
}

/** The stored values of a form (add, edit, import): sanitised HTML; chosen users only for USER. */
export function storedValues(form: AnnouncementForm, uploadedImagePrefix: string) {
  const userIds = form.msgType === 'USER' ? form.userIds : [];
  return {
    titile: form.titile, msgCategory: form.msgCategory, priority: form.priority, msgType: form.msgType,
    startTime: form.startTime, endTime: form.endTime, userIds: userIds.length ? userIds.join(',') : null,
    msgContent: sanitizeRichText(form.msgContent, uploadedImagePrefix),
  };
}
