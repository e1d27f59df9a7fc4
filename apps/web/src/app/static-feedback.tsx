import notification from 'antd/es/notification';
import Modal from 'antd/es/modal';
import type { FeedbackUi } from '../shared/http/error-presenter';

/** The http error catalogue's notifications and the 登录已过期 modal (antd static API). */
export const staticFeedback: FeedbackUi = {
  notify: ({ message, description, duration }) => notification.error({ title: message, description, duration }),
  showExpired: ({ title, content, okText, onOk }) => {
    Modal.error({ title, content, okText, mask: false, keyboard: false, onOk });
  },
};
