/**
 * Roles and what they are granted. `menus` lists menu urls: each grants that menu and every
 * menu below it; `buttons` adds those menus' buttons too (otherwise read-only: list codes only).
 */
export type RoleSeed = {
  roleCode: string;
  roleName: string;
  description: string;
  grants: 'all' | { menus: string[]; buttons: boolean };
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
];
