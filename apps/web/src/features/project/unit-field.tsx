import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'antd';
import type { CustomerUnitRecord, UnitContact } from '@lims/contracts';
import { TablePicker, type PickerColumn } from '../../shared/ui/table-picker/table-picker';
import { fetchUnits, unitContactsQuery } from './api';

const UNIT_COLUMNS: PickerColumn<CustomerUnitRecord>[] = [
  { title: '单位编码', dataIndex: 'code', searchable: true, width: 110 },
  { title: '单位名称', dataIndex: 'name', searchable: true },
  { title: '主要联系人', dataIndex: 'primaryContactName', width: 100 },
  { title: '联系电话', dataIndex: 'primaryContactPhone', width: 130 },
];

type UnitPickerProps = {
  value?: string;
  onChange?: (value: string | undefined, record?: CustomerUnitRecord) => void;
  /** The saved unit's name (shown until another unit is picked). */
  valueLabel?: string;
  disabled?: boolean;
  id?: string;
};

/** 委托单位: the table-in-popover picker over /khgl/unit/queryUnits (search by 单位编码 / 单位名称). */
export function UnitPicker(p: UnitPickerProps) {
  return (
    <TablePicker<CustomerUnitRecord>
      id={p.id}
      value={p.value}
      onChange={p.onChange}
      valueLabel={p.valueLabel}
      disabled={p.disabled}
      fetch={fetchUnits}
      columns={UNIT_COLUMNS}
      labelKey="name"
      placeholder="请选择委托单位"
    />
  );
}

/** The primary contact of a unit's contacts (the flagged one), or none. */
export function primaryContact(contacts: readonly UnitContact[]): UnitContact | undefined {
  return contacts.find((c) => c.isPrimary);
}

type ContactProps = {
  value?: string | null;
  onChange?: (value: string) => void;
  /** The unit whose contacts are offered. */
  unitId?: string;
  /** A contact of the unit was chosen from the list (its phone goes with it). */
  onPick?: (contact: UnitContact) => void;
  disabled?: boolean;
  id?: string;
};

/** 联系人: free text, with the chosen unit's contacts offered (主要联系人 marked). */
export function ContactInput({ value, onChange, unitId, onPick, disabled, id }: ContactProps) {
  const contacts = useQuery({ ...unitContactsQuery(unitId ?? ''), enabled: Boolean(unitId) });
  const options = (contacts.data ?? []).map((c) => ({
    value: c.name,
    label: `${c.name}${c.isPrimary ? '（主要联系人）' : ''}${c.phone ? ` ${c.phone}` : ''}`,
  }));
  return (
    <AutoComplete
      id={id}
      value={value ?? ''}
      options={options}
      disabled={disabled}
      placeholder="请输入联系人"
      onChange={(v: string) => onChange?.(v)}
      onSelect={(name: string) => {
        const contact = contacts.data?.find((c) => c.name === name);
        if (contact) onPick?.(contact);
      }}
      allowClear
    />
  );
}
