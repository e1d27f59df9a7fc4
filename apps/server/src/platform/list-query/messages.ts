/** The list engine's 400 messages; each names the offending field, rule or parameter. */

/** Names taken from input are shown, but never at unbounded length. */
export const shown = (name: string): string => {
  const clean = Array.from(name, (c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' ? '?' : c)).join('');
  return clean.length > 64 ? `${clean.slice(0, 64)}…` : clean;
};

export const LIST_MSG = {
  unknownField: (name: string) => `未知的查询字段: ${shown(name)}`,
  notSearchable: (name: string) => `字段不支持查询: ${shown(name)}`,
  repeatedParam: (name: string) => `查询参数重复: ${shown(name)}`,
  badValue: (name: string, expected: string) => `查询字段 ${shown(name)} 的值不正确，应为${expected}`,
  valueTooLong: (name: string, max: number) => `查询字段 ${shown(name)} 的值过长（最多 ${max} 个字符）`,
  illegalChar: (name: string) => `查询字段 ${shown(name)} 的值包含非法字符`,
  tooManyValues: (name: string, max: number) => `查询字段 ${shown(name)} 的取值过多（最多 ${max} 个）`,
  badPageNo: '页码 pageNo 必须是不小于 1 的整数',
  badPageSize: (max: number) => `每页条数 pageSize 必须是 1 到 ${max} 之间的整数`,
  badSortColumn: (name: string) => `不支持按该字段排序: ${shown(name)}`,
  badSortOrder: (value: string) => `排序方式 order 只能是 asc 或 desc: ${shown(value)}`,
  badSuperQuery: '高级查询参数 superQueryParams 不是有效的 JSON 数组',
  badSuperQueryItem: (index: number) => `高级查询第 ${index + 1} 个条件格式不正确（需要 field、rule、val）`,
  tooManySuperQuery: (max: number) => `高级查询条件过多（最多 ${max} 个）`,
  unknownSuperField: (name: string) => `高级查询字段不存在: ${shown(name)}`,
  unknownSuperRule: (rule: string) => `不支持的高级查询规则: ${shown(rule)}`,
  badMatchType: (value: string) => `高级查询匹配方式 superQueryMatchType 只能是 and 或 or: ${shown(value)}`,
  badParamsStr: '导出参数 paramsStr 不是有效的 JSON 对象',
  idRequired: (name: string) => `请提供要删除记录的 ${name}`,
  badId: (name: string) => `参数 ${name} 中的 id 不正确`,
  badSingleId: '参数 id 不正确',
  tooManyIds: (name: string, max: number) => `参数 ${name} 中的 id 过多（最多 ${max} 个）`,
} as const;

/** The expected shape per field type, as shown in badValue. */
export const TYPE_TEXT = {
  string: '文本',
  number: '数字',
  integer: '整数',
  date: '日期（YYYY-MM-DD）',
  datetime: '时间（YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）',
  boolean: '布尔值（true/false/1/0）',
} as const;
