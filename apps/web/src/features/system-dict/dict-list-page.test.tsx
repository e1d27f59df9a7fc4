import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@lims/contracts';
import { fail, grant, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import DictListPage from './dict-list-page';

const SEX = {
  id: 'd1',
  dictName: '性别',
  dictCode: 'sex',
  description: '用户性别',
  type: 0,
  createTime: '2026-01-01 08:00:00',
  createBy: 'admin',
  updateTime: null,
  updateBy: null,
};
const ITEMS = [
  {
    id: 'i1',
    dictId: 'd1',
    itemText: '男',
    itemValue: '1',
    description: null,
    sortOrder: 1,
    status: 1,
    createTime: null,
    createBy: null,
    updateTime: null,
    updateBy: null,
  },
  {
    id: 'i2',
    dictId: 'd1',
    itemText: '女',
    itemValue: '2',
    description: null,
    sortOrder: 2,
    status: 0,
    createTime: null,
    createBy: null,
    updateTime: null,
    updateBy: null,
  },
];

function server(c: ApiCall) {
  switch (c.path) {
    case '/sys/dict/list':
      return ok({ records: [SEX], total: 1 });
    case '/sys/dict/add':
      return ok('new-id', '添加成功！');
    case '/sys/dict/edit':
      return ok(null, '编辑成功！');
    case '/sys/duplicate/check':
      return c.params.get('fieldVal') === 'sex' ? fail(409, '字典编码已存在！') : ok(null, '该值可用！');
    case '/sys/dict/refleshCache':
      return ok(null, '刷新缓存完成！');
    case '/sys/dictItem/list':
      return ok({ records: ITEMS, total: 2 });
    case '/sys/dict/getDictItems/dict_item_status':
      return ok([
        { value: '1', text: '启用', title: '启用' },
        { value: '0', text: '不启用', title: '不启用' },
      ]);
    case '/sys/dict/getDictItems/sex':
      return ok([
        { value: '1', text: '男', title: '男' },
        { value: '2', text: '女', title: '女', disabled: true },
      ]);
    default:
      return undefined;
  }
}

const ALL = Object.values(PERM.dict);
const button = (name: RegExp) => screen.getByRole('button', { name });

describe('数据字典 page', { timeout: 40_000 }, () => {
  it('shows search, toolbar, columns and row actions for a user holding the dictionary actions', async () => {
    grant(...ALL);
    mockApi(server);
    renderPage(<DictListPage />, '/isystem/dict');
    expect(await screen.findByText('性别')).toBeTruthy();
    for (const p of ['请输入字典名称', '请输入字典编号']) expect(screen.getByPlaceholderText(p)).toBeTruthy();
    for (const b of [/添\s*加/, /导\s*出/, /导\s*入/, /刷新缓存/])
      expect(screen.getAllByRole('button', { name: b }).length).toBeGreaterThan(0);
    for (const h of ['字典名称', '字典编号', '描述', '创建时间', '操作'])
      expect(screen.getByRole('columnheader', { name: new RegExp(h) })).toBeTruthy();
    const row = screen.getByText('sex').closest('tr')!;
    for (const a of ['编辑', '字典配置', '删除']) expect(within(row).getByText(a)).toBeTruthy();
    expect(screen.getByText('第 1-1 条 / 共 1 条')).toBeTruthy();
  });

  it('hides guarded buttons from a user without them (字典配置 stays)', async () => {
    grant();
    mockApi(server);
    renderPage(<DictListPage />, '/isystem/dict');
    await screen.findByText('性别');
    for (const b of [/添\s*加/, /导\s*出/, /导\s*入/, /刷新缓存/])
      expect(screen.queryAllByRole('button', { name: b })).toHaveLength(0);
    const row = screen.getByText('sex').closest('tr')!;
    expect(within(row).queryByText('编辑')).toBeNull();
    expect(within(row).queryByText('删除')).toBeNull();
    expect(within(row).getByText('字典配置')).toBeTruthy();
  });

  it('添加: required messages, the duplicate code on blur, then POST /sys/dict/add', async () => {
    grant(...ALL);
    const api = mockApi(server);
    renderPage(<DictListPage />, '/isystem/dict');
    await screen.findByText('性别');
    fireEvent.click(button(/添\s*加/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入字典名称！')).toBeTruthy();
    expect(within(dialog).getByText('请输入字典编码！')).toBeTruthy();

    fireEvent.change(within(dialog).getByPlaceholderText('请输入字典名称'), { target: { value: ' 检测类型 ' } });
    const code = within(dialog).getByPlaceholderText('请输入字典编码');
    fireEvent.change(code, { target: { value: 'sex' } });
    fireEvent.blur(code);
    expect(await within(dialog).findByText('字典编码已存在！')).toBeTruthy();
    expect(Object.fromEntries(api.last('/sys/duplicate/check')!.params)).toMatchObject({
      tableName: 'dicts',
      fieldName: 'dict_code',
      fieldVal: 'sex',
    });

    fireEvent.change(code, { target: { value: 'test_kind' } });
    fireEvent.blur(code);
    await waitFor(() => expect(within(dialog).queryByText('字典编码已存在！')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(api.last('/sys/dict/add')!.body).toMatchObject({ dictName: ' 检测类型 ', dictCode: 'test_kind' });
  });

  it('编辑: title 编辑, the code is fixed, PUT with the id', async () => {
    grant(...ALL);
    const api = mockApi(server);
    renderPage(<DictListPage />, '/isystem/dict');
    await screen.findByText('性别');
    fireEvent.click(within(screen.getByText('sex').closest('tr')!).getByText('编辑'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑')).toBeTruthy();
    expect(within(dialog).getByPlaceholderText<HTMLInputElement>('请输入字典编码').disabled).toBe(true);
    fireEvent.change(within(dialog).getByPlaceholderText('请输入描述'), { target: { value: '性别（男/女）' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('编辑成功！')).toBeTruthy();
    expect(api.last('/sys/dict/edit')!.body).toEqual({
      id: 'd1',
      dictName: '性别',
      dictCode: 'sex',
      description: '性别（男/女）',
    });
  });

  it('字典配置 opens 字典列表 with the items of that dictionary and a preview select', async () => {
    grant(...ALL);
    const api = mockApi(server);
    renderPage(<DictListPage />, '/isystem/dict');
    await screen.findByText('性别');
    fireEvent.click(within(screen.getByText('sex').closest('tr')!).getByText('字典配置'));
    expect(await screen.findByText('字典列表')).toBeTruthy();
    expect(await screen.findByText('男')).toBeTruthy();
    expect(Object.fromEntries(api.last('/sys/dictItem/list')!.params)).toMatchObject({
      dictId: 'd1',
      column: 'sortOrder',
      order: 'asc',
    });
    for (const h of ['名称', '数据值', '排序', '状态'])
      expect(screen.getAllByRole('columnheader', { name: new RegExp(h) }).length).toBeGreaterThan(0);
    expect(await screen.findByText('启用')).toBeTruthy();
    expect(screen.getByText('不启用')).toBeTruthy();
    expect(button(/批量删除/)).toBeTruthy();
    fireEvent.click(button(/批量删除/));
    expect(await screen.findByText('请选择一条记录！')).toBeTruthy();
  });

  it('刷新缓存 calls refleshCache and shows the server message', async () => {
    grant(...ALL);
    const api = mockApi(server);
    renderPage(<DictListPage />, '/isystem/dict');
    await screen.findByText('性别');
    fireEvent.click(button(/刷新缓存/));
    expect(await screen.findByText('刷新缓存完成！')).toBeTruthy();
    expect(api.last('/sys/dict/refleshCache')).toBeTruthy();
  });
});
