import { useState } from 'react';
import { TablePicker, type PickerColumn, type PickerParams } from '../../../shared/ui/table-picker/table-picker';
import { DemoCard, DemoValue } from './demo-card';
import { fetchDemoInstruments, type DemoInstrument } from './demo-data';

const COLUMNS: PickerColumn<DemoInstrument>[] = [
  { title: '仪器编号', dataIndex: 'code', searchable: true, width: 110 },
  { title: '仪器名称', dataIndex: 'name', searchable: true },
  { title: '型号', dataIndex: 'model', width: 90 },
  { title: '所属实验室', dataIndex: 'lab', searchable: true },
];

const paramsText = (p: PickerParams) =>
  Object.entries(p)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

/** Table-in-popover picker over an in-memory instrument list (no login needed). */
export function TablePickerDemo() {
  const [value, setValue] = useState<string>();
  const [lastParams, setLastParams] = useState('');
  const fetch = (params: PickerParams) => {
    setLastParams(paramsText(params));
    return fetchDemoInstruments(params);
  };
  return (
    <DemoCard
      id="table-picker"
      title="表格选择 TablePicker"
      description="点击输入框打开表格：列头的放大镜按列搜索（搜索 / 重置，查询词两端加 *），单击行选中，确定带回；每页 10 条。"
    >
      <TablePicker<DemoInstrument>
        id="demo-instrument"
        value={value}
        onChange={(v) => setValue(v)}
        fetch={fetch}
        columns={COLUMNS}
        labelKey="name"
        placeholder="请选择检测仪器"
      />
      <DemoValue label="选中的值" value={value} testId="picker-value" />
      <DemoValue label="最近一次查询参数" value={lastParams} testId="picker-params" />
    </DemoCard>
  );
}
