/**
 * The rules a 高级查询 condition may use (`superQueryParams` of every list): the server's list engine
 * accepts exactly these and the web's query builder offers them.
 */
export const SUPER_QUERY_RULES = [
  'eq',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'like',
  'in',
  'left_like',
  'right_like',
  'empty',
  'not_empty',
] as const;
export type SuperQueryRule = (typeof SUPER_QUERY_RULES)[number];
