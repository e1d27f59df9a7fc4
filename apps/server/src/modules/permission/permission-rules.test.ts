import { describe, expect, it } from 'vitest';
import { permissionFormSchema, type PermissionForm } from '@lims/contracts';
import type { PermissionRow } from '../auth';
import { withDescendants } from '../../platform/tree';
import { buildPermissionListTree, buildPermissionTree } from './permission-tree';
import { normaliseComponent, normalisePermission, normaliseUrl } from './permission.service';

const row = (id: string, parentId: string | null, sortNo: number, menuType = 1): PermissionRow => ({
  id,
  parentId,
  name: `n-${id}`,
  url: `/${id}`,
  component: null,
  componentName: null,
  redirect: null,
  menuType,
  perms: null,
  permsType: '1',
  sortNo,
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
  createTime: '2026-11-21 10:00:00.123+08',
  createBy: 'admin',
  updateTime: null,
  updateBy: null,
  version: 0,
});

describe('menu saving normalisation', () => {
  it('strips leading slashes, views folders and file suffixes from components', () => {
    expect(normaliseComponent('/src/views/system/UserList.vue')).toBe('system/UserList');
    expect(normaliseComponent('views/system/UserList')).toBe('system/UserList');
    expect(normaliseComponent('//system/RoleList.tsx')).toBe('system/RoleList');
    expect(normaliseComponent('layouts/RouteView')).toBe('layouts/RouteView');
    expect(normaliseComponent('  ')).toBeNull();
  });

  it('gives internal urls a leading slash and leaves external ones alone', () => {
    expect(normaliseUrl('isystem/user')).toBe('/isystem/user');
    expect(normaliseUrl('/isystem/user')).toBe('/isystem/user');
    expect(normaliseUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(normaliseUrl("{{ window._CONFIG['domianURL'] }}/doc.html")).toBe(
      "{{ window._CONFIG['domianURL'] }}/doc.html",
    );
  });

  it('clears the parent of a top menu and gives it the route view', () => {
    const form: PermissionForm = permissionFormSchema.parse({
      menuType: 0,
      name: '报表',
      url: 'report',
      parentId: 'x',
    });
    expect(normalisePermission(form)).toMatchObject({
      parentId: null,
      url: '/report',
      component: 'layouts/RouteView',
      sortNo: 1,
      isRoute: true,
    });
  });

  it('checks perms codes and the fields each type needs', () => {
    expect(permissionFormSchema.parse({ menuType: 2, name: 'b', parentId: 'p', perms: ' a:b , a:b,c-d ' }).perms).toBe(
      'a:b,c-d',
    );
    const bad = (body: object) => permissionFormSchema.safeParse(body).error?.issues[0]?.message;
    expect(bad({ menuType: 2, name: 'b', parentId: 'p', perms: "a:b'or 1=1" })).toBe(
      '授权标识只能包含字母、数字和 : _ -，多个用逗号分隔',
    );
    expect(bad({ menuType: 1, name: 'm', url: '/m', component: 'c' })).toBe('请选择上级菜单！');
    expect(bad({ menuType: 1, name: 'm', parentId: 'p', component: 'c' })).toBe('请输入菜单路径！');
    expect(bad({ menuType: 1, name: 'm', parentId: 'p', url: '/m' })).toBe('请输入前端组件！');
    expect(bad({ menuType: 0, name: ' ', url: '/m' })).toBe('请输入菜单标题！');
    expect(bad({ menuType: 0, name: 'm', url: '/m', sortNo: -1 })).toBe('请输入正整数！');
    expect(bad({ menuType: 0, name: 'm', url: '/m', sortNo: 2.5 })).toBe('请输入正整数！');
    expect(bad({ menuType: 0, name: 'm', url: '/m', permsType: '3' })).toBe('请输入授权策略！');
    expect(bad({ menuType: 5, name: 'm', url: '/m' })).toBe('请选择菜单类型！');
  });
});

describe('permission trees', () => {
  const rows = [row('b', 'a', 2), row('a', null, 1, 0), row('c', 'a', 1), row('d', 'c', 1, 2), row('o', 'missing', 0)];

  it('nests by parent, sorts by sortNo, computes isLeaf and shows orphans at the top', () => {
    const tree = buildPermissionListTree(rows);
    expect(tree.map((n) => n.key)).toEqual(['o', 'a']);
    const a = tree[1];
    expect(a).toMatchObject({ key: 'a', title: 'n-a', isLeaf: false, createTime: '2026-11-21 10:00:00' });
    expect(a.children!.map((n) => n.key)).toEqual(['c', 'b']);
    expect(a.children![0].children![0]).toMatchObject({ key: 'd', isLeaf: true });
    expect(a.children![1].children).toBeUndefined();
  });

  it('builds the authorisation tree with every id', () => {
    const { treeList, ids } = buildPermissionTree(rows);
    expect(ids).toHaveLength(5);
    expect(treeList[1]).toMatchObject({
      key: 'a',
      title: 'n-a',
      isLeaf: false,
      icon: null,
      parentId: null,
      ruleFlag: false,
      menuType: 0,
    });
    expect(Object.keys(treeList[0]).sort()).toEqual([
      'icon',
      'isLeaf',
      'key',
      'menuType',
      'parentId',
      'ruleFlag',
      'title',
    ]);
  });

  it('shows rows caught in a parent cycle and finds descendants', () => {
    const cyclic = [row('x', 'y', 1), row('y', 'x', 1)];
    expect(buildPermissionTree(cyclic).treeList.map((n) => [n.key, n.children?.map((c) => c.key)])).toEqual([
      ['x', ['y']],
    ]);
    expect([...withDescendants(rows, ['a'])].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect([...withDescendants(cyclic, ['x'])].sort()).toEqual(['x', 'y']);
  });
});
