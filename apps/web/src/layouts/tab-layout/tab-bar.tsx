import type { ReactElement } from 'react';
import { Dropdown, Tabs, App } from 'antd';
import type { MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { isHome, menuState, type TabMenuAction } from './tabs-rules';
import { useTabs } from './tabs-store';
import styles from './tab-layout.module.css';

type Props = { onRefresh: (key: string) => void };

const LABELS: Record<TabMenuAction, string> = {
  refresh: '刷新当前',
  closeLeft: '关闭左侧',
  closeRight: '关闭右侧',
  closeOthers: '关闭其它',
  closeAll: '关闭全部',
};

function menuItems(key: string): MenuProps['items'] {
  const enabled = menuState(useTabs.getState(), key);
  const item = (action: TabMenuAction) => ({ key: action, label: LABELS[action], disabled: !enabled[action] });
  return [
    item('refresh'),
    { type: 'divider' },
    item('closeLeft'),
    item('closeRight'),
    item('closeOthers'),
    item('closeAll'),
  ];
}

/**
 * The multi-page tab strip. Right-click anywhere on a tab (首页 included) opens its menu; 首页 has no
 * close icon.
 */
export function TabBar({ onRefresh }: Props) {
  const tabs = useTabs((s) => s.tabs);
  const active = useTabs((s) => s.active);
  const navigate = useNavigate();
  const { message } = App.useApp();

  const go = () => {
    const next = useTabs.getState().active;
    if (next !== active) void navigate(next);
  };
  const close = (key: string) => {
    const warning = useTabs.getState().close(key);
    if (warning) message.warning(warning);
    else go();
  };
  const onMenu = (tabKey: string, action: TabMenuAction) => {
    const store = useTabs.getState();
    if (action === 'refresh') {
      onRefresh(tabKey);
      if (tabKey !== active) void navigate(tabKey);
      return;
    }
    if (action === 'closeLeft') store.closeLeft(tabKey);
    if (action === 'closeRight') store.closeRight(tabKey);
    if (action === 'closeOthers') store.closeOthers(tabKey);
    if (action === 'closeAll') store.closeAll();
    go();
  };

  /** Wraps each rendered tab (label, close icon and padding) in its right-click menu. */
  const withMenu = (node: ReactElement) => {
    const tabKey = String(node.key);
    return (
      <Dropdown
        key={tabKey}
        trigger={['contextMenu']}
        menu={{
          items: menuItems(tabKey),
          onClick: ({ key, domEvent }) => {
            // The menu is a portal inside the tab: its click must not also activate the tab.
            domEvent.stopPropagation();
            onMenu(tabKey, key as TabMenuAction);
          },
        }}
      >
        {node}
      </Dropdown>
    );
  };

  return (
    <Tabs
      className={styles.bar}
      type="editable-card"
      hideAdd
      size="small"
      activeKey={active}
      onChange={(key) => void navigate(key)}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
      renderTabBar={(props, DefaultTabBar) => <DefaultTabBar {...props}>{withMenu}</DefaultTabBar>}
      items={tabs.map((t) => ({
        key: t.key,
        closable: !isHome(t.key),
        label: (
          <span className={styles.label} title={t.key} data-tab-key={t.key}>
            {t.title}
          </span>
        ),
      }))}
    />
  );
}
