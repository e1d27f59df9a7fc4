/** The project module's public entry: what other modules may use of it. */
export { projectScope } from './project.entities';
