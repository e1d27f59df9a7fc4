/**
 * Roles and what they are granted. `menus` lists menu urls: each grants that menu and every
 * menu below it; `buttons` adds those menus' buttons too (otherwise read-only: list codes only).
 */
export type RoleSeed = {
  roleCode: string;
  roleName: string;
  description: string;
  /** `readOnly`: menus granted with their list code only, even when `buttons` is set. */
  grants: 'all' | { menus: string[]; buttons: boolean; readOnly?: string[] };
};

const HOME = '/dashboard/analysis';
const MESSAGES = '/message';

export const ROLES: RoleSeed[] = [
  { roleCode: 'admin', roleName: '管理员', description: '系统管理员，拥有全部菜单和按钮权限', grants: 'all' },
  {
    // The permission manager (权限管理员): menu and role administration, given to a user as a role in
    // 用户管理, never by account name. The grant rule keeps it from granting what it does not hold.
    roleCode: 'perm_manager',
    roleName: '权限管理员',
    description: '维护菜单和角色授权（只能授予本人拥有的权限）',
    grants: { menus: ['/isystem/role', '/isystem/permission'], buttons: true },
  },
  {
    roleCode: 'user',
    roleName: '普通用户',
    description: '可查看基础数据和检测项目（只读）',
    grants: { menus: [HOME, MESSAGES, '/basedata', '/project'], buttons: false },
  },
  {
    roleCode: 'lab',
    roleName: '实验室人员',
    description: '维护供应商、客户单位和检测项目',
    grants: { menus: [HOME, MESSAGES, '/basedata', '/project'], buttons: true },
  },
  {
    roleCode: 'lims_registrar',
    roleName: '样品管理员',
    description: '登记、接收、退回样品，打印标签；查看检测项目',
    grants: { menus: [HOME, MESSAGES, '/lims/sample'], buttons: true, readOnly: ['/project', '/lims/analysis'] },
  },
  {
    roleCode: 'lims_analyst',
    roleName: '检测员',
    description: '录入本人的检测结果；查看样品和检测任务',
    grants: { menus: [HOME, MESSAGES, '/lims/result'], buttons: true, readOnly: ['/lims/sample', '/lims/analysis'] },
  },
  {
    roleCode: 'lims_reviewer',
    roleName: '复核审批员',
    description: '复核他人录入的结果，生成、审批、发布和修订检测报告，分配检测任务',
    grants: {
      menus: [HOME, MESSAGES, '/lims/verify', '/lims/report', '/lims/analysis', '/lims/settings'],
      buttons: true,
      readOnly: ['/project', '/lims/sample'],
    },
  },
];
