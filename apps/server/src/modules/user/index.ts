/** The user module's public entry: what other modules may use of it. */
export { optionalIdParam, userHasRole, userList, userRecordSchema, userScope } from './user.entities';
export { departsOf, withDepartNames } from './user.repo';
export { takenMessage, uniqueViolationMessage } from './user.repo';
