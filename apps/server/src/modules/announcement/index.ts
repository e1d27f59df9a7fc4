/** The announcement module's public entry: what other modules may use of it. */
export { sendSystemMessage } from './system-message';
export type { SystemMessage } from './system-message';
