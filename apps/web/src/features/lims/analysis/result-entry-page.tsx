import { useState } from 'react';
import { Alert, Card, Checkbox, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { myResultsQuery } from './api';
import { ResultGrid } from './result-grid';

/** 结果录入 (menu component lims/ResultEntry): the signed-in analyst's open analyses as a grid. */
export default function ResultEntryPage() {
  const [includeVerified, setIncludeVerified] = useState(false);
  const query = useQuery(myResultsQuery(includeVerified));
  const rows = query.data?.records ?? [];
  const total = query.data?.total ?? rows.length;
  return (
    <Card title="结果录入" size="small">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Checkbox checked={includeVerified} onChange={(e) => setIncludeVerified(e.target.checked)}>
          含已复核（修改须填写原因，改后重新复核）
        </Checkbox>
        <Typography.Text type="secondary">
          输入结果后按 Tab 到下一格，按 Enter 保存本行并跳到下一行；超出限值的结果立即标为「超标」。共 {total} 条。
        </Typography.Text>
        {total > rows.length && (
          <Alert
            type="info"
            showIcon
            title={`显示最早到期的 ${rows.length} 条，其余 ${total - rows.length} 条在录入后刷新本页可见。`}
          />
        )}
        {query.isError && <Alert type="error" showIcon title="检测任务加载失败，请刷新重试！" />}
        <ResultGrid rows={rows} loading={query.isLoading} />
      </Space>
    </Card>
  );
}
