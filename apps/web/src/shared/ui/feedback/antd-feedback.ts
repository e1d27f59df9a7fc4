// antd's notice, notification and dialog code: loaded by ./feedback.ts the first time one is shown.
import notification from 'antd/es/notification';

// Notifications open below the 64 px header, never over its controls (the avatar menu, 退出登录).
notification.config({ top: 72 });

export { default as message } from 'antd/es/message';
export { notification };
export { default as Modal } from 'antd/es/modal';
