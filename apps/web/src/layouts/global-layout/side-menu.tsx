import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Menu } from 'antd';
import type { MenuEntry } from '@lims/contracts';
import { menuTrail } from '../../shared/menu/menu-routes';
import { toMenuItems } from './menu-items';
import { useMenuNavigation } from './use-menu-navigation';

type Props = {
  entries: MenuEntry[];
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  collapsed?: boolean;
  onNavigate?: () => void;
};

/** The server menu as an antd Menu (side or top). */
export function SideMenu({ entries, mode, theme, collapsed, onNavigate }: Props) {
  const { pathname } = useLocation();
  const open = useMenuNavigation(entries);
  const items = useMemo(() => toMenuItems(entries), [entries]);
  const trail = useMemo(() => menuTrail(entries, pathname).map((e) => e.path), [entries, pathname]);
  const parents = trail.slice(0, -1).join('|');
  const [openKeys, setOpenKeys] = useState<string[]>(trail.slice(0, -1));
  const [openedFor, setOpenedFor] = useState(parents);
  if (openedFor !== parents) {
    setOpenedFor(parents);
    setOpenKeys((keys) => [...new Set([...keys, ...trail.slice(0, -1)])]);
  }

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={trail.length ? [trail[trail.length - 1]] : [pathname]}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={({ key }) => {
        open(key);
        onNavigate?.();
      }}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
    />
  );
}
