import { useEffect } from 'react';
import { App, message, Modal, notification } from 'antd';

/** antd's message, notification and modal instances, as `App.useApp()` returns them. */
export type AppFeedback = ReturnType<typeof App.useApp>;

/**
 * antd's App instances for code outside components (the http error notices, the 登录已过期 dialog,
 * downloads), as antd documents it: <AppFeedbackBridge /> inside <App> stores them here. Components
 * call `App.useApp()` themselves. Until the bridge mounts (unit tests of plain functions), antd's
 * static functions stand in.
 */
export const feedback: AppFeedback = {
  message,
  notification,
  // The same calls; the static ones answer a handle where the hook's answer a promise-like one.
  modal: Modal as unknown as AppFeedback['modal'],
};

/** Stores the `App.useApp()` instances in `feedback`; render it once, inside antd's <App>. */
export function AppFeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    Object.assign(feedback, api);
  }, [api]);
  return null;
}

/** Notifications open below the 64 px header, never over its controls (the avatar menu, 退出登录). */
export const NOTIFICATION_CONFIG = { top: 72 } as const;
