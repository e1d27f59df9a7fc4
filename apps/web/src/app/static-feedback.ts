import type { FeedbackUi } from '../shared/http/error-presenter';
import { feedback } from '../shared/ui/app-feedback';

/** The http error catalogue's notifications and the 登录已过期 modal, through antd's App instances. */
export const staticFeedback: FeedbackUi = {
  notify: ({ message, description, duration }) =>
    feedback.notification.error({ title: message, description, duration }),
  showExpired: ({ title, content, okText, onOk }) => {
    void feedback.modal.error({ title, content, okText, mask: false, keyboard: false, onOk });
  },
};
