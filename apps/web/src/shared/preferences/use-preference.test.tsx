import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useSession } from '../session/session-store';
import { fail, mockApi, ok, renderPage } from '../list-page/test-utils';
import { usePreference } from './use-preference';

function Density() {
  const pref = usePreference<{ density: string }>('table:/demo', { density: 'middle' });
  return (
    <div>
      <span>密度：{pref.value.density}</span>
      <button type="button" onClick={() => void pref.save({ density: 'small' }).catch(() => undefined)}>
        紧凑
      </button>
    </div>
  );
}

const signIn = () =>
  useSession.setState({
    userInfo: { id: 'u1', username: 'zhangsan', realname: '张三' } as never,
  });

describe('usePreference', () => {
  it('shows the fallback until the server answers, then the saved value', async () => {
    signIn();
    mockApi((c) => (c.path === '/sys/user/preference' ? ok({ density: 'large' }, '查询成功') : undefined));
    renderPage(<Density />);
    expect(await screen.findByText('密度：large')).toBeTruthy();
  });

  it('saving shows the new value at once and sends it to the server', async () => {
    signIn();
    const api = mockApi((c) => (c.path === '/sys/user/preference' ? ok(null) : undefined));
    renderPage(<Density />);
    expect(await screen.findByText('密度：middle')).toBeTruthy();
    act(() => screen.getByRole('button', { name: '紧凑' }).click());
    expect(await screen.findByText('密度：small')).toBeTruthy();
    await waitFor(() => expect(api.last('/sys/user/preference')?.method).toBe('PUT'));
    expect(api.last('/sys/user/preference')?.body).toEqual({ key: 'table:/demo', value: { density: 'small' } });
  });

  it('a refused save brings the saved value back', async () => {
    signIn();
    mockApi((c) =>
      c.path !== '/sys/user/preference'
        ? undefined
        : c.method === 'GET'
          ? ok({ density: 'large' }, '查询成功')
          : fail(400, '设置内容过大，不能超过 32 KB'),
    );
    renderPage(<Density />);
    expect(await screen.findByText('密度：large')).toBeTruthy();
    act(() => screen.getByRole('button', { name: '紧凑' }).click());
    await waitFor(() => expect(screen.getByText('密度：large')).toBeTruthy());
  });
});
