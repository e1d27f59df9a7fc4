import { createElement, useEffect, useState, type ComponentType } from 'react';
import { loadChunk } from './chunk-load';

type IconModule = { default: ComponentType };

/**
 * Menu icons by their antd type name (`setting`, `team` …; `SettingOutlined` also accepted). Each
 * loads when a menu first shows it, so a page loads the few icons its menu uses, not all of them.
 */
const ICONS: Record<string, () => Promise<IconModule>> = {
  api: () => import('@ant-design/icons/ApiOutlined'),
  apartment: () => import('@ant-design/icons/ApartmentOutlined'),
  appstore: () => import('@ant-design/icons/AppstoreOutlined'),
  audit: () => import('@ant-design/icons/AuditOutlined'),
  bank: () => import('@ant-design/icons/BankOutlined'),
  'bar-chart': () => import('@ant-design/icons/BarChartOutlined'),
  bell: () => import('@ant-design/icons/BellOutlined'),
  book: () => import('@ant-design/icons/BookOutlined'),
  calendar: () => import('@ant-design/icons/CalendarOutlined'),
  cluster: () => import('@ant-design/icons/ClusterOutlined'),
  contacts: () => import('@ant-design/icons/ContactsOutlined'),
  dashboard: () => import('@ant-design/icons/DashboardOutlined'),
  database: () => import('@ant-design/icons/DatabaseOutlined'),
  experiment: () => import('@ant-design/icons/ExperimentOutlined'),
  file: () => import('@ant-design/icons/FileOutlined'),
  'file-text': () => import('@ant-design/icons/FileTextOutlined'),
  folder: () => import('@ant-design/icons/FolderOutlined'),
  form: () => import('@ant-design/icons/FormOutlined'),
  global: () => import('@ant-design/icons/GlobalOutlined'),
  home: () => import('@ant-design/icons/HomeOutlined'),
  idcard: () => import('@ant-design/icons/IdcardOutlined'),
  link: () => import('@ant-design/icons/LinkOutlined'),
  lock: () => import('@ant-design/icons/LockOutlined'),
  message: () => import('@ant-design/icons/MessageOutlined'),
  monitor: () => import('@ant-design/icons/MonitorOutlined'),
  notification: () => import('@ant-design/icons/NotificationOutlined'),
  profile: () => import('@ant-design/icons/ProfileOutlined'),
  project: () => import('@ant-design/icons/ProjectOutlined'),
  safety: () => import('@ant-design/icons/SafetyOutlined'),
  schedule: () => import('@ant-design/icons/ScheduleOutlined'),
  setting: () => import('@ant-design/icons/SettingOutlined'),
  shop: () => import('@ant-design/icons/ShopOutlined'),
  solution: () => import('@ant-design/icons/SolutionOutlined'),
  table: () => import('@ant-design/icons/TableOutlined'),
  tags: () => import('@ant-design/icons/TagsOutlined'),
  team: () => import('@ant-design/icons/TeamOutlined'),
  tool: () => import('@ant-design/icons/ToolOutlined'),
  'unordered-list': () => import('@ant-design/icons/UnorderedListOutlined'),
  user: () => import('@ant-design/icons/UserOutlined'),
  warning: () => import('@ant-design/icons/WarningOutlined'),
};

/** The icon names a menu may use (the 菜单图标 picker offers these). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS);

/** `SettingOutlined` → `setting`, `BarChartOutlined` → `bar-chart`. */
function normalise(name: string): string {
  return name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

const loaded = new Map<string, ComponentType>();
const loading = new Map<string, Promise<ComponentType | null>>();

function loadIcon(key: string): Promise<ComponentType | null> {
  let pending = loading.get(key);
  if (!pending) {
    pending = loadChunk(ICONS[key]).then(
      (m) => {
        loaded.set(key, m.default);
        return m.default;
      },
      () => {
        loading.delete(key);
        return null;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** A menu icon; until its script arrives, an empty box of the icon's size (the text beside it does not move). */
export function MenuIcon({ name }: { name?: string }) {
  const key = name ? normalise(name) : '';
  const known = key in ICONS;
  const [, setReady] = useState(0);
  const icon = loaded.get(key);
  useEffect(() => {
    if (!known || loaded.has(key)) return;
    let live = true;
    void loadIcon(key).then((icon) => {
      if (live && icon) setReady((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [key, known]);
  if (!known) return null;
  return icon ? (
    createElement(icon)
  ) : (
    <span className="anticon" role="img" aria-hidden style={{ width: '1em', height: '1em' }} />
  );
}
