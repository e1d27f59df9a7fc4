/** The department texts, apart from the schemas: the web's 部门管理 page shows them without loading zod. */
export const DEPART_MSG = {
  nameRequired: '请输入机构/部门名称！',
  orgCategoryRequired: '请输入机构类型！',
  topMustBeCompany: '一级机构的机构类型只能是公司',
  childNotCompany: '下级机构的机构类型只能是部门或岗位',
  notFound: '部门不存在',
  parentNotFound: '上级部门不存在',
  parentLocked: '不能修改上级部门（如需调整，请新建部门后迁移人员再删除原部门）',
  orgCodeLocked: '机构编码由系统生成，不能修改',
  codesExhausted: '同一上级下的机构已达上限（机构编码 A01 至 Z99 已用完）',
  tooDeep: '部门层级过深，不能再添加下级部门',
  keyWordRequired: '请输入要搜索的部门名称',
  idRequired: '请选择部门',
  mobileFormat: '请输入正确的电话号码',
  /** The page: 添加子部门 without a selected department; 基本信息 while none is selected. */
  selectParent: '请先点击选中上级部门！',
  selectToEdit: '请点击选择要修改部门！',
  /** Refusal to delete, naming what is still attached. */
  inUse: (name: string, children: number, users: number) =>
    `部门「${name}」下还有${[children ? ` ${children} 个下级部门` : '', users ? ` ${users} 名用户` : ''].filter(Boolean).join('和')}，请先删除下级部门并移出用户后再删除`,
  deleted: (n: number) => `删除成功！共删除 ${n} 个部门`,
} as const;
