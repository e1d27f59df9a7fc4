import { App } from 'antd';
import { useEffect } from 'react';
import { useSession } from '../../shared/session/session-store';
import { greeting } from '../../shared/ui/greeting';

/**
 * After a fresh login: 欢迎 / 早上好，欢迎回来 (once), at the bottom right, so it never lies over the
 * header's avatar menu, its dropdown or 退出登录 (the app's notifications open at the top right).
 */
export function useWelcomeNotice() {
  const welcome = useSession((s) => s.welcome);
  const { notification } = App.useApp();
  useEffect(() => {
    if (!welcome) return;
    useSession.setState({ welcome: false });
    notification.success({ title: '欢迎', description: `${greeting()}，欢迎回来`, placement: 'bottomRight' });
  }, [welcome, notification]);
}
