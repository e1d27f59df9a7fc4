import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { renderUi } from '../test-support/render-ui';
import { mockApi, ok, type ApiCall } from '../../list-page/test-utils';
import { DepartSelect } from './depart-select';

const TREE = [
  {
    id: 'd1',
    departName: '检测中心',
    orgCode: 'A01',
    children: [
      { id: 'd2', departName: '化学检测室', orgCode: 'A01A01' },
      { id: 'd3', departName: '环境检测实验室', orgCode: 'A01A02' },
    ],
  },
  { id: 'd4', departName: '综合办公室', orgCode: 'A02' },
];
const server = (c: ApiCall) => (c.path === '/sysdepart/sysDepart/queryTreeList' ? ok(TREE) : undefined);

function Harness({
  initial,
  multiple,
  onPick,
}: {
  initial?: string;
  multiple?: boolean;
  onPick: (v?: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DepartSelect
      value={value}
      multiple={multiple}
      onChange={(v) => {
        setValue(v);
        onPick(v);
      }}
    />
  );
}

const popup = () => document.querySelector('.ant-select-dropdown, .ant-tree-select-dropdown') as HTMLElement;
const openSelect = () => fireEvent.mouseDown(document.querySelector('.ant-select')!);

describe('<DepartSelect>', { timeout: 30_000 }, () => {
  it('shows a saved id by name; picking a node gives its id (single)', async () => {
    mockApi(server);
    const onPick = vi.fn();
    renderUi(<Harness initial="d3" onPick={onPick} />);
    expect(await screen.findByText('环境检测实验室')).toBeTruthy();
    openSelect();
    fireEvent.click(await within(popup()).findByText('综合办公室'));
    expect(onPick).toHaveBeenLastCalledWith('d4');
  });

  it('multiple: checkboxes, each department on its own, a comma-joined value', async () => {
    mockApi(server);
    const onPick = vi.fn();
    renderUi(<Harness initial="d2" multiple onPick={onPick} />);
    expect(await screen.findByText('化学检测室')).toBeTruthy();
    openSelect();
    await within(popup()).findByText('检测中心');
    expect(popup().querySelectorAll('.ant-select-tree-checkbox').length).toBe(4);
    fireEvent.click(within(popup()).getByText('检测中心'));
    expect(onPick).toHaveBeenLastCalledWith('d2,d1');
    fireEvent.click(within(popup()).getByText('化学检测室'));
    expect(onPick).toHaveBeenLastCalledWith('d1');
  });

  it('searches by name and shows 请选择部门; fits a Form.Item', async () => {
    mockApi(server);
    const onFinish = vi.fn();
    renderUi(
      <Form onFinish={onFinish} initialValues={{ departId: undefined }}>
        <Form.Item name="departId" label="部门">
          <DepartSelect />
        </Form.Item>
        <button type="submit">提交</button>
      </Form>,
    );
    expect(screen.getByText('请选择部门')).toBeTruthy();
    openSelect();
    await within(popup()).findByText('检测中心');
    fireEvent.change(document.querySelector('.ant-select input')!, { target: { value: '环境' } });
    await waitFor(() => expect(within(popup()).queryByText('综合办公室')).toBeNull());
    fireEvent.click(within(popup()).getByTitle('环境检测实验室'));
    fireEvent.click(screen.getByText('提交'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ departId: 'd3' }));
  });
});
