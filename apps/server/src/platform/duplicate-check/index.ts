/** Duplicate checks on an allow-list of (table, field) pairs; names never reach SQL. */
export { ALLOWED_CHILD_PAIRS, ALLOWED_PAIRS, checkTargetOf, childCheckTargetOf } from './allow-list';
export type { CheckTarget, ChildCheckTarget } from './allow-list';
export { DUPLICATE_MSG, isChildDuplicate, isDuplicate } from './duplicate-check';
export type { DuplicateQuery } from './duplicate-check';
