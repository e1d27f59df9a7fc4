/** Texts of the list-page kit (SPEC sections 5, 8 and 9; REFERENCE section 7), verbatim. */
export const LIST_MSG = {
  missingListUrl: '请设置url.list属性!',
  missingDeleteUrl: '请设置url.delete属性!',
  missingDeleteBatchUrl: '请设置url.deleteBatch属性!',
  selectOne: '请选择一条记录！',
  deleteConfirm: '确定删除吗?',
  batchDeleteTitle: '确认删除',
  batchDeleteContent: '是否删除选中数据?',
  queryFailed: '表格查询出错，请联系系统管理员',
  downloadFailed: '文件下载失败',
  uploadFailed: '文件上传失败',
  uploadOk: (fileName: string) => `${fileName} 文件上传成功`,
  discardEdit: '确定放弃编辑？',
  defaultExportName: '导出文件',
  totalText: (from: number, to: number, total: number) => `第 ${from}-${to} 条 / 共 ${total} 条`,
} as const;

/** Modal titles per mode (SPEC section 2, "List pages"). */
export const MODE_TITLE = { add: '新增', clone: '新增', edit: '编辑', detail: '详情' } as const;
