import type { PermissionListNode } from '@lims/contracts';

/** A small menu tree for the page's tests: 基础数据 › 供应商管理 › 2 buttons, and 首页. */
export function menuNode(
  id: string,
  name: string,
  menuType: number,
  extra: Partial<PermissionListNode> = {},
): PermissionListNode {
  return {
    id,
    key: id,
    title: name,
    name,
    menuType,
    parentId: null,
    url: null,
    component: null,
    componentName: null,
    redirect: null,
    perms: null,
    permsType: '1',
    sortNo: 1,
    alwaysShow: false,
    icon: null,
    isRoute: true,
    isLeaf: true,
    keepAlive: false,
    hidden: false,
    description: null,
    status: '1',
    ruleFlag: false,
    internalOrExternal: false,
    createTime: '2026-01-01 08:00:00',
    createBy: 'admin',
    updateTime: null,
    updateBy: null,
    ...extra,
  };
}

export const MENUS: PermissionListNode[] = [
  menuNode('home', '首页', 0, { url: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home', sortNo: 0 }),
  menuNode('base', '基础数据', 0, {
    url: '/basedata',
    component: 'layouts/RouteView',
    icon: 'database',
    sortNo: 2,
    isLeaf: false,
    children: [
      menuNode('sup', '供应商管理', 1, {
        parentId: 'base',
        url: '/gysgl/supplier',
        component: 'gysgl/SupplierList',
        perms: 'supplier:list',
        isLeaf: false,
        ruleFlag: true,
        children: [
          menuNode('sup-add', '添加供应商', 2, { parentId: 'sup', perms: 'supplier:add' }),
          menuNode('sup-del', '删除', 2, { parentId: 'sup', perms: 'supplier:delete' }),
        ],
      }),
    ],
  }),
];
