import { Table } from 'antd';
import { DESCRIPTION_ELLIPSIS_LENGTH, Ellipsis } from '../../../shared/ui/ellipsis/ellipsis';
import { DemoCard } from './demo-card';

const LONG = '依据 GB 5009.12-2023 测定食品中铅含量，样品经微波消解后用石墨炉原子吸收光谱法检测，结果以 mg/kg 计';

const ROWS = [
  { key: '1', name: '铅含量测定', description: '微波消解后石墨炉原子吸收光谱法检测' },
  { key: '2', name: 'pH 值', description: '玻璃电极法' },
];

/** Ellipsis: 25 characters by default, 10 in description cells; the full text in a tooltip. */
export function EllipsisDemo() {
  return (
    <DemoCard
      id="ellipsis"
      title="文本省略 Ellipsis"
      description="超出长度的文字以 … 结尾，鼠标移上去显示全文。默认 25 个字，描述列 10 个字。"
    >
      <div data-testid="ellipsis-default">
        <Ellipsis value={LONG} />
      </div>
      <div data-testid="ellipsis-short" style={{ marginTop: 8 }}>
        <Ellipsis value="不足 25 个字的文字原样显示" />
      </div>
      <Table
        size="small"
        style={{ marginTop: 12 }}
        pagination={false}
        dataSource={ROWS}
        columns={[
          { title: '检测项目', dataIndex: 'name', width: 120 },
          {
            title: '描述',
            dataIndex: 'description',
            render: (text: string) => <Ellipsis value={text} length={DESCRIPTION_ELLIPSIS_LENGTH} />,
          },
        ]}
      />
    </DemoCard>
  );
}
