import type { ReactNode } from 'react';
import { Button, Divider, Drawer, Segmented, Select, Switch, Tooltip } from 'antd';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { useSettings } from './settings-store';
import { THEME_COLORS, type ContentWidth, type LayoutMode, type NavTheme } from './settings-rules';
import styles from './settings-drawer.module.css';

export const SETTINGS_DRAWER_WIDTH = 300;

function Row({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  const body = (
    <div className={styles.row}>
      <span>{label}</span>
      {children}
    </div>
  );
  return hint ? (
    <Tooltip title={hint} placement="left">
      {body}
    </Tooltip>
  ) : (
    body
  );
}

/** 设置: menu theme, colour, navigation mode, widths, fixed parts, colour-weak and multi-tab mode. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useSettings();
  const top = s.layout === 'topmenu';
  return (
    <Drawer
      title="系统设置"
      placement="right"
      open={open}
      onClose={onClose}
      size={SETTINGS_DRAWER_WIDTH}
      destroyOnHidden
    >
      <h3 className={styles.title}>整体风格设置</h3>
      <Segmented<NavTheme>
        block
        value={s.navTheme}
        onChange={(navTheme) => s.update({ navTheme })}
        options={[
          { value: 'dark', label: '暗色菜单风格' },
          { value: 'light', label: '亮色菜单风格' },
        ]}
      />
      <Row label="暗黑模式">
        <Switch
          size="small"
          checked={s.darkMode}
          onChange={(darkMode) => s.update({ darkMode })}
          aria-label="暗黑模式"
        />
      </Row>
      <Divider />
      <h3 className={styles.title}>主题色</h3>
      <div className={styles.colors}>
        {THEME_COLORS.map((c) => (
          <Tooltip key={c.color} title={c.name}>
            <button
              type="button"
              aria-label={c.name}
              aria-pressed={s.primaryColor.toUpperCase() === c.color}
              className={styles.swatch}
              style={{ background: c.color }}
              onClick={() => s.update({ primaryColor: c.color })}
            >
              {s.primaryColor.toUpperCase() === c.color && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>
      <Divider />
      <h3 className={styles.title}>导航模式</h3>
      <Segmented<LayoutMode>
        block
        value={s.layout}
        onChange={(layout) => s.update({ layout })}
        options={[
          { value: 'sidemenu', label: '侧边栏导航' },
          { value: 'topmenu', label: '顶部栏导航' },
        ]}
      />
      <Row label="内容区域宽度" hint="该设定仅 [顶部栏导航] 时有效">
        <Select<ContentWidth>
          size="small"
          style={{ width: 80 }}
          value={s.contentWidth}
          onChange={(contentWidth) => s.update({ contentWidth })}
          options={[{ value: 'Fixed', label: '固定' }, ...(top ? [{ value: 'Fluid' as const, label: '流式' }] : [])]}
        />
      </Row>
      <Row label="固定 Header">
        <Switch
          size="small"
          checked={s.fixedHeader}
          onChange={(fixedHeader) => s.update({ fixedHeader })}
          aria-label="固定 Header"
        />
      </Row>
      <Row label="下滑时隐藏 Header" hint={s.fixedHeader ? undefined : '固定 Header 时可配置'}>
        <Switch
          size="small"
          disabled={!s.fixedHeader}
          checked={s.autoHideHeader}
          onChange={(autoHideHeader) => s.update({ autoHideHeader })}
          aria-label="下滑时隐藏 Header"
        />
      </Row>
      <Row label="固定侧边菜单" hint={top ? '该设定仅 [侧边栏导航] 时有效' : undefined}>
        <Switch
          size="small"
          disabled={top}
          checked={s.fixSiderbar}
          onChange={(fixSiderbar) => s.update({ fixSiderbar })}
          aria-label="固定侧边菜单"
        />
      </Row>
      <Divider />
      <h3 className={styles.title}>其他设置</h3>
      <Row label="色弱模式">
        <Switch
          size="small"
          checked={s.colorWeak}
          onChange={(colorWeak) => s.update({ colorWeak })}
          aria-label="色弱模式"
        />
      </Row>
      <Row label="多页签模式">
        <Switch
          size="small"
          checked={s.multipage}
          onChange={(multipage) => s.update({ multipage })}
          aria-label="多页签模式"
        />
      </Row>
      <Divider />
      <Button block onClick={() => s.reset()}>
        恢复默认设置
      </Button>
    </Drawer>
  );
}
