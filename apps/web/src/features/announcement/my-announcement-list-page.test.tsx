import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { grant, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import MyAnnouncementListPage from './my-announcement-list-page';

const row = (id: string, titile: string, readFlag: number, extra: object = {}) => ({
  id,
  anntId: id,
  titile,
  msgContent: `<p>${titile}的正文</p>`,
  sender: '管理员',
  priority: 'M',
  msgCategory: '1',
  msgCategory_dictText: '通知公告',
  sendTime: '2026-03-02 09:00:00',
  readFlag,
  readFlag_dictText: readFlag ? '已读' : '未读',
  ...extra,
});

function serverWith(read: Set<string>) {
  return (c: ApiCall) => {
    switch (c.path) {
      case '/sys/sysAnnouncementSend/getMyAnnouncementSend': {
        const rows = [
          row('m1', '季度内审安排', 0),
          row('m2', '系统升级通知', 1, { msgCategory: '2', msgCategory_dictText: '系统消息', priority: 'H' }),
        ];
        return ok({
          records: rows.map((r) => (read.has(r.id) ? { ...r, readFlag: 1, readFlag_dictText: '已读' } : r)),
          total: 2,
        });
      }
      case '/system/sysAnnouncementSend/editByAnntIdAndUserId':
        read.add((c.body as { anntId: string }).anntId);
        return ok(null);
      case '/sys/sysAnnouncementSend/readAll':
        read.add('m1');
        return ok(1, '全部已读');
      default:
        return undefined;
    }
  };
}

async function openPage() {
  grant();
  const api = mockApi(serverWith(new Set()));
  renderPage(<MyAnnouncementListPage />, '/modules/message/UserAnnouncementList');
  await screen.findByText('季度内审安排');
  return api;
}
const rowOf = (title: string) =>
  screen
    .getAllByText(title)
    .map((e) => e.closest('tr'))
    .find(Boolean)!;

describe('我的消息 page', { timeout: 40_000 }, () => {
  it('lists the messages with type, sender, time, priority and read state; searches 标题 and 发布人', async () => {
    const api = await openPage();
    for (const h of ['标题', '消息类型', '发布人', '发布时间', '优先级', '阅读状态', '操作']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(h) })).toBeTruthy();
    }
    expect(within(rowOf('季度内审安排')).getByText('未读')).toBeTruthy();
    expect(within(rowOf('季度内审安排')).getByText('重要消息')).toBeTruthy();
    expect(within(rowOf('系统升级通知')).getByText('已读')).toBeTruthy();
    expect(within(rowOf('系统升级通知')).getByText('系统消息')).toBeTruthy();
    expect(Object.fromEntries(api.last('/sys/sysAnnouncementSend/getMyAnnouncementSend')!.params)).toMatchObject({
      column: 'sendTime',
      order: 'desc',
    });
    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: ' 内审 ' } });
    fireEvent.change(screen.getByPlaceholderText('请输入发布人'), { target: { value: '管理员' } });
    fireEvent.click(screen.getByRole('button', { name: /(^|\s)查\s*询$/ }));
    await waitFor(() =>
      expect(api.last('/sys/sysAnnouncementSend/getMyAnnouncementSend')!.params.get('titile')).toBe('*内审*'),
    );
    expect(api.last('/sys/sysAnnouncementSend/getMyAnnouncementSend')!.params.get('sender')).toBe('*管理员*');
  });

  it('查看 marks an unread message read, shows it and reloads the list', async () => {
    const api = await openPage();
    fireEvent.click(within(rowOf('季度内审安排')).getByText('查看'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('季度内审安排的正文')).toBeTruthy();
    expect(within(dialog).getByText('发布人：管理员')).toBeTruthy();
    await waitFor(() =>
      expect(api.last('/system/sysAnnouncementSend/editByAnntIdAndUserId')!.body).toEqual({ anntId: 'm1' }),
    );
    await waitFor(() => expect(within(rowOf('季度内审安排')).getByText('已读')).toBeTruthy());
  });

  it('查看 of a read message does not mark it again', async () => {
    const api = await openPage();
    fireEvent.click(within(rowOf('系统升级通知')).getByText('查看'));
    expect(await screen.findByText('系统升级通知的正文')).toBeTruthy();
    expect(api.last('/system/sysAnnouncementSend/editByAnntIdAndUserId')).toBeUndefined();
  });

  it('全部标注已读 asks 确认操作 / 是否全部标注已读? then calls readAll and shows 全部已读', async () => {
    const api = await openPage();
    fireEvent.click(screen.getByRole('button', { name: /全部标注已读/ }));
    expect(await screen.findByText('是否全部标注已读?')).toBeTruthy();
    expect(screen.getAllByText('确认操作')).not.toHaveLength(0);
    expect(api.last('/sys/sysAnnouncementSend/readAll')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('全部已读')).toBeTruthy();
    expect(api.last('/sys/sysAnnouncementSend/readAll')!.method).toBe('PUT');
    await waitFor(() => expect(within(rowOf('季度内审安排')).getByText('已读')).toBeTruthy());
  });
});
