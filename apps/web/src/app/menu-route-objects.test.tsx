import { describe, expect, it } from 'vitest';
import { isValidElement } from 'react';
import type { MenuRoute } from '../shared/menu/menu-routes';
import { PageMissingPage } from '../features/exception/page-missing-page';
import { newRouteObjects } from './menu-route-objects';

const route = (path: string, component: string, over: Partial<MenuRoute> = {}): MenuRoute => ({
  id: path,
  path,
  name: path,
  component,
  hidden: false,
  alwaysShow: false,
  meta: { title: path, keepAlive: false },
  children: [],
  ...over,
});

describe('menu routes → router routes', () => {
  const objects = newRouteObjects([
    route('/dashboard/analysis', 'dashboard/Analysis'),
    route('/isystem', 'layouts/RouteView', { children: [route('/isystem/user', 'system/NoSuchPage')] }),
    route('/redirected', 'layouts/RouteView', { redirect: '/dashboard/analysis' }),
  ]);
  const byPath = new Map(objects.map((o) => [o.path, o]));

  it('registers each path once, flat under the layout', () => {
    expect(objects.map((o) => o.path)).toEqual(['/dashboard/analysis', '/isystem', '/isystem/user', '/redirected']);
    expect(newRouteObjects([route('/dashboard/analysis', 'dashboard/Analysis')])).toEqual([]);
  });

  it('lazy-loads registered pages and shows 页面尚未提供 for unknown components', async () => {
    expect(typeof byPath.get('/dashboard/analysis')?.lazy).toBe('function');
    const lazyMissing = byPath.get('/isystem/user')?.lazy as () => Promise<{ element: unknown }>;
    const missing = (await lazyMissing()).element;
    expect(isValidElement<{ component: string }>(missing) && missing.type).toBe(PageMissingPage);
    expect(isValidElement<{ component: string }>(missing) && missing.props.component).toBe('system/NoSuchPage');
  });

  it('sends a layout parent to its redirect or its first visible child', () => {
    const parent = byPath.get('/isystem')?.element;
    expect(isValidElement<{ to: string }>(parent) && parent.props.to).toBe('/isystem/user');
    const redirected = byPath.get('/redirected')?.element;
    expect(isValidElement<{ to: string }>(redirected) && redirected.props.to).toBe('/dashboard/analysis');
  });
});
