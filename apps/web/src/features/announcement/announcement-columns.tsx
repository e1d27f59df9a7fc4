import { Tag } from 'antd';
import type { z } from 'zod';
import type { announcementSchema } from '@lims/contracts';
import type { ListColumn } from '../../shared/list-page/list-columns';
import type { TagColor } from '../../shared/dict/dict-tag';
import { PriorityTag } from './priority-tag';

/** 系统通告 and 我的消息: search fields and columns (pure data). */

type DictTexts = { msgCategory_dictText?: string; msgType_dictText?: string; sendStatus_dictText?: string };
/** A row of 系统通告 as the list answers it. */
export type AnnouncementRecord = z.infer<typeof announcementSchema> & DictTexts;
/** A row of 我的消息. */
export type MyAnnouncementRecord = Pick<
  AnnouncementRecord,
  'id' | 'titile' | 'msgContent' | 'sender' | 'priority' | 'msgCategory' | 'sendTime' | 'msgCategory_dictText'
> & { anntId: string; readFlag: number; readFlag_dictText?: string };

/** send_status: 0 未发布, 1 已发布, 2 已撤销. */
export const SEND_STATUS = { draft: '0', published: '1', revoked: '2' } as const;
const STATUS_COLOR: Record<string, TagColor> = { 0: 'default', 1: 'green', 2: 'orange' };

export const announcementColumns: ListColumn<AnnouncementRecord>[] = [
  { title: '标题', dataIndex: 'titile', sorter: true, width: 160, ellipsis: { showTitle: true } },
  { title: '消息类型', dataIndex: 'msgCategory_dictText', width: 90, align: 'center' },
  { title: '发布人', dataIndex: 'sender', width: 90, align: 'center' },
  {
    title: '优先级',
    dataIndex: 'priority',
    width: 90,
    align: 'center',
    render: (v: string) => <PriorityTag priority={v} />,
  },
  { title: '通告对象', dataIndex: 'msgType_dictText', width: 90, align: 'center' },
  {
    title: '发布状态',
    dataIndex: 'sendStatus',
    sorter: true,
    width: 100,
    align: 'center',
    render: (v: string, r) => <Tag color={STATUS_COLOR[v]}>{r.sendStatus_dictText}</Tag>,
  },
  { title: '发布时间', dataIndex: 'sendTime', sorter: true, width: 160, align: 'center' },
  { title: '撤销时间', dataIndex: 'cancelTime', sorter: true, width: 160, align: 'center' },
];

export const myAnnouncementColumns: ListColumn<MyAnnouncementRecord>[] = [
  { title: '标题', dataIndex: 'titile', sorter: true, ellipsis: { showTitle: true } },
  { title: '消息类型', dataIndex: 'msgCategory_dictText', width: 110, align: 'center' },
  { title: '发布人', dataIndex: 'sender', width: 110, align: 'center' },
  { title: '发布时间', dataIndex: 'sendTime', sorter: true, width: 180, align: 'center' },
  {
    title: '优先级',
    dataIndex: 'priority',
    width: 110,
    align: 'center',
    render: (v: string) => <PriorityTag priority={v} />,
  },
  {
    title: '阅读状态',
    dataIndex: 'readFlag',
    width: 100,
    align: 'center',
    render: (v: number, r) => <Tag color={v === 1 ? 'default' : 'blue'}>{r.readFlag_dictText}</Tag>,
  },
];
