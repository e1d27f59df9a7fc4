import { inArray } from 'drizzle-orm';
import type { AnnouncementForm } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { RichTextSanitizer } from '../../platform/rich-text-sanitizer';

/** Of these user ids, those that belong to no account. */
export async function unknownUserIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const found = new Set(
    (await db.select({ id: users.id }).from(users).where(inArray(users.id, wanted))).map((r) => r.id),
  );
  return new Set(wanted.filter((id) => !found.has(id)));
}

/** The stored values of a form (add, edit, import): sanitised HTML (off the event loop when large); chosen users only for USER. */
export async function storedValues(form: AnnouncementForm, uploadedImagePrefix: string, richText: RichTextSanitizer) {
  const userIds = form.msgType === 'USER' ? form.userIds : [];
  return {
    titile: form.titile,
    msgCategory: form.msgCategory,
    priority: form.priority,
    msgType: form.msgType,
    startTime: form.startTime,
    endTime: form.endTime,
    userIds: userIds.length ? userIds.join(',') : null,
    msgContent: await richText.sanitize(form.msgContent, uploadedImagePrefix),
  };
}
