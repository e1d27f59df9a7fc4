import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { UserInfo } from '@lims/contracts';
import { useSession } from '../../shared/session/session-store';
import { renderUi } from '../../shared/ui/test-support/render-ui';
import { UserMenu } from './user-menu';

const inRouter = () => (
  <MemoryRouter initialEntries={['/home']}>
    <Routes>
      <Route path="/home" element={<UserMenu showName />} />
      <Route path="/account/settings/base" element={<p>个人设置页</p>} />
    </Routes>
  </MemoryRouter>
);

async function chooseMenuItem(label: string) {
  fireEvent.mouseEnter(screen.getByTestId('user-menu'));
  fireEvent.click(await screen.findByText(label));
}

afterEach(() => {
  useSession.getState().clear();
  localStorage.clear();
});

describe('avatar menu', { timeout: 20_000 }, () => {
  it('修改密码 without a signed-in user warns 当前系统无登录用户! and opens nothing', async () => {
    useSession.getState().clear();
    renderUi(inRouter());
    await chooseMenuItem('修改密码');
    expect(await screen.findByText('当前系统无登录用户!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows 欢迎您，<real name> and opens the 修改密码 dialog for a signed-in user', async () => {
    const user = { id: 'u1', username: 'lisi', realname: '李四', orgCode: 'A01A07' } as UserInfo;
    useSession.getState().setLogin('token', user);
    renderUi(inRouter());
    expect(screen.getByText('欢迎您，李四')).toBeTruthy();
    await chooseMenuItem('修改密码');
    expect(await screen.findByPlaceholderText('请输入旧密码', undefined, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByPlaceholderText('请输入用户名')).toBeNull();
  });

  it('个人设置 opens /account/settings/base', async () => {
    const user = { id: 'u1', username: 'lisi', realname: '李四', orgCode: 'A01A07' } as UserInfo;
    useSession.getState().setLogin('token', user);
    renderUi(inRouter());
    await chooseMenuItem('个人设置');
    expect(await screen.findByText('个人设置页')).toBeTruthy();
  });
});
