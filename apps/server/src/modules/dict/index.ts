/** The dictionary module's public entry: what other modules may use of it. */
export { dictList, dictScope } from './dict.entities';
