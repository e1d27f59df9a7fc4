import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@lims/contracts';
import { grant, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import AnnouncementListPage from './announcement-list-page';

vi.mock('../../shared/ui/rich-text-editor/rich-text-editor', () => ({
  RichTextEditor: ({ value, onChange }: { value?: string; onChange?: (html: string) => void }) => (
    <textarea aria-label="内容编辑器" value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

const base = {
  msgCategory: '1',
  msgCategory_dictText: '通知公告',
  msgType: 'ALL',
  msgType_dictText: '全体用户',
  priority: 'L',
  startTime: null,
  endTime: null,
  userIds: null,
  createBy: 'admin',
  createTime: '2026-03-01 08:00:00',
  updateBy: null,
  updateTime: null,
};
const DRAFT = {
  ...base,
  id: 'a1',
  titile: '草稿通告',
  msgContent: '<p>草稿正文</p>',
  sender: null,
  sendStatus: '0',
  sendStatus_dictText: '未发布',
  sendTime: null,
  cancelTime: null,
};
const LIVE = {
  ...base,
  id: 'a2',
  titile: '已发通告',
  msgContent: '<p>正式正文</p>',
  sender: '管理员',
  priority: 'H',
  sendStatus: '1',
  sendStatus_dictText: '已发布',
  sendTime: '2026-03-02 09:00:00',
  cancelTime: null,
};
const GONE = {
  ...base,
  id: 'a3',
  titile: '撤销通告',
  msgContent: '',
  sender: '管理员',
  priority: 'M',
  sendStatus: '2',
  sendStatus_dictText: '已撤销',
  sendTime: '2026-03-02 09:00:00',
  cancelTime: '2026-03-03 10:00:00',
};

const dict = (items: Array<[string, string]>) => ok(items.map(([value, text]) => ({ value, text, title: text })));

function server(c: ApiCall) {
  switch (c.path) {
    case '/sys/annountCement/list':
      return ok({ records: [DRAFT, LIVE, GONE], total: 3 });
    case '/sys/annountCement/add':
      return ok('new-id', '添加成功！');
    case '/sys/annountCement/edit':
      return ok(null, '编辑成功！');
    case '/sys/annountCement/doReleaseData':
      return ok(null, '该系统通知发布成功');
    case '/sys/annountCement/doReovkeData':
      return ok(null, '该系统通知撤销成功');
    case '/sys/dict/getDictItems/msg_category':
      return dict([
        ['1', '通知公告'],
        ['2', '系统消息'],
      ]);
    case '/sys/dict/getDictItems/priority':
      return dict([
        ['L', '一般消息'],
        ['M', '重要消息'],
        ['H', '紧急消息'],
      ]);
    case '/sys/dict/getDictItems/msg_type':
      return dict([
        ['ALL', '全体用户'],
        ['USER', '指定用户'],
      ]);
    default:
      return undefined;
  }
}

const ALL = Object.values(PERM.announcement);
const rowOf = (title: string) => screen.getByText(title).closest('tr')!;
const openMore = async (title: string) => {
  fireEvent.mouseEnter(within(rowOf(title)).getByText('更多'));
  await screen.findAllByRole('menuitem');
};
const menuItems = () =>
  screen
    .queryAllByRole('menuitem')
    .filter((m) => !m.closest('.ant-dropdown-hidden'))
    .map((m) => m.textContent);
const closeMenus = (title: string) => fireEvent.mouseLeave(within(rowOf(title)).getByText('更多'));

async function openPage() {
  const api = mockApi(server);
  renderPage(<AnnouncementListPage />, '/isystem/annountCement');
  await screen.findByText('草稿通告');
  return api;
}

describe('系统通告 page', { timeout: 40_000 }, () => {
  it('shows the search fields, columns with priority tags and states, the toolbar', async () => {
    grant(...ALL);
    await openPage();
    for (const p of ['请输入标题', '请输入内容']) expect(screen.getByPlaceholderText(p)).toBeTruthy();
    for (const h of ['标题', '消息类型', '发布人', '优先级', '通告对象', '发布状态', '发布时间', '撤销时间', '操作']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(h) })).toBeTruthy();
    }
    for (const t of ['一般消息', '紧急消息', '重要消息', '未发布', '已发布', '已撤销'])
      expect(screen.getByText(t)).toBeTruthy();
    for (const b of [/新\s*增/, /导\s*出/, /导\s*入/])
      expect(screen.getAllByRole('button', { name: b }).length).toBeGreaterThan(0);
  });

  it('offers 编辑 only while 未发布, and 删除 / 发布 / 撤销 by state under 更多', async () => {
    grant(...ALL);
    await openPage();
    expect(within(rowOf('草稿通告')).getByText('编辑')).toBeTruthy();
    expect(within(rowOf('已发通告')).queryByText('编辑')).toBeNull();
    expect(within(rowOf('撤销通告')).queryByText('编辑')).toBeNull();
    await openMore('草稿通告');
    expect(menuItems()).toEqual(['删除', '发布', '查看']);
    closeMenus('草稿通告');
    await openMore('已发通告');
    await waitFor(() => expect(menuItems()).toEqual(['撤销', '查看']));
    closeMenus('已发通告');
    await openMore('撤销通告');
    await waitFor(() => expect(menuItems()).toEqual(['删除', '查看']));
  });

  it('hides every guarded action from a user without the codes (查看 stays)', async () => {
    grant(PERM.announcement.list);
    await openPage();
    for (const b of [/新\s*增/, /导\s*出/, /导\s*入/])
      expect(screen.queryAllByRole('button', { name: b })).toHaveLength(0);
    expect(within(rowOf('草稿通告')).queryByText('编辑')).toBeNull();
    await openMore('草稿通告');
    expect(menuItems()).toEqual(['查看']);
  });

  it('发布 asks 确定发布吗? then calls doReleaseData; 撤销 asks 确定撤销吗?', async () => {
    grant(...ALL);
    const api = await openPage();
    await openMore('草稿通告');
    fireEvent.click(screen.getByRole('menuitem', { name: '发布' }));
    expect(await screen.findAllByText('确定发布吗?')).not.toHaveLength(0);
    expect(api.last('/sys/annountCement/doReleaseData')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('该系统通知发布成功')).toBeTruthy();
    expect(api.last('/sys/annountCement/doReleaseData')!.params.get('id')).toBe('a1');

    closeMenus('草稿通告');
    await openMore('已发通告');
    fireEvent.click(await screen.findByRole('menuitem', { name: '撤销' }));
    expect(await screen.findAllByText('确定撤销吗?')).not.toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    expect(await screen.findByText('该系统通知撤销成功')).toBeTruthy();
    expect(api.last('/sys/annountCement/doReovkeData')!.params.get('id')).toBe('a2');
  });

  it('查看 shows title, sender, send time and the content', async () => {
    grant(...ALL);
    await openPage();
    await openMore('已发通告');
    fireEvent.click(screen.getByRole('menuitem', { name: '查看' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('已发通告')).toBeTruthy();
    expect(within(dialog).getByText('发布人：管理员')).toBeTruthy();
    expect(within(dialog).getByText('发布时间：2026-03-02 09:00:00')).toBeTruthy();
    expect(within(dialog).getByText('正式正文')).toBeTruthy();
  });

  it('新增: required messages, the time order messages, 指定用户 for USER, then POST add', async () => {
    grant(...ALL);
    const api = await openPage();
    fireEvent.click(screen.getAllByRole('button', { name: /新\s*增/ })[0]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    for (const m of ['请输入标题！', '请选择消息类型！', '请选择通告对象类型！'])
      expect(await within(dialog).findByText(m)).toBeTruthy();
    expect(api.last('/sys/annountCement/add')).toBeUndefined();

    const start = within(dialog).getByPlaceholderText('请选择开始时间');
    const end = within(dialog).getByPlaceholderText('请选择结束时间');
    fireEvent.mouseDown(start);
    fireEvent.change(start, { target: { value: '2026-05-02 08:00:00' } });
    fireEvent.keyDown(start, { key: 'Enter' });
    fireEvent.mouseDown(end);
    fireEvent.change(end, { target: { value: '2026-05-01 08:00:00' } });
    fireEvent.keyDown(end, { key: 'Enter' });
    expect(await within(dialog).findByText('开始时间需小于结束时间')).toBeTruthy();
    expect(await within(dialog).findByText('结束时间需大于开始时间')).toBeTruthy();
    fireEvent.mouseDown(end);
    fireEvent.change(end, { target: { value: '2026-05-03 08:00:00' } });
    fireEvent.keyDown(end, { key: 'Enter' });
    await waitFor(() => expect(within(dialog).queryByText('结束时间需大于开始时间')).toBeNull());
    await waitFor(() => expect(within(dialog).queryByText('开始时间需小于结束时间')).toBeNull());

    fireEvent.change(within(dialog).getByPlaceholderText('请输入标题'), { target: { value: '检测设备年检' } });
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0]);
    fireEvent.click(await screen.findByTitle('系统消息'));
    fireEvent.click(within(dialog).getByLabelText('指定用户'));
    expect(await within(dialog).findByText('请选择用户')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择指定用户！')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('全体用户'));
    fireEvent.change(within(dialog).getByLabelText('内容编辑器'), { target: { value: '<p>请各部门安排</p>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(api.last('/sys/annountCement/add')!.body).toEqual({
      titile: '检测设备年检',
      msgCategory: '2',
      priority: 'L',
      msgType: 'ALL',
      userIds: '',
      startTime: '2026-05-02 08:00:00',
      endTime: '2026-05-03 08:00:00',
      msgContent: '<p>请各部门安排</p>',
    });
  });

  it('编辑 starts from the record and PUTs it with its id', async () => {
    grant(...ALL);
    const api = await openPage();
    fireEvent.click(within(rowOf('草稿通告')).getByText('编辑'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('内容编辑器').value).toBe('<p>草稿正文</p>');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入标题'), { target: { value: '草稿通告（修订）' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('编辑成功！')).toBeTruthy();
    expect(api.last('/sys/annountCement/edit')!.body).toMatchObject({
      id: 'a1',
      titile: '草稿通告（修订）',
      msgCategory: '1',
      msgType: 'ALL',
      msgContent: '<p>草稿正文</p>',
    });
  });
});
