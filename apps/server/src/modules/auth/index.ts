/** The auth module's public entry: what other modules may use of it. */
export { allMenusAndButtons, type PermissionRow } from './auth.repo';
export { findUserById, toUserInfo } from './auth.repo';
