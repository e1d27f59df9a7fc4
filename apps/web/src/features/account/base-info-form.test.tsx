import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { USER_MSG, type UserInfo } from '@lims/contracts';
import { fail, mockApi, ok, renderPage } from '../../shared/list-page/test-utils';
import { useSession } from '../../shared/session/session-store';
import { BaseInfoForm } from './base-info-form';

const ME: UserInfo = {
  id: 'u3',
  username: 'zhangsan',
  realname: '张三',
  avatar: null,
  orgCode: 'A01A06',
  sex: 1,
  email: 'zhangsan@lims.local',
  phone: '13800000003',
  status: 1,
  mustChangePassword: false,
};

afterEach(() => {
  useSession.getState().clear();
  localStorage.clear();
});

describe('个人设置 › 基本信息', { timeout: 20_000 }, () => {
  it('sends only name, avatar, mobile and email; a saved name reaches the signed-in user at once', async () => {
    useSession.getState().setLogin('token', ME);
    const api = mockApi((c) => {
      if (c.path === '/sys/account/profile' && c.method === 'GET') return ok(ME);
      if (c.path === '/sys/account/profile' && c.method === 'PUT')
        return ok({ userInfo: { ...ME, ...(c.body as object) } }, '保存成功！');
    });
    renderPage(<BaseInfoForm />);
    const name = await screen.findByLabelText('姓名');
    expect(screen.getByDisplayValue<HTMLInputElement>('zhangsan').disabled).toBe(true);
    fireEvent.change(name, { target: { value: '张三丰' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('保存成功！');
    expect(api.last('/sys/account/profile')?.body).toEqual({
      realname: '张三丰',
      avatar: '',
      phone: '13800000003',
      email: 'zhangsan@lims.local',
    });
    expect(useSession.getState().userInfo?.realname).toBe('张三丰');
  });

  it('a taken mobile is shown at the mobile field; the signed-in user keeps the old name', async () => {
    useSession.getState().setLogin('token', ME);
    mockApi((c) => {
      if (c.path === '/sys/account/profile' && c.method === 'GET') return ok(ME);
      if (c.path === '/sys/account/profile' && c.method === 'PUT') return fail(409, USER_MSG.phoneTaken);
    });
    renderPage(<BaseInfoForm />);
    fireEvent.change(await screen.findByLabelText('姓名'), { target: { value: '张三丰' } });
    fireEvent.change(screen.getByLabelText('手机号码'), { target: { value: '13800000004' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    const error = await screen.findByText(USER_MSG.phoneTaken);
    expect(error.closest('.ant-form-item')?.textContent).toContain('手机号码');
    expect(useSession.getState().userInfo?.realname).toBe('张三');
  });

  it('a malformed mobile is refused on the page with the shared message and nothing is sent', async () => {
    const api = mockApi((c) => (c.method === 'GET' ? ok(ME) : undefined));
    renderPage(<BaseInfoForm />);
    fireEvent.change(await screen.findByLabelText('手机号码'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await screen.findByText(USER_MSG.phoneFormat);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0));
  });
});
