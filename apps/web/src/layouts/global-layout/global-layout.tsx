import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { Layout, theme } from 'antd';
import { installScrollHoverPause } from '../../shared/ui/scroll-hover-pause';
import { installLogoutBeacon } from '../../shared/session/logout-beacon';
import { useSession } from '../../shared/session/session-store';
import { GlobalHeader } from '../header/global-header';
import { useSettings } from '../settings-drawer/settings-store';
import { selectCollapsed, useAppStore } from './app-store';
import { Logo } from '../../shared/ui/logo';
import { visibleEntries } from './menu-items';
import { SideMenu } from './side-menu';
import { BreadcrumbBar } from './breadcrumb-bar';
import { useAutoHideHeader } from './use-auto-hide-header';
import { useCommandKey } from './use-command-key';
import { useMenuNavigation } from './use-menu-navigation';
import { useViewport } from './use-viewport';
import { useWelcomeNotice } from './use-welcome-notice';
import { SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from './viewport-rules';
import styles from './global-layout.module.css';
import MobileMenuDrawer from './mobile-menu-drawer';
import SettingsDrawer from '../settings-drawer/settings-drawer';
import { TabLayout } from '../tab-layout/tab-layout';
import CommandPalette from '../header/command-palette';

/** The signed-in frame: side or top menu, header, tabs or breadcrumb, the page. */
export default function GlobalLayout() {
  useWelcomeNotice();
  useViewport();
  useEffect(() => installLogoutBeacon(), []);
  useEffect(() => installScrollHoverPause(), []);
  const { token } = theme.useToken();
  const menu = useSession((s) => s.menu);
  const auth = useSession((s) => s.auth);
  const allAuth = useSession((s) => s.allAuth);
  const entries = useMemo(() => visibleEntries(menu, { auth, allAuth }), [menu, auth, allAuth]);
  const settings = useSettings();
  const device = useAppStore((s) => s.device);
  const collapsed = useAppStore(selectCollapsed);
  const mobileMenuOpen = useAppStore((s) => s.mobileMenuOpen);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const openSearch = useCallback(() => setSearchOpen(true), []);
  useCommandKey(openSearch);
  const openPath = useMenuNavigation(entries);
  const headerHidden = useAutoHideHeader(settings.fixedHeader && settings.autoHideHeader);

  const mobile = device === 'mobile';
  const top = settings.layout === 'topmenu' && !mobile;
  const menuTheme = settings.darkMode ? 'dark' : settings.navTheme;
  const tabs = settings.multipage && !mobile;
  const closeMobileMenu = () => useAppStore.getState().setMobileMenuOpen(false);

  const sider = (
    <Layout.Sider
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={mobile ? false : collapsed}
      trigger={null}
      theme={menuTheme}
      className={mobile ? styles.drawerSider : settings.fixSiderbar ? styles.fixedSider : styles.sider}
    >
      <Logo collapsed={!mobile && collapsed} dark={menuTheme === 'dark'} />
      <SideMenu
        entries={entries}
        mode="inline"
        theme={menuTheme}
        collapsed={!mobile && collapsed}
        onNavigate={mobile ? closeMobileMenu : undefined}
      />
    </Layout.Sider>
  );

  const topLeft = top ? (
    <div className={styles.topLeft}>
      <Logo dark={menuTheme === 'dark'} />
      <SideMenu entries={entries} mode="horizontal" theme={menuTheme} />
    </div>
  ) : undefined;

  return (
    <Layout className={styles.root}>
      {mobile ? (
        <MobileMenuDrawer open={mobileMenuOpen} onClose={closeMobileMenu}>
          {sider}
        </MobileMenuDrawer>
      ) : (
        !top && sider
      )}
      <Layout>
        <GlobalHeader
          collapsed={mobile ? !mobileMenuOpen : collapsed}
          mobile={mobile}
          left={topLeft}
          showToggle={!top}
          fixed={settings.fixedHeader}
          hidden={headerHidden}
          background={top && menuTheme === 'dark' && !settings.darkMode ? '#001529' : token.colorBgContainer}
          dark={top && menuTheme === 'dark'}
          onToggle={() => useAppStore.getState().toggleSidebar()}
          onOpenSettings={() => setSettingsOpen(true)}
          onOpenSearch={openSearch}
        />
        <Layout.Content className={styles.content}>
          <div className={top && settings.contentWidth === 'Fixed' ? styles.fixedWidth : undefined}>
            {tabs ? (
              <TabLayout />
            ) : (
              <>
                <BreadcrumbBar menu={menu} />
                <Outlet />
              </>
            )}
          </div>
        </Layout.Content>
        <Layout.Footer className={styles.footer}>LIMS 管理平台 © {new Date().getFullYear()}</Layout.Footer>
      </Layout>
      {settingsOpen && <SettingsDrawer open onClose={() => setSettingsOpen(false)} />}
      {searchOpen && (
        <CommandPalette entries={entries} open onClose={() => setSearchOpen(false)} onOpenPath={openPath} />
      )}
    </Layout>
  );
}
