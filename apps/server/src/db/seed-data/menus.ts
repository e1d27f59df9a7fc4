import { PERM } from '@lims/contracts';

/** A button row (menu_type 2): one action code. permsType '1' 显示 (hidden unless granted), '2' 禁用. */
export type ButtonSeed = { perms: string; name: string; permsType?: '1' | '2' };

/** A menu row: top level (menu_type 0) or sub-menu (menu_type 1), with its page's buttons. */
export type MenuSeed = {
  name: string;
  url: string;
  component: string;
  componentName?: string;
  icon?: string;
  /** The page's list code: holding the menu lets the user read the page. */
  perms?: string;
  /** Top-level sort; children are numbered 1, 2, 3 ... in the order given. */
  sortNo?: number;
  children?: MenuSeed[];
  buttons?: ButtonSeed[];
};

const ROUTE_VIEW = 'layouts/RouteView';

/** add, edit and delete buttons of a page; `addName` is the add button's label. */
function editButtons(codes: { add: string; edit: string; delete: string }, addName: string): ButtonSeed[] {
  return [
    { perms: codes.add, name: addName },
    { perms: codes.edit, name: '编辑' },
    { perms: codes.delete, name: '删除' },
  ];
}

/** add, edit, delete, export, import buttons of a page with 导出 and 导入; `addName` is the add button's label. */
function crudButtons(
  codes: { add: string; edit: string; delete: string; export: string; import: string },
  addName: string,
): ButtonSeed[] {
  return [...editButtons(codes, addName), { perms: codes.export, name: '导出' }, { perms: codes.import, name: '导入' }];
}

/**
 * Buttons earlier seeds gave pages that do not have them (部门管理 has no 导出 / 导入): removed from a
 * database seeded before version 3, with their grants, so the role grant tree lists only real actions.
 */
export const RETIRED_BUTTONS: readonly string[] = ['depart:export', 'depart:import'];

/** The whole menu tree of the pages we ship. Every PERM code appears exactly once. */
export const MENU_TREE: MenuSeed[] = [
  { name: '首页', url: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home', sortNo: 0 },
  {
    name: '基础数据',
    url: '/basedata',
    component: ROUTE_VIEW,
    icon: 'database',
    sortNo: 2,
    children: [
      {
        name: '供应商管理',
        url: '/gysgl/supplier',
        component: 'gysgl/SupplierList',
        perms: PERM.supplier.list,
        buttons: crudButtons(PERM.supplier, '添加供应商'),
      },
      {
        name: '客户单位',
        url: '/khgl/unit',
        component: 'khgl/UnitList',
        perms: PERM.unit.list,
        buttons: crudButtons(PERM.unit, '添加单位'),
      },
    ],
  },
  {
    name: '项目管理',
    url: '/project',
    component: ROUTE_VIEW,
    icon: 'project',
    sortNo: 3,
    children: [
      {
        name: '检测项目',
        url: '/project/jcXmProject',
        component: 'project/JcXmProjectList',
        perms: PERM.project.list,
        buttons: [
          ...crudButtons(PERM.project, '添加项目'),
          { perms: PERM.project.attachmentUpload, name: '上传附件' },
          { perms: PERM.project.attachmentDelete, name: '删除附件' },
        ],
      },
    ],
  },
  {
    name: '实验室',
    url: '/lims',
    component: ROUTE_VIEW,
    icon: 'experiment',
    sortNo: 3.5,
    children: [
      {
        name: '样品管理',
        url: '/lims/sample',
        component: 'lims/SampleList',
        perms: PERM.sample.list,
        buttons: [
          { perms: PERM.sample.add, name: '登记' },
          { perms: PERM.sample.edit, name: '编辑' },
          { perms: PERM.sample.delete, name: '删除' },
          { perms: PERM.sample.receive, name: '接收' },
          { perms: PERM.sample.return, name: '退回' },
          { perms: PERM.sample.label, name: '打印标签' },
          { perms: PERM.sample.export, name: '导出' },
        ],
      },
      {
        name: '检测任务',
        url: '/lims/analysis',
        component: 'lims/AnalysisList',
        perms: PERM.analysis.list,
        buttons: [
          { perms: PERM.analysis.assign, name: '分配' },
          { perms: PERM.analysis.export, name: '导出' },
        ],
      },
      {
        name: '结果录入',
        url: '/lims/result',
        component: 'lims/ResultEntry',
        perms: PERM.result.list,
        buttons: [{ perms: PERM.result.enter, name: '录入' }],
      },
      {
        name: '结果复核',
        url: '/lims/verify',
        component: 'lims/VerifyList',
        perms: PERM.verify.list,
        buttons: [{ perms: PERM.verify.verify, name: '复核' }],
      },
      {
        name: '检测报告',
        url: '/lims/report',
        component: 'lims/ReportList',
        perms: PERM.report.list,
        buttons: [
          { perms: PERM.report.generate, name: '生成报告' },
          { perms: PERM.report.approve, name: '审批' },
          { perms: PERM.report.publish, name: '发布' },
          { perms: PERM.report.amend, name: '修订' },
          { perms: PERM.report.delete, name: '删除' },
          { perms: PERM.limsAudit.export, name: '导出历史记录' },
        ],
      },
      {
        name: '实验室设置',
        url: '/lims/settings',
        component: 'lims/LimsSettings',
        perms: PERM.limsSettings.list,
        buttons: [{ perms: PERM.limsSettings.edit, name: '保存设置' }],
      },
    ],
  },
  {
    name: '系统管理',
    url: '/isystem',
    component: ROUTE_VIEW,
    icon: 'setting',
    sortNo: 4,
    children: [
      {
        name: '用户管理',
        url: '/isystem/user',
        component: 'system/UserList',
        perms: PERM.user.list,
        buttons: [
          { perms: PERM.user.add, name: '添加用户' },
          { perms: PERM.user.edit, name: '编辑' },
          { perms: PERM.user.delete, name: '删除' },
          { perms: PERM.user.freeze, name: '冻结/解冻' },
          { perms: PERM.user.resetPassword, name: '重置密码' },
          { perms: PERM.user.export, name: '导出' },
          { perms: PERM.user.import, name: '导入' },
          { perms: PERM.user.role, name: '分配角色' },
          { perms: PERM.user.phoneField, name: '手机号禁用', permsType: '2' },
        ],
      },
      {
        name: '角色管理',
        url: '/isystem/role',
        component: 'system/RoleList',
        perms: PERM.role.list,
        buttons: [...crudButtons(PERM.role, '添加角色'), { perms: PERM.role.authorize, name: '授权' }],
      },
      {
        name: '菜单管理',
        url: '/isystem/permission',
        component: 'system/PermissionList',
        perms: PERM.menu.list,
        buttons: [
          { perms: PERM.menu.add, name: '添加菜单' },
          { perms: PERM.menu.edit, name: '编辑' },
          { perms: PERM.menu.delete, name: '删除' },
          { perms: PERM.menu.rule, name: '数据规则' },
        ],
      },
      {
        name: '部门管理',
        url: '/isystem/depart',
        component: 'system/DepartList',
        perms: PERM.depart.list,
        buttons: editButtons(PERM.depart, '添加部门'),
      },
      {
        name: '数据字典',
        url: '/isystem/dict',
        component: 'system/DictList',
        perms: PERM.dict.list,
        buttons: [...crudButtons(PERM.dict, '添加字典'), { perms: PERM.dict.refresh, name: '刷新缓存' }],
      },
      {
        name: '系统通告',
        url: '/isystem/annountCement',
        component: 'system/SysAnnouncementList',
        perms: PERM.announcement.list,
        buttons: [
          ...crudButtons(PERM.announcement, '添加通告'),
          { perms: PERM.announcement.release, name: '发布' },
          { perms: PERM.announcement.revoke, name: '撤销' },
        ],
      },
    ],
  },
  {
    name: '系统监控',
    url: '/monitor',
    component: ROUTE_VIEW,
    icon: 'dashboard',
    sortNo: 6,
    children: [{ name: '日志管理', url: '/isystem/log', component: 'system/LogList', perms: PERM.log.list }],
  },
  {
    name: '消息中心',
    url: '/message',
    component: ROUTE_VIEW,
    icon: 'message',
    sortNo: 7,
    children: [
      {
        name: '我的消息',
        url: '/modules/message/UserAnnouncementList',
        component: 'system/UserAnnouncementList',
        componentName: 'isps-userAnnouncement',
      },
    ],
  },
];
