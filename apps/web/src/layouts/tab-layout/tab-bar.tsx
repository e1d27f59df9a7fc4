import { Dropdown, Tabs, App } from 'antd';
import type { MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useTabs } from './tabs-store';
import styles from './tab-layout.module.css';

type Props = { onRefresh: (key: string) => void };

const MENU: MenuProps['items'] = [
  { key: 'refresh', label: '刷新' },
  { type: 'divider' },
  { key: 'closeLeft', label: '关闭左侧' },
  { key: 'closeRight', label: '关闭右侧' },
  { key: 'closeOthers', label: '关闭其它' },
  { key: 'closeAll', label: '关闭全部' },
];

/** The multi-page tab strip with its right-click menu. */
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
  const onMenu = (tabKey: string, action: string) => {
    const store = useTabs.getState();
    if (action === 'refresh') return onRefresh(tabKey);
    if (action === 'closeLeft') store.closeLeft(tabKey);
    if (action === 'closeRight') store.closeRight(tabKey);
    if (action === 'closeOthers') store.closeOthers(tabKey);
    if (action === 'closeAll') store.closeAll();
    go();
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
      items={tabs.map((t) => ({
        key: t.key,
        closable: true,
        label: (
          <Dropdown
            trigger={['contextMenu']}
            menu={{
              items: MENU,
              onClick: ({ key, domEvent }) => {
                // The menu is a portal inside the tab's label: its click must not also activate the tab.
                domEvent.stopPropagation();
                onMenu(t.key, key);
              },
            }}
          >
            <span className={styles.label} title={t.key}>
              {t.title}
            </span>
          </Dropdown>
        ),
      }))}
    />
  );
}
