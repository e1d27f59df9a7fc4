import type { FastifyInstance } from 'fastify';
import { ANNT_MSG, PERM, announcementFormSchema, type AnnouncementForm } from '@lims/contracts';
import type { Tx } from '../../db/client';
import { announcements } from '../../db/schema';
import { insertInChunks, registerExcelRoutes, type ExcelColumn, type ImportRowError } from '../../platform/excel';
import type { SessionUser } from '../../platform/sessions';
import { announcementList, announcementScope } from './announcement.entities';
import { storedValues, unknownUserIds } from './announcement-values';

/** 系统通告 in a spreadsheet: the form's fields, then (export only) who published it and when. */
export const ANNOUNCEMENT_COLUMNS: ExcelColumn[] = [
  { field: 'titile', title: '标题', type: 'string', required: true, width: 30 },
  { field: 'msgCategory', title: '消息类型', type: 'string', dict: 'msg_category', required: true },
  { field: 'priority', title: '优先级', type: 'string', dict: 'priority' },
  { field: 'msgType', title: '通告对象', type: 'string', dict: 'msg_type', required: true },
  { field: 'userIds', title: '指定用户ID', type: 'string', width: 36 },
  { field: 'startTime', title: '开始时间', type: 'datetime' },
  { field: 'endTime', title: '结束时间', type: 'datetime' },
  { field: 'msgContent', title: '内容', type: 'string', width: 60 },
  { field: 'sender', title: '发布人', type: 'string', exportOnly: true },
  { field: 'sendStatus', title: '发布状态', type: 'string', dict: 'send_status', exportOnly: true },
  { field: 'sendTime', title: '发布时间', type: 'datetime', exportOnly: true },
  { field: 'cancelTime', title: '撤销时间', type: 'datetime', exportOnly: true },
];

/** 导出 / 导入 / 导入模板 of 系统通告: imported rows become unpublished announcements. */
export async function registerAnnouncementExcel(app: FastifyInstance): Promise<void> {
  const imagePrefix = `${app.config.apiBase}/sys/common/static/`;

  /** Rows naming an unknown user are reported; otherwise all rows are stored as 未发布. */
  const insertRows = async (
    tx: Tx,
    rows: AnnouncementForm[],
    actor: SessionUser,
    rowNumbers: number[],
  ): Promise<ImportRowError[] | void> => {
    const unknown = await unknownUserIds(
      tx,
      rows.flatMap((r) => (r.msgType === 'USER' ? r.userIds : [])),
    );
    const errors = rows.flatMap((r, i) =>
      r.msgType === 'USER' && r.userIds.some((id) => unknown.has(id))
        ? [{ row: rowNumbers[i], field: '指定用户ID', message: ANNT_MSG.unknownUsers }]
        : [],
    );
    if (errors.length > 0) return errors;
    const values = [];
    for (const r of rows)
      values.push({ ...(await storedValues(r, imagePrefix, app.richText)), sendStatus: '0', createBy: actor.username });
    await insertInChunks(tx, announcements, values);
  };

  await registerExcelRoutes(app, {
    base: '/sys/annountCement',
    entity: announcementList,
    columns: ANNOUNCEMENT_COLUMNS,
    fileName: '系统通告',
    title: '系统通告',
    tags: ['系统通告'],
    permissions: { export: PERM.announcement.export, import: PERM.announcement.import },
    dataScope: announcementScope,
    rowSchema: announcementFormSchema,
    insertRows,
    loadDict: app.dictCache.textMap,
  });
}
