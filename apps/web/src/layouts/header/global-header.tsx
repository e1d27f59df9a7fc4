import type { ReactNode } from 'react';
import { Layout, Tooltip } from 'antd';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { getRuntimeConfig } from '../../shared/config/runtime-config';
import { useSession } from '../../shared/session/session-store';
import { LogoutLink } from './logout-link';
import { NoticeBell } from './notice-bell';
import { PRESSABLE } from '../../shared/ui/pressable';
import { UserMenu } from './user-menu';
import { headerWelcome } from './welcome-text';
import styles from './header.module.css';

type Props = {
  collapsed: boolean;
  mobile: boolean;
  /** Shown instead of the toggle (top menu mode: logo and menu). */
  left?: ReactNode;
  showToggle: boolean;
  fixed: boolean;
  hidden: boolean;
  background: string;
  /** Light text on a dark header (top menu with the dark theme). */
  dark: boolean;
  onToggle: () => void;
  onOpenSettings: () => void;
  onOpenSearch: () => void;
};

/** Header: collapse toggle, welcome text, command search, bell, user menu, settings, logout. */
export function GlobalHeader(p: Props) {
  const orgCode = useSession((s) => s.userInfo?.orgCode);
  const Toggle = p.collapsed ? MenuUnfoldOutlined : MenuFoldOutlined;
  const welcome = headerWelcome(new Date(), orgCode, getRuntimeConfig().platformNames);
  const className = [styles.header, p.fixed && styles.fixed, p.hidden && styles.hidden, p.mobile && styles.mobile]
    .filter(Boolean)
    .join(' ');
  return (
    <Layout.Header
      className={className}
      style={{ background: p.background, paddingInline: '0 4px', color: p.dark ? 'rgba(255,255,255,0.85)' : undefined }}
    >
      {p.showToggle && (
        <span
          className={styles.trigger}
          role="button"
          aria-label={p.collapsed ? '展开菜单' : '收起菜单'}
          onClick={p.onToggle}
          {...PRESSABLE}
        >
          <Toggle />
        </span>
      )}
      {p.left}
      {!p.left && (
        <span className={styles.welcome} data-testid="header-welcome">
          {p.mobile ? 'LIMS' : welcome}
        </span>
      )}
      {!p.left && <span className={styles.spacer} />}
      <Tooltip title="搜索菜单 (Ctrl+K)">
        <span className={styles.action} role="button" aria-label="搜索菜单" onClick={p.onOpenSearch} {...PRESSABLE}>
          <SearchOutlined />
        </span>
      </Tooltip>
      <NoticeBell />
      <UserMenu showName={!p.mobile} />
      <Tooltip title="系统设置">
        <span className={styles.action} role="button" aria-label="系统设置" onClick={p.onOpenSettings} {...PRESSABLE}>
          <SettingOutlined />
        </span>
      </Tooltip>
      <span className={styles.action}>
        <LogoutLink compact={p.mobile} />
      </span>
    </Layout.Header>
  );
}
