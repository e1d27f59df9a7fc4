/** The role module's public entry: what other modules may use of it. */
export { roleScope } from './role.entities';
