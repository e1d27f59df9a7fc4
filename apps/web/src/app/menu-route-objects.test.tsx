import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { isValidElement } from 'react';
import type { MenuRoute } from '../shared/menu/menu-routes';
import { PageMissingPage } from '../features/exception/page-missing-page';
import { mockApi, ok } from '../shared/list-page/test-utils';
import { useSession } from '../shared/session/session-store';
import { storage } from '../shared/storage/storage';
import { MENU_PAGES } from '../shared/storage/storage-keys';
import { newRouteObjects, preloadRememberedPage } from './menu-route-objects';
import { queryClient } from './query-client';

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

describe('pages of the last menu, remembered for the next app start', () => {
  it('starts the first rows of the page the last menu had at the address; nothing for other addresses', async () => {
    newRouteObjects([route('/gysgl/supplier', 'gysgl/SupplierList')]);
    expect(storage.get<Record<string, string>>(MENU_PAGES)).toMatchObject({ '/gysgl/supplier': 'gysgl/SupplierList' });
    const api = mockApi((c) => (c.path === '/gysgl/supplier/list' ? ok({ records: [], total: 0 }) : undefined));
    queryClient.clear();

    preloadRememberedPage(new URL('http://localhost/khgl/unit?pageSize=20'));
    expect(api.calls).toEqual([]);
    preloadRememberedPage(new URL('http://localhost/gysgl/supplier?pageSize=20'));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/gysgl/supplier/list')).toHaveLength(1));
    expect(api.last('/gysgl/supplier/list')!.params.get('pageSize')).toBe('20');

    // Signing out forgets them (the next user's menu may differ).
    useSession.getState().clear();
    expect(storage.get(MENU_PAGES)).toBeUndefined();
    queryClient.clear();
  });
});
