import type { LogRecord } from '@lims/contracts';
import type { ListColumn } from '../../shared/list-page/list-columns';
import { Ellipsis } from '../../shared/ui/ellipsis/ellipsis';
import type { LogType } from './api';

/** The log tabs' columns (pure data; their search fields: log-list-source). */

/** 日志内容 is cut after 40 characters (the full text in a tooltip). */
const CONTENT_LENGTH = 40;

const before: ListColumn<LogRecord>[] = [
  {
    title: '日志内容',
    dataIndex: 'logContent',
    render: (v?: string) => <Ellipsis value={v} length={CONTENT_LENGTH} />,
  },
  { title: '操作人ID', dataIndex: 'userid', width: 120 },
  { title: '操作人名称', dataIndex: 'username', width: 120 },
  { title: 'IP', dataIndex: 'ip', width: 140 },
  { title: '耗时(毫秒)', dataIndex: 'costTime', sorter: true, width: 110, align: 'right' },
  { title: '日志类型', dataIndex: 'logType_dictText', width: 100, align: 'center' },
];
const operateType: ListColumn<LogRecord> = {
  title: '操作类型',
  dataIndex: 'operateType_dictText',
  width: 100,
  align: 'center',
};
const createTime: ListColumn<LogRecord> = {
  title: '创建时间',
  dataIndex: 'createTime',
  sorter: true,
  width: 180,
  align: 'center',
};

/** Per tab: the operation log adds 操作类型. */
export const logColumns: Record<LogType, ListColumn<LogRecord>[]> = {
  1: [...before, createTime],
  2: [...before, operateType, createTime],
};
