import { Select } from 'antd';
import { MENU_ICON_NAMES, MenuIcon } from '../../shared/ui/menu-icon';

const OPTIONS = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <span>
      <MenuIcon name={name} />
      <span style={{ marginLeft: 8 }}>{name}</span>
    </span>
  ),
}));

type Props = { id?: string; value?: string | null; onChange?: (value: string | undefined) => void; disabled?: boolean };

/** 菜单图标: the icons the side menu can draw (shared/ui/menu-icon), searchable by name. */
export function MenuIconPicker({ id, value, onChange, disabled }: Props) {
  return (
    <Select<string>
      id={id}
      allowClear
      showSearch={{ filterOption: (input, option) => String(option?.value ?? '').includes(input.trim().toLowerCase()) }}
      placeholder="点击选择图标"
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={OPTIONS}
      disabled={disabled}
      listHeight={320}
    />
  );
}
