import { useState } from 'react';
import { EditableTable } from '../../../shared/ui/editable-table/editable-table';
import type { EditableColumn, EditableRow } from '../../../shared/ui/editable-table/editable-columns';
import { DemoCard, DemoValue } from './demo-card';
import { DEMO_TEST_TYPES } from './demo-data';

type TaskRow = EditableRow & { item?: string; testType?: string; codeLines?: number; dueDate?: string };

const COLUMNS: EditableColumn<TaskRow>[] = [
  { title: '检测项目', dataIndex: 'item', required: true },
  {
    title: '检测类别',
    dataIndex: 'testType',
    editor: 'select',
    options: DEMO_TEST_TYPES.filter((o) => !o.disabled).map((o) => ({ label: o.text, value: o.value })),
    width: 150,
  },
  { title: '代码行数', dataIndex: 'codeLines', editor: 'integer', width: 130 },
  { title: '完成日期', dataIndex: 'dueDate', editor: 'date', width: 160 },
];

const ITEMS = ['铅含量', '镉含量', '菌落总数', 'pH 值', '噪声', '二氧化硫'];

const INITIAL: TaskRow[] = ITEMS.map((item, i) => ({
  key: `r${i + 1}`,
  id: `r${i + 1}`,
  item,
  testType: String((i % 5) + 1),
  codeLines: (i + 1) * 10,
  dueDate: `2026-0${(i % 9) + 1}-15`,
}));

/** Editable table: add / edit / save / cancel / delete, one row at a time, 5 rows a page. */
export function EditableTableDemo() {
  const [rows, setRows] = useState<TaskRow[]>(INITIAL);
  return (
    <DemoCard
      id="editable-table"
      title="可编辑表格 EditableTable"
      description="新增、编辑、保存、取消（确定取消吗？）、删除（确定删除吗？）。有行在编辑时不能再新增（请先完成当前编辑！）；代码行数只接受大于等于 0 的整数；每页 5 行。"
    >
      <EditableTable<TaskRow> value={rows} onChange={setRows} columns={COLUMNS} />
      <DemoValue label="已保存的行数" value={String(rows.length)} testId="editable-count" />
      <DemoValue
        label="最后一行"
        value={
          rows.length
            ? JSON.stringify({ item: rows[rows.length - 1].item, codeLines: rows[rows.length - 1].codeLines })
            : ''
        }
        testId="editable-last"
      />
    </DemoCard>
  );
}
