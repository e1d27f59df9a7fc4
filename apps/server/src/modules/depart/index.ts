/** The department module's public entry: what other modules may use of it. */
export { DEPART_BASES } from './depart.routes';
