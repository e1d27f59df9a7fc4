import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { renderUi } from '../test-support/render-ui';
import { EditableTable } from './editable-table';
import type { EditableColumn, EditableRow } from './editable-columns';
import { useEditGuard } from './use-edit-guard';

type Module = EditableRow & { name?: string; codeLines?: number; lang?: string };

const columns: EditableColumn<Module>[] = [
  { title: '模块名称', dataIndex: 'name', required: true },
  { title: '代码行数', dataIndex: 'codeLines', editor: 'integer' },
  {
    title: '语言',
    dataIndex: 'lang',
    editor: 'select',
    options: [
      { label: 'TypeScript', value: 'ts' },
      { label: 'SQL', value: 'sql' },
    ],
  },
];

const seed = (n: number): Module[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `k${i + 1}`,
    id: `id${i + 1}`,
    name: `模块${i + 1}`,
    codeLines: i * 10,
  }));

function Harness({ initial, onRows }: { initial: Module[]; onRows?: (rows: Module[]) => void }) {
  const [rows, setRows] = useState(initial);
  return (
    <EditableTable<Module>
      value={rows}
      columns={columns}
      onChange={(next) => {
        setRows(next);
        onRows?.(next);
      }}
    />
  );
}

const popconfirmOk = async (user: ReturnType<typeof userEvent.setup>, title: string) => {
  const tip = (await screen.findByText(title)).closest('.ant-popover') as HTMLElement;
  await user.click(within(tip).getByRole('button', { name: /确\s*定/ }));
};

describe('<EditableTable>', { timeout: 60_000 }, () => {
  it('columns without a width keep room (160 px each, 操作 130): the table is at least that wide', () => {
    const { container } = renderUi(<Harness initial={seed(1)} />);
    const table = container.querySelector<HTMLTableElement>('.ant-table table');
    expect(table?.style.width).toBe(`${3 * 160 + 130}px`);
  });

  it('adds a row, refuses a second add while it is edited, validates required cells and saves', async () => {
    const user = userEvent.setup();
    const saved: Module[][] = [];
    renderUi(<Harness initial={seed(1)} onRows={(r) => saved.push(r)} />);
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    expect(screen.getByLabelText('模块名称')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    expect(await screen.findByText('请先完成当前编辑！')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /编\s*辑/ }));
    expect(screen.getAllByLabelText('模块名称')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入模块名称')).toBeTruthy();
    expect(saved).toEqual([]);

    fireEvent.change(screen.getByLabelText('模块名称'), { target: { value: '样品登记' } });
    fireEvent.change(screen.getByLabelText('代码行数'), { target: { value: '120' } });
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toHaveLength(2);
    expect(saved[0][1]).toMatchObject({ name: '样品登记', codeLines: 120 });
    expect(typeof saved[0][1].key).toBe('string');
    expect(screen.getByText('样品登记')).toBeTruthy();
    expect(screen.queryByLabelText('模块名称')).toBeNull();
  });

  it('asks 确定取消吗？ before cancelling and drops an unsaved new row', async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial={seed(1)} />);
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    expect(screen.getAllByRole('row')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await popconfirmOk(user, '确定取消吗？');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.queryByLabelText('模块名称')).toBeNull();
  });

  it('edits a saved row and asks 确定删除吗？ before deleting', async () => {
    const user = userEvent.setup();
    const saved: Module[][] = [];
    renderUi(<Harness initial={seed(2)} onRows={(r) => saved.push(r)} />);
    await user.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]);
    expect(screen.getByLabelText<HTMLInputElement>('模块名称').value).toBe('模块1');
    fireEvent.change(screen.getByLabelText('模块名称'), { target: { value: '模块一' } });
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved.at(-1)?.[0]).toMatchObject({ id: 'id1', name: '模块一' }));

    await user.click(screen.getAllByRole('button', { name: /删\s*除/ })[1]);
    await popconfirmOk(user, '确定删除吗？');
    await waitFor(() => expect(saved.at(-1)?.map((r) => r.id)).toEqual(['id1']));
  });

  it('code lines: -3 and 2.5 stay as typed and are refused on save with the message; 42 is saved', async () => {
    const user = userEvent.setup();
    const saved: Module[][] = [];
    renderUi(<Harness initial={seed(1)} onRows={(r) => saved.push(r)} />);
    await user.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const input = screen.getByLabelText<HTMLInputElement>('代码行数');
    const before = saved.length;
    for (const typed of ['-3', '2.5']) {
      await user.clear(input);
      await user.type(input, typed);
      await user.click(screen.getByRole('button', { name: /保\s*存/ }));
      expect(await screen.findByText('只能输入大于等于 0 的整数')).toBeTruthy();
      expect(input.value).toBe(typed);
    }
    expect(saved.length).toBe(before);
    await user.clear(input);
    await user.type(input, '42');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved.at(-1)?.[0].codeLines).toBe(42));
  });

  it('edits a yes/no flag with a checkbox (shown as 是 / 否)', async () => {
    type Flagged = EditableRow & { name?: string; primary?: boolean };
    const saved: Flagged[][] = [];
    const flagColumns: EditableColumn<Flagged>[] = [
      { title: '名称', dataIndex: 'name' },
      { title: '主要', dataIndex: 'primary', editor: 'checkbox' },
    ];
    function FlagHarness() {
      const [rows, setRows] = useState<Flagged[]>([{ key: 'a', name: '甲', primary: false }]);
      return (
        <EditableTable<Flagged>
          value={rows}
          columns={flagColumns}
          onChange={(next) => {
            setRows(next);
            saved.push(next);
          }}
        />
      );
    }
    const user = userEvent.setup();
    renderUi(<FlagHarness />);
    expect(screen.getByText('否')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /编\s*辑/ }));
    await user.click(screen.getByLabelText('主要'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved.at(-1)?.[0].primary).toBe(true));
    expect(screen.getByText('是')).toBeTruthy();
  });

  it('shows 5 rows per page and opens the last page for a new row', async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial={seed(5)} />);
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('1-5 共5条')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    expect(screen.getByText('6-6 共6条')).toBeTruthy();
    expect(screen.getByLabelText('模块名称')).toBeTruthy();
  });

  it('makes an antd Form refuse to submit while a row is edited', async () => {
    const user = userEvent.setup();
    const submitted: unknown[] = [];
    function FormHarness() {
      const guard = useEditGuard();
      return (
        <Form initialValues={{ modules: seed(1) }} onFinish={(v) => submitted.push(v)}>
          <Form.Item name="modules" rules={[guard.rule]}>
            <EditableTable<Module> columns={columns} onEditingChange={guard.onEditingChange} />
          </Form.Item>
          <Button htmlType="submit">提交</Button>
        </Form>
      );
    }
    renderUi(<FormHarness />);
    await user.click(screen.getByRole('button', { name: /编\s*辑/ }));
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请先完成当前编辑！')).toBeTruthy();
    expect(submitted).toEqual([]);
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(submitted).toHaveLength(1));
  });
});
