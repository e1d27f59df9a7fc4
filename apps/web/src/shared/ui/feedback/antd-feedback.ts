// antd's notice, notification and dialog code: loaded by ./feedback.ts the first time one is shown.
export { default as message } from 'antd/es/message';
export { default as notification } from 'antd/es/notification';
export { default as Modal } from 'antd/es/modal';
