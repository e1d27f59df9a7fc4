import type { FeedbackUi } from '../shared/http/error-presenter';
import { feedback } from '../shared/ui/feedback/feedback';

/** The http error catalogue's notifications and the 登录已过期 modal. */
export const staticFeedback: FeedbackUi = {
  notify: ({ message, description, duration }) =>
    feedback.notification.error({ title: message, description, duration }),
  showExpired: ({ title, content, okText, onOk }) => {
    feedback.modal.error({ title, content, okText, mask: false, keyboard: false, onOk });
  },
};
