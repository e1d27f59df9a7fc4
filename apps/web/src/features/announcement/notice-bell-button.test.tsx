import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { grant, holdAnswers, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import { NoticeBellButton } from './notice-bell-button';

const item = (id: string, titile: string, priority: string, msgCategory: string) => ({
  id,
  anntId: id,
  titile,
  msgContent: `<p>${titile}：详情见附件</p><script>window.__xss=1</script>`,
  sender: '管理员',
  priority,
  msgCategory,
  sendTime: '2026-03-02 09:00:00',
  createTime: '2026-03-02 08:00:00',
  readFlag: 0,
});
const ITEMS = [
  item('n1', '年度内审通知', 'H', '1'),
  item('n2', '样品交接提醒', 'L', '1'),
  item('s1', '系统维护', 'M', '2'),
];

function serverWith(read: Set<string>) {
  return (c: ApiCall) => {
    if (c.path === '/sys/annountCement/listByUser') {
      const unread = ITEMS.filter((i) => !read.has(i.id));
      const annt = unread.filter((i) => i.msgCategory === '1');
      const sys = unread.filter((i) => i.msgCategory === '2');
      return ok({ anntMsgList: annt, anntMsgTotal: annt.length, sysMsgList: sys, sysMsgTotal: sys.length });
    }
    if (c.path === '/system/sysAnnouncementSend/editByAnntIdAndUserId') {
      read.add((c.body as { anntId: string }).anntId);
      return ok(null);
    }
    return undefined;
  };
}

/** antd Badge's count (its title is the number). */
const badge = () => document.querySelector('[data-testid="notice-bell"] .ant-badge-count');

async function openPopover() {
  fireEvent.click(screen.getByTestId('notice-bell'));
  return screen.findByRole('tab', { name: '通知 (2)' });
}

describe('the header bell', { timeout: 30_000 }, () => {
  it('shows no badge before the first answer, then the unread sum', async () => {
    grant();
    const api = mockApi(serverWith(new Set()));
    let asked = 0;
    const answer = holdAnswers(api, () => {
      asked++;
      return true;
    });
    renderPage(<NoticeBellButton />, '/dashboard/analysis');
    expect(screen.getByTestId('notice-bell')).toBeTruthy();
    // The first question is out and held: the bell has had its chance to draw a badge without an answer.
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    expect(badge()).toBeNull();
    answer();
    await waitFor(() => expect(badge()?.getAttribute('title')).toBe('3'));
  });

  it('tabs 通知 (n) / 系统消息 (n) list the items with priority tags and times, and link 查看更多', async () => {
    grant();
    mockApi(serverWith(new Set()));
    renderPage(<NoticeBellButton />, '/dashboard/analysis');
    await waitFor(() => expect(badge()).toBeTruthy());
    await openPopover();
    expect(screen.getByRole('tab', { name: '系统消息 (1)' })).toBeTruthy();
    const items = screen.getAllByTestId('notice-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('紧急消息年度内审通知'),
      expect.stringContaining('一般消息样品交接提醒'),
    ]);
    expect(within(items[0]).getByText('2026-03-02 09:00:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看更多' }).getAttribute('href')).toBe(
      '/modules/message/UserAnnouncementList',
    );
    fireEvent.click(screen.getByRole('tab', { name: '系统消息 (1)' }));
    expect(await screen.findByText('系统维护')).toBeTruthy();
  });

  it('opening an item marks it read, shows the announcement and reloads the count', async () => {
    grant();
    const api = mockApi(serverWith(new Set()));
    renderPage(<NoticeBellButton />, '/dashboard/analysis');
    await waitFor(() => expect(badge()?.getAttribute('title')).toBe('3'));
    await openPopover();
    fireEvent.click(screen.getByText('年度内审通知'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('年度内审通知：详情见附件')).toBeTruthy();
    expect(within(dialog).getByText('发布人：管理员')).toBeTruthy();
    expect(within(dialog).getByText('发布时间：2026-03-02 09:00:00')).toBeTruthy();
    expect(dialog.querySelector('script')).toBeNull();
    expect(api.last('/system/sysAnnouncementSend/editByAnntIdAndUserId')).toMatchObject({
      method: 'PUT',
      body: { anntId: 'n1' },
    });
    await waitFor(() => expect(badge()?.getAttribute('title')).toBe('2'));
  });
});
