// antd's notice, notification and dialog code: loaded by ./feedback.ts the first time one is shown.
import { message, Modal, notification } from 'antd';

// Notifications open below the 64 px header, never over its controls (the avatar menu, 退出登录).
notification.config({ top: 72 });

export { message, Modal, notification };
