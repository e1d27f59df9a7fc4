import type { ComponentType } from 'react';
import ApiOutlined from '@ant-design/icons/ApiOutlined';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import BookOutlined from '@ant-design/icons/BookOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import ClusterOutlined from '@ant-design/icons/ClusterOutlined';
import ContactsOutlined from '@ant-design/icons/ContactsOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import DatabaseOutlined from '@ant-design/icons/DatabaseOutlined';
import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import FileOutlined from '@ant-design/icons/FileOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import FolderOutlined from '@ant-design/icons/FolderOutlined';
import FormOutlined from '@ant-design/icons/FormOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import MonitorOutlined from '@ant-design/icons/MonitorOutlined';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import ProjectOutlined from '@ant-design/icons/ProjectOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import ScheduleOutlined from '@ant-design/icons/ScheduleOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import TableOutlined from '@ant-design/icons/TableOutlined';
import TagsOutlined from '@ant-design/icons/TagsOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';

/** Menu icons by their antd type name (`setting`, `team` …; `SettingOutlined` also accepted). */
const ICONS: Record<string, ComponentType> = {
  api: ApiOutlined, apartment: ApartmentOutlined, appstore: AppstoreOutlined, audit: AuditOutlined,
  bank: BankOutlined, 'bar-chart': BarChartOutlined, bell: BellOutlined, book: BookOutlined,
  calendar: CalendarOutlined, cluster: ClusterOutlined, contacts: ContactsOutlined, dashboard: DashboardOutlined,
  database: DatabaseOutlined, experiment: ExperimentOutlined, file: FileOutlined, 'file-text': FileTextOutlined,
  folder: FolderOutlined, form: FormOutlined, global: GlobalOutlined, home: HomeOutlined, idcard: IdcardOutlined,
  link: LinkOutlined, lock: LockOutlined, message: MessageOutlined, monitor: MonitorOutlined,
  notification: NotificationOutlined, profile: ProfileOutlined, project: ProjectOutlined, safety: SafetyOutlined,
  schedule: ScheduleOutlined, setting: SettingOutlined, shop: ShopOutlined, solution: SolutionOutlined,
  table: TableOutlined, tags: TagsOutlined, team: TeamOutlined, tool: ToolOutlined,
  'unordered-list': UnorderedListOutlined, user: UserOutlined, warning: WarningOutlined,
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

export function MenuIcon({ name }: { name?: string }) {
  if (!name) return null;
  const Icon = ICONS[normalise(name)];
  return Icon ? <Icon /> : null;
}
