import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '@lims/contracts';
import { flattenRoutes, menuToRoutes, menuTrail } from './menu-routes';

const entry = (over: Partial<MenuEntry> & { path: string }): MenuEntry => ({
  id: over.path,
  component: 'layouts/RouteView',
  name: over.path.slice(1).replaceAll('/', '-'),
  route: '1',
  meta: { title: over.path, keepAlive: false },
  ...over,
});

const scope = { window: { _CONFIG: { domianURL: 'http://lims.example/api' } } };

describe('menuToRoutes', () => {
  it('skips entries whose route flag is the string 0 (with their children)', () => {
    const routes = menuToRoutes(
      [
        entry({ path: '/a' }),
        entry({ path: '/hidden-link', route: '0', children: [entry({ path: '/hidden-link/x' })] }),
      ],
      { scope },
    );
    expect(routes.map((r) => r.path)).toEqual(['/a']);
  });

  it('makes an alwaysShow entry redirect to its own path', () => {
    const [r] = menuToRoutes([entry({ path: '/system', alwaysShow: true, redirect: '/system/user' })], { scope });
    expect(r.redirect).toBe('/system');
    const [plain] = menuToRoutes([entry({ path: '/system', redirect: '/system/user' })], { scope });
    expect(plain.redirect).toBe('/system/user');
  });

  it('evaluates url placeholders without eval and uses them only when the result is a valid url', () => {
    const routes = menuToRoutes(
      [
        entry({
          path: '/doc',
          meta: { title: 'doc', keepAlive: false, url: "{{ window._CONFIG['domianURL'] }}/doc.html" },
        }),
        entry({ path: '/bad', meta: { title: 'bad', keepAlive: false, url: '{{ alert(1) }}/x' } }),
        entry({ path: '/rel', meta: { title: 'rel', keepAlive: false, url: "{{ window._CONFIG['missing'] }}/x" } }),
        entry({ path: '/ext', meta: { title: 'ext', keepAlive: false, url: 'https://example.com/' } }),
      ],
      { scope },
    );
    expect(routes.map((r) => r.meta.url)).toEqual([
      'http://lims.example/api/doc.html',
      '{{ alert(1) }}/x',
      "{{ window._CONFIG['missing'] }}/x",
      'https://example.com/',
    ]);
  });

  it('keeps children, hidden flags and meta; drops entries the permission check refuses', () => {
    const menu = [
      entry({
        path: '/system',
        children: [
          entry({ path: '/system/user', component: 'system/UserList', hidden: true }),
          entry({
            path: '/system/role',
            component: 'system/RoleList',
            meta: { title: '角色', keepAlive: true, permissionList: [{ action: 'role:x', type: '1', status: '1' }] },
          }),
        ],
      }),
    ];
    const routes = menuToRoutes(menu, { scope, allowed: (e) => !e.meta.permissionList });
    expect(flattenRoutes(routes).map((r) => [r.path, r.hidden])).toEqual([
      ['/system', false],
      ['/system/user', true],
    ]);
  });
});

describe('menuTrail', () => {
  it('returns the chain of entries down to a path', () => {
    type Node = { path: string; children?: Node[] };
    const tree: Node[] = [{ path: '/a', children: [{ path: '/a/b', children: [{ path: '/a/b/c' }] }] }, { path: '/x' }];
    expect(menuTrail(tree, '/a/b/c').map((e) => e.path)).toEqual(['/a', '/a/b', '/a/b/c']);
    expect(menuTrail(tree, '/nope')).toEqual([]);
  });
});
