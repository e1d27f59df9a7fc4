import { FILE_MSG } from '../files/messages';

/** User-facing texts of export, import and templates. */
export const EXCEL_MSG = {
  importOk: (rows: number) => `文件导入成功！数据行数：${rows}`,
  rowErrors: (rows: number) => `导入失败：共 ${rows} 行有误`,
  legacyXls: '请另存为 .xlsx 后再导入',
  badType: '仅支持导入 .xlsx 或 .csv 文件',
  badXlsx: '文件不是有效的 .xlsx 文件，请使用导入模板或另存为 .xlsx 后再导入',
  zipBomb: '文件解压后过大或包含的条目过多，已拒绝导入',
  xmlDtd: '文件包含不允许的 XML 声明（DTD/实体），已拒绝导入',
  tooLarge: FILE_MSG.tooLarge,
  tooManyRows: (max: number) => `导入数据行数超出限制：最多 ${max} 行，请分批导入`,
  noData: '文件中没有可导入的数据行',
  noHeader: '未找到表头行：第一行应为列名，请使用导入模板',
  missingColumns: (titles: string[]) => `导入文件缺少必填列：${titles.join('、')}`,
  csvEncoding: 'CSV 文件的编码无法识别，请另存为 UTF-8 编码的 CSV',
  csvMalformed: 'CSV 文件格式不正确：有未闭合的引号，请检查后再导入',
  duplicateRecord: '导入失败：数据与系统中已有的记录重复',
  required: '不能为空',
  notNumber: '应为数字',
  notInteger: '应为整数',
  notDate: '应为日期（YYYY-MM-DD）',
  notDatetime: '应为时间（YYYY-MM-DD HH:mm:ss）',
  notBoolean: '应为 是 或 否',
  badFormat: '格式不正确',
  badDictText: (text: string, options: string[]) =>
    `「${text.length > 30 ? `${text.slice(0, 30)}…` : text}」不是有效的选项${options.length ? `，可选：${options.slice(0, 20).join('、')}` : ''}`,
  templateHelpSheet: '填写说明',
  templateHelpHeader: ['列名', '是否必填', '格式', '可选值'],
  yes: '是',
  no: '否',
} as const;
