import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderUi } from '../test-support/render-ui';
import { mockApi, ok, type ApiCall } from '../../list-page/test-utils';
import { UserPicker, type PickedUser } from './user-picker';

const users = Array.from({ length: 23 }, (_, i) => ({
  id: `u${i + 1}`,
  username: `user${i + 1}`,
  realname: `用户${i + 1}`,
  sex_dictText: '男',
  departNames: i < 5 ? '化学检测室' : '检测中心',
  status: 1,
  status_dictText: '正常',
}));
const TREE = [
  {
    id: 'd1',
    departName: '检测中心',
    orgCode: 'A01',
    children: [{ id: 'd2', departName: '化学检测室', orgCode: 'A01A01' }],
  },
];

/** The fake server: the depart tree, a paged list (depId d2 = the first five users; `*term*` on 账号/姓名), queryByIds. */
function server(c: ApiCall) {
  if (c.path === '/sysdepart/sysDepart/queryTreeList') return ok(TREE);
  if (c.path === '/sys/user/queryByIds') {
    const ids = (c.params.get('ids') ?? '').split(',');
    return ok(ids.flatMap((id) => users.filter((u) => u.id === id)));
  }
  if (c.path === '/sys/user/queryUserOfDepart') {
    const like = (k: string) => (c.params.get(k) ?? '').replaceAll('*', '');
    const hits = users.filter(
      (u, i) =>
        (c.params.get('depId') !== 'd2' || i < 5) &&
        u.username.includes(like('username')) &&
        u.realname.includes(like('realname')),
    );
    const pageNo = Number(c.params.get('pageNo'));
    const size = Number(c.params.get('pageSize'));
    return ok({ records: hits.slice((pageNo - 1) * size, pageNo * size), total: hits.length });
  }
  return undefined;
}

function Harness({
  initial,
  multiple,
  onPick,
}: {
  initial?: string;
  multiple?: boolean;
  onPick: (v: string | undefined, u: PickedUser[]) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <UserPicker
      value={value}
      multiple={multiple}
      onChange={(v, u) => {
        setValue(v);
        onPick(v, u);
      }}
    />
  );
}

const dialog = () => screen.getByRole('dialog');
const rowOf = (text: string) => within(dialog()).getByText(text, { exact: true }).closest('tr')!;

describe('<UserPicker>', { timeout: 30_000 }, () => {
  it('shows the real names of an initial value, resolved through /sys/user/queryByIds', async () => {
    const api = mockApi(server);
    renderUi(<Harness initial="u3,u12" onPick={vi.fn()} />);
    expect(await screen.findByText('用户3')).toBeTruthy();
    expect(screen.getByText('用户12')).toBeTruthy();
    expect(api.last('/sys/user/queryByIds')!.params.get('ids')).toBe('u3,u12');
    expect(api.calls.some((c) => c.path === '/sys/user/queryUserOfDepart')).toBe(false);
  });

  it('a tag’s × removes that user without opening the modal; disabled opens nothing', async () => {
    mockApi(server);
    const onPick = vi.fn();
    const { unmount } = renderUi(<Harness initial="u3,u12" onPick={onPick} />);
    await screen.findByText('用户3');
    fireEvent.click(
      screen
        .getByText('用户3')
        .closest('.ant-select-selection-item')!
        .querySelector('.ant-select-selection-item-remove')!,
    );
    expect(onPick).toHaveBeenCalledWith('u12', [{ id: 'u12', username: 'user12', realname: '用户12' }]);
    expect(screen.queryByText('选择用户')).toBeNull();
    unmount();
    renderUi(<UserPicker value="u3" disabled />);
    await screen.findByText('用户3');
    fireEvent.click(screen.getByRole('button', { name: /选\s*择/ }));
    expect(screen.queryByText('选择用户')).toBeNull();
  });

  it('opens 选择用户, keeps the choice across pages, 确定 gives the ids and the users', async () => {
    const api = mockApi(server);
    const onPick = vi.fn();
    renderUi(<Harness initial="u1" onPick={onPick} />);
    await screen.findByText('用户1');
    fireEvent.click(screen.getByRole('button', { name: /选\s*择/ }));
    expect(await screen.findByText('选择用户')).toBeTruthy();
    await within(dialog()).findByText('user2');
    expect(within(dialog()).getByText('共23条')).toBeTruthy();
    expect(within(dialog()).getByText('检测中心', { selector: '.ant-tree-title' })).toBeTruthy();
    expect(within(dialog()).getByText(/已选择 1 人/)).toBeTruthy();
    expect(within(rowOf('user1')).getByRole<HTMLInputElement>('checkbox').checked).toBe(true);

    fireEvent.click(within(rowOf('user2')).getByRole('checkbox'));
    fireEvent.click(within(dialog()).getByTitle('3'));
    await within(dialog()).findByText('user23');
    expect(api.last('/sys/user/queryUserOfDepart')!.params.get('pageNo')).toBe('3');
    fireEvent.click(rowOf('user22'));
    expect(within(dialog()).getByText(/已选择 3 人/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(onPick).toHaveBeenCalled());
    expect(onPick).toHaveBeenLastCalledWith('u1,u2,u22', [
      { id: 'u1', username: 'user1', realname: '用户1' },
      { id: 'u2', username: 'user2', realname: '用户2' },
      { id: 'u22', username: 'user22', realname: '用户22' },
    ]);
    await waitFor(() => expect(document.querySelector('.ant-select')!.textContent).toBe('用户1用户2用户22'));
  });

  it('searches by 账号 and 姓名 (*term*) within the department clicked in the tree', async () => {
    const api = mockApi(server);
    renderUi(<Harness onPick={vi.fn()} />);
    expect(screen.getByText('请选择用户')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /选\s*择/ }));
    await screen.findByText('选择用户');
    fireEvent.click(await within(dialog()).findByText('化学检测室', { selector: '.ant-tree-title' }));
    await within(dialog()).findByText('共5条');
    expect(api.last('/sys/user/queryUserOfDepart')!.params.get('depId')).toBe('d2');
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入账号'), { target: { value: ' user3 ' } });
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入姓名'), { target: { value: '用户' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /(^|\s)查\s*询$/ }));
    await within(dialog()).findByText('共1条');
    expect(Object.fromEntries(api.last('/sys/user/queryUserOfDepart')!.params)).toMatchObject({
      depId: 'd2',
      username: '*user3*',
      realname: '*用户*',
      pageNo: '1',
      pageSize: '10',
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: /重\s*置/ }));
    await within(dialog()).findByText('共5条');
  });

  it('single mode picks one user with radios; 取消 changes nothing', async () => {
    mockApi(server);
    const onPick = vi.fn();
    renderUi(<Harness multiple={false} onPick={onPick} />);
    fireEvent.click(screen.getByRole('button', { name: /选\s*择/ }));
    await within(await screen.findByRole('dialog')).findByText('user4');
    fireEvent.click(within(rowOf('user4')).getByRole('radio'));
    fireEvent.click(within(rowOf('user5')).getByRole('radio'));
    fireEvent.click(within(dialog()).getByRole('button', { name: /取\s*消/ }));
    expect(onPick).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /选\s*择/ }));
    await within(await screen.findByRole('dialog')).findByText('user5');
    fireEvent.click(rowOf('user5'));
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(onPick).toHaveBeenCalledWith('u5', [{ id: 'u5', username: 'user5', realname: '用户5' }]),
    );
  });
});
