import { Link, useLocation, useMatches } from 'react-router';
import type { MenuEntry } from '@lims/contracts';
import { Fragment } from 'react';
import { HOME_PATH } from '../../shared/config/runtime-config';
import { menuTrail } from '../../shared/menu/menu-routes';
import { pageTitle } from '../../shared/menu/page-title';
import styles from './breadcrumb-bar.module.css';

/**
 * 首页, then the menu trail to the page; the last is plain text, the others links (antd's Breadcrumb's
 * look and markup, without antd's Breadcrumb).
 */
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
    <nav aria-label="breadcrumb" className={styles.breadcrumb}>
      <ol>
        {all.map((c, i) => (
          <Fragment key={c.path}>
            {i > 0 && (
              <li className={styles.separator} aria-hidden="true">
                /
              </li>
            )}
            {i === all.length - 1 ? (
              <li className={styles.item} aria-current="page">
                {c.title}
              </li>
            ) : (
              <li className={styles.item}>
                <Link to={c.path}>{c.title}</Link>
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
