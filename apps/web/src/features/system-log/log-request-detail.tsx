import type { LogRecord } from '@lims/contracts';
import { DetailList } from '../../shared/ui/detail-list/detail-list';

/** The request param as the server stored it (JSON, secrets masked), indented when it parses. */
function readable(param: string | null | undefined): string {
  if (!param) return '';
  try {
    return JSON.stringify(JSON.parse(param), null, 2);
  } catch {
    return param;
  }
}

/** An operation row expanded: 请求方法 and 请求参数. */
export function LogRequestDetail({ record }: { record: LogRecord }) {
  return (
    <DetailList
      column={1}
      bordered
      items={[
        { key: 'method', label: '请求方法', content: record.method || '-' },
        {
          key: 'param',
          label: '请求参数',
          content: record.requestParam ? (
            <pre
              style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 320, overflow: 'auto' }}
            >
              {readable(record.requestParam)}
            </pre>
          ) : (
            '-'
          ),
        },
      ]}
    />
  );
}
