import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from 'antd';
import type { LogRecord } from '@lims/contracts';
import { ListPage } from '../../shared/list-page/list-page';
import { useListPage } from '../../shared/list-page/use-list-page';
import type { LogType } from './api';
import { logColumns } from './log-columns';
import { logListSource, logTypeOf } from './log-list-source';
import { LogRequestDetail } from './log-request-detail';

const TABS = [
  { key: '1', label: '登录日志' },
  { key: '2', label: '操作日志' },
];

/** One tab's list: the log of one type; operation rows expand to 请求方法 / 请求参数. */
function LogTab({ logType, tabs }: { logType: LogType; tabs: ReactNode }) {
  const list = useListPage<LogRecord>({
    ...logListSource(logType),
    columns: logColumns[logType],
    selectable: false,
  });
  const shown =
    logType === 2
      ? {
          ...list,
          tableProps: {
            ...list.tableProps,
            expandable: { expandedRowRender: (r: LogRecord) => <LogRequestDetail record={r} /> },
          },
        }
      : list;
  return <ListPage list={shown} header={tabs} />;
}

/**
 * 日志管理 (menu component system/LogList): tabs 登录日志 / 操作日志, read-only. The tab is in the
 * URL (`logType=2`); switching tabs starts the other list from its first page without a search.
 */
export default function LogListPage() {
  const [params, setParams] = useSearchParams();
  const logType = logTypeOf(params);
  const switchTab = (key: string) => setParams(key === '2' ? { logType: '2' } : {}, { replace: true });
  return (
    <LogTab
      key={logType}
      logType={logType}
      tabs={<Tabs activeKey={String(logType)} onChange={switchTab} items={TABS} />}
    />
  );
}
