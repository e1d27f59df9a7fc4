import { Link, useLocation, useMatches } from 'react-router';
import type { MenuEntry } from '@lims/contracts';
import { Breadcrumb } from 'antd';
import { HOME_PATH } from '../../shared/config/runtime-config';
import { menuTrail } from '../../shared/menu/menu-routes';
import { pageTitle } from '../../shared/menu/page-title';

/** 首页, then the menu trail to the page: antd's Breadcrumb, the last entry plain text, the others links. */
export function BreadcrumbBar({ menu }: { menu: MenuEntry[] }) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const trail = menuTrail(menu, pathname).filter((e) => e.path !== HOME_PATH);
  const crumbs = trail.length
    ? trail.map((e) => ({ path: e.path, title: e.meta.title }))
    : pathname === HOME_PATH
      ? []
      : [{ path: pathname, title: pageTitle(matches, menu, pathname) }];
  const all = [{ path: HOME_PATH, title: '首页' }, ...crumbs];
  return (
    <Breadcrumb
      aria-label="breadcrumb"
      style={{ marginBottom: 12 }}
      items={all.map((c, i) =>
        i === all.length - 1
          ? { key: c.path, title: c.title, 'aria-current': 'page' as const }
          : { key: c.path, title: <Link to={c.path}>{c.title}</Link> },
      )}
    />
  );
}
