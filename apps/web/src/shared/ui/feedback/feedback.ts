import type { MessageArgsProps as MessageArgs, ModalFuncProps, NotificationArgsProps as NoticeArgs } from 'antd';

type NoticeType = 'info' | 'success' | 'error' | 'warning' | 'loading';
type JointContent = MessageArgs['content'] | MessageArgs;
import { loadChunk } from '../chunk-load';

type Antd = typeof import('./antd-feedback');

export type MessageApi = Record<NoticeType, (content: JointContent, duration?: number) => void> & {
  open(config: MessageArgs): void;
};
export type NotificationApi = Record<'success' | 'error' | 'warning' | 'info', (config: NoticeArgs) => void>;
export type ModalApi = Record<'confirm' | 'info' | 'success' | 'error' | 'warning', (config: ModalFuncProps) => void>;
export type Feedback = { message: MessageApi; notification: NotificationApi; modal: ModalApi };

let antd: Antd | undefined;
let loading: Promise<Antd> | undefined;

/** antd's static APIs, themed through ConfigProvider.config (app/providers); fetched once. */
function load(): Promise<Antd> {
  loading ??= loadChunk(() => import('./antd-feedback')).then(
    (m) => (antd = m),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** Shows at once when antd's code is here, otherwise as soon as it arrives (in call order). */
function show(run: (a: Antd) => void): void {
  if (antd) run(antd);
  else void load().then(run, () => undefined);
}

/**
 * Messages, notifications and confirmation dialogs for every page and the frame. The same calls as
 * antd's `App.useApp()`, but antd's notice, notification and modal code loads with the first one
 * shown instead of with the first page: no page needs them to appear.
 */
export const feedback: Feedback = {
  message: {
    success: (content, duration) => show((a) => void a.message.success(content, duration)),
    error: (content, duration) => show((a) => void a.message.error(content, duration)),
    warning: (content, duration) => show((a) => void a.message.warning(content, duration)),
    info: (content, duration) => show((a) => void a.message.info(content, duration)),
    loading: (content, duration) => show((a) => void a.message.loading(content, duration)),
    open: (config) => show((a) => void a.message.open(config)),
  },
  notification: {
    success: (config) => show((a) => a.notification.success(config)),
    error: (config) => show((a) => a.notification.error(config)),
    warning: (config) => show((a) => a.notification.warning(config)),
    info: (config) => show((a) => a.notification.info(config)),
  },
  modal: {
    confirm: (config) => show((a) => void a.Modal.confirm(config)),
    info: (config) => show((a) => void a.Modal.info(config)),
    success: (config) => show((a) => void a.Modal.success(config)),
    error: (config) => show((a) => void a.Modal.error(config)),
    warning: (config) => show((a) => void a.Modal.warning(config)),
  },
};

/** The feedback APIs in a component or hook (stable: the same object every render). */
export function useFeedback(): Feedback {
  return feedback;
}

/** Closes every notice, notification and dialog shown so far (tests; nothing to do before the first). */
export function closeAllFeedback(): void {
  if (!antd) return;
  antd.message.destroy();
  antd.notification.destroy();
  antd.Modal.destroyAll();
}
