import { z } from 'zod';
import { PERM, announcementSchema } from '@lims/contracts';
import { announcements } from '../../db/schema';
import { defineListEntity } from '../../platform/list-query';
import type { DataScopeSpec } from '../../platform/data-scope';

const dict = { priority: 'priority', msgCategory: 'msg_category', msgType: 'msg_type', sendStatus: 'send_status' };

/** 系统通告 (administration): every announcement. */
export const announcementList = defineListEntity({
  table: announcements,
  fields: {
    titile: announcements.titile,
    msgContent: { column: announcements.msgContent, sort: false },
    sender: announcements.sender,
    priority: announcements.priority,
    msgCategory: announcements.msgCategory,
    msgType: announcements.msgType,
    sendStatus: announcements.sendStatus,
    sendTime: announcements.sendTime,
    cancelTime: announcements.cancelTime,
    startTime: announcements.startTime,
    endTime: announcements.endTime,
    userIds: { column: announcements.userIds, search: false, sort: false },
  },
  dict,
});

/** The data rules (数据规则) of 系统通告 narrow every read and write of its records (see data-scope.ts). */
export const announcementScope: DataScopeSpec = { entity: announcementList, code: PERM.announcement.list };

/** 我的消息: the announcements a user may see (the route adds the visibility condition). */
export const myAnnouncementList = defineListEntity({
  table: announcements,
  fields: {
    titile: announcements.titile,
    msgContent: { column: announcements.msgContent, search: false, sort: false },
    sender: announcements.sender,
    priority: announcements.priority,
    msgCategory: announcements.msgCategory,
    sendTime: announcements.sendTime,
  },
  dict: { priority: 'priority', msgCategory: 'msg_category' },
  defaultSort: { field: 'sendTime', order: 'desc' },
});

const dictTexts = {
  priority_dictText: z.string().optional(),
  msgCategory_dictText: z.string().optional(),
  msgType_dictText: z.string().optional(),
  sendStatus_dictText: z.string().optional(),
};
export const announcementRecordSchema = announcementSchema.partial().extend(dictTexts);
export const myAnnouncementRecordSchema = announcementSchema
  .pick({
    id: true,
    titile: true,
    msgContent: true,
    sender: true,
    priority: true,
    msgCategory: true,
    sendTime: true,
    createTime: true,
  })
  .partial()
  .extend({ ...dictTexts, anntId: z.string().optional(), readFlag: z.number().int(), readFlag_dictText: z.string() });
