import { z } from 'zod';
import { requiredError } from './zod-zh';
import { auditFieldsSchema, editVersionField } from './common/envelope';
import { ANNT_MSG, RICH_TEXT_MAX_CHARS } from './announcement-texts';
import { isCalendarDay } from './business-fields';

export { ANNT_MSG, PRIORITY, RICH_TEXT_MAX_CHARS } from './announcement-texts';

/** 'YYYY-MM-DD HH:mm[:ss]' naming a real moment: a real calendar day, hours below 24, minutes and seconds below 60. */
export function isCalendarDateTime(s: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (!m) return false;
  return isCalendarDay(m[1]) && Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4] ?? 0) < 60;
}

const dateTime = z.string().trim().refine(isCalendarDateTime, ANNT_MSG.badTime);
const optionalDateTime = z
  .union([z.literal(''), dateTime])
  .nullish()
  .transform((v) => v || null);

export const announcementFormSchema = z
  .object({
    titile: z.string(requiredError(ANNT_MSG.titleRequired)).trim().min(1, ANNT_MSG.titleRequired).max(100),
    msgCategory: z.enum(['1', '2'], { error: ANNT_MSG.categoryRequired }),
    startTime: optionalDateTime,
    endTime: optionalDateTime,
    priority: z.enum(['L', 'M', 'H']).default('L'),
    msgType: z.enum(['ALL', 'USER'], { error: ANNT_MSG.msgTypeRequired }),
    /** Comma-joined user ids (a trailing comma is tolerated), required when msgType is USER. */
    userIds: z
      .string()
      .max(40_000)
      .nullish()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    msgContent: z
      .string()
      .max(RICH_TEXT_MAX_CHARS, ANNT_MSG.contentTooLarge)
      .nullish()
      .transform((v) => v ?? ''),
  })
  .superRefine((v, ctx) => {
    if (v.msgType === 'USER' && v.userIds.length === 0)
      ctx.addIssue({ code: 'custom', message: ANNT_MSG.usersRequired, path: ['userIds'] });
    if (v.startTime && v.endTime && v.startTime >= v.endTime)
      ctx.addIssue({ code: 'custom', message: ANNT_MSG.startBeforeEnd, path: ['startTime'] });
  });
export type AnnouncementForm = z.infer<typeof announcementFormSchema>;
export const announcementEditSchema = z
  .object({ id: z.string().min(1).max(32), version: editVersionField() })
  .and(announcementFormSchema);

export const announcementSchema = auditFieldsSchema.extend({
  titile: z.string(),
  msgContent: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  sender: z.string().nullable(),
  priority: z.string(),
  msgCategory: z.string(),
  msgType: z.string(),
  sendStatus: z.string(),
  sendTime: z.string().nullable(),
  cancelTime: z.string().nullable(),
  userIds: z.string().nullable(),
});

/** An item of the bell and of 我的消息. */
export const userAnnouncementSchema = z.object({
  id: z.string(),
  anntId: z.string(),
  titile: z.string(),
  msgContent: z.string(),
  sender: z.string().nullable(),
  priority: z.string(),
  msgCategory: z.string(),
  sendTime: z.string().nullable(),
  createTime: z.string().nullable(),
  readFlag: z.number().int(),
});
export type UserAnnouncement = z.infer<typeof userAnnouncementSchema>;

export const listByUserSchema = z.object({
  anntMsgList: z.array(userAnnouncementSchema),
  anntMsgTotal: z.number().int(),
  sysMsgList: z.array(userAnnouncementSchema),
  sysMsgTotal: z.number().int(),
});
export type ListByUser = z.infer<typeof listByUserSchema>;

export const markReadBodySchema = z.object({ anntId: z.string().min(1).max(32) });
