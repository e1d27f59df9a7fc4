import { useState } from 'react';
import { Segmented } from 'antd';
import { DETAIL_LIST_COLUMNS, DetailList } from '../../../shared/ui/detail-list/detail-list';
import { DemoCard } from './demo-card';

const ITEMS = [
  { label: '项目编号', content: 'XM20260001' },
  { label: '项目名称', content: '土壤重金属检测' },
  { label: '委托单位', content: '示例环境科技有限公司' },
  { label: '检测类别', content: '环境检测' },
  { label: '负责人', content: '李四' },
  { label: '计划完成', content: '2026-06-30' },
  { label: '备注', content: '样品需低温保存，收样后 48 小时内完成前处理。', span: 3 },
];

/** Detail list in 1–4 columns (3 by default). */
export function DetailListDemo() {
  const [column, setColumn] = useState(DETAIL_LIST_COLUMNS);
  return (
    <DemoCard id="detail-list" title="详情列表 DetailList" description="字段按 1 至 4 列排列，默认 3 列。">
      <Segmented<number>
        aria-label="列数"
        value={column}
        onChange={setColumn}
        options={[1, 2, 3, 4].map((n) => ({ value: n, label: `${n} 列` }))}
        style={{ marginBottom: 16 }}
      />
      <div data-testid="detail-list" data-columns={column}>
        <DetailList title="检测项目信息" column={column} items={ITEMS} bordered />
      </div>
    </DemoCard>
  );
}
