import { ACCEPTED_UPLOAD_EXTENSIONS, UPLOAD_TOO_LARGE } from '@lims/contracts';

/** User-facing texts of uploads and downloads. */
export const FILE_MSG = {
  uploadOk: '上传成功！',
  tooLarge: UPLOAD_TOO_LARGE,
  noFile: '请选择要上传的文件',
  notMultipart: '请以 multipart/form-data 方式上传文件（字段名 file）',
  tooManyFiles: '一次只能上传一个文件',
  badMultipart: '上传的内容不完整或格式不正确，请重新上传',
  emptyFile: '文件内容为空',
  badBiz: '参数 biz 只能包含小写字母、数字、下划线和短横线（最多 50 个字符）',
  typeNotAllowed: (ext: string) =>
    `不支持上传该类型的文件${ext ? `（.${ext}）` : ''}，仅支持：${ACCEPTED_UPLOAD_EXTENSIONS.join('、')}`,
  executable: '文件内容是可执行程序或脚本，不允许上传',
  contentMismatch: (ext: string) => `文件内容与扩展名不符：该文件不是有效的 .${ext} 文件`,
  notUtf8Text: '文本文件必须是 UTF-8 编码的纯文本（不能包含二进制内容）',
  unknownFile: '未知的文件',
  tooManyUploads: (perMinute: number, seconds: number) =>
    `上传过于频繁：每人每分钟最多上传 ${perMinute} 个文件，请 ${seconds} 秒后再试`,
  dailyQuota: (mb: number) => `上传总量已达上限：每人 24 小时内最多上传 ${mb} MB，请稍后再试或联系管理员`,
  diskFull: '服务器存储空间不足，请联系管理员',
} as const;
