import { useEffect } from 'react';
import { useSession } from '../../shared/session/session-store';
import { greeting } from '../../shared/ui/greeting';
import { useFeedback } from '../../shared/ui/feedback/feedback';

/** After a fresh login: 欢迎 / 早上好，欢迎回来 (once). */
export function useWelcomeNotice() {
  const welcome = useSession((s) => s.welcome);
  const { notification } = useFeedback();
  useEffect(() => {
    if (!welcome) return;
    useSession.setState({ welcome: false });
    notification.success({ title: '欢迎', description: `${greeting()}，欢迎回来` });
  }, [welcome, notification]);
}
