import { Button, Dropdown, Popover, Tooltip } from 'antd';
import ColumnHeightOutlined from '@ant-design/icons/ColumnHeightOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { ColumnSettings, type SettingsColumn } from './column-settings';
import { DENSITIES, DEFAULT_DENSITY, setDensity, type TableSettings } from './table-settings';
import styles from './list-page.module.css';

export type TableToolsProps = {
  /** The page's configurable columns in their default order. */
  columns: SettingsColumn[];
  settings: TableSettings;
  onChange: (next: TableSettings) => void;
  onReset: () => void;
  onReload: () => void;
  reloading: boolean;
};

/** The icon buttons at the right end of a list's toolbar: 刷新, 密度, 列设置. */
export function TableTools({ columns, settings, onChange, onReset, onReload, reloading }: TableToolsProps) {
  const density = settings.density ?? DEFAULT_DENSITY;
  return (
    <div className={styles.tableTools} role="group" aria-label="表格工具">
      <Tooltip title="刷新">
        <Button type="text" aria-label="刷新" icon={<ReloadOutlined spin={reloading} />} onClick={onReload} />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [density],
          items: DENSITIES.map((d) => ({ key: d.value, label: d.label })),
          onClick: ({ key }) => onChange(setDensity(settings, key as TableSettings['density'] & string)),
        }}
      >
        <Tooltip title="密度">
          <Button type="text" aria-label="密度" icon={<ColumnHeightOutlined />} />
        </Tooltip>
      </Dropdown>
      <Popover
        trigger="click"
        placement="bottomRight"
        title={null}
        content={<ColumnSettings columns={columns} settings={settings} onChange={onChange} onReset={onReset} />}
      >
        <Tooltip title="列设置">
          <Button type="text" aria-label="列设置" icon={<SettingOutlined />} />
        </Tooltip>
      </Popover>
    </div>
  );
}
