/** The announcement module's public entry for other modules: workflow notices as 系统消息. */
export { sendSystemMessage } from './system-message';
export type { SystemMessage } from './system-message';
