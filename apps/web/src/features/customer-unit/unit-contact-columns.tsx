import { Tag } from 'antd';
import { BUSINESS_EMAIL_PATTERN, BUSINESS_FIELD_MSG, BUSINESS_PHONE_PATTERN, UNIT_MSG } from '@lims/contracts';
import type { EditableColumn, EditableRow } from '../../shared/ui/editable-table/editable-columns';

/** One contact of a unit as the form's editable table holds it. */
export type ContactRow = EditableRow & {
  name?: string;
  phone?: string | null;
  email?: string | null;
  position?: string | null;
  isPrimary?: boolean;
};

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** The server's rules for a contact, with its messages. */
const matches = (pattern: RegExp, message: string) => (v: unknown) =>
  text(v) && !pattern.test(text(v)) ? message : undefined;
const atMost = (max: number, label: string) => (v: unknown) =>
  text(v).length > max ? BUSINESS_FIELD_MSG.tooLong(label, max) : undefined;

/** The message when `row` is marked primary while another row already is (at most one primary contact). */
export function secondPrimaryMessage(rows: readonly ContactRow[], row: ContactRow): string | undefined {
  const other = rows.find((r) => r.isPrimary && r.key !== row.key);
  return other ? `${UNIT_MSG.onePrimary}（${other.name ?? ''} 已是主要联系人）` : undefined;
}

/** More than one primary contact in the table: the contract's message. */
export function primaryCountMessage(rows: readonly ContactRow[] | undefined): string | undefined {
  return (rows ?? []).filter((r) => r.isPrimary).length > 1 ? UNIT_MSG.onePrimary : undefined;
}

/** The contacts table's columns; `rows` are the saved rows (for the one-primary rule). */
export function contactColumns(rows: readonly ContactRow[]): EditableColumn<ContactRow>[] {
  return [
    { title: '姓名', dataIndex: 'name', required: true, width: 150, validate: atMost(100, '联系人姓名') },
    {
      title: '电话',
      dataIndex: 'phone',
      width: 170,
      validate: matches(BUSINESS_PHONE_PATTERN, BUSINESS_FIELD_MSG.phoneFormat),
    },
    {
      title: '邮箱',
      dataIndex: 'email',
      width: 200,
      validate: matches(BUSINESS_EMAIL_PATTERN, BUSINESS_FIELD_MSG.emailFormat),
    },
    { title: '职务', dataIndex: 'position', width: 130, validate: atMost(100, '职务') },
    {
      title: '主要联系人',
      dataIndex: 'isPrimary',
      editor: 'checkbox',
      width: 110,
      validate: (v, row) => (v === true ? secondPrimaryMessage(rows, row) : undefined),
      render: (v) => (v === true ? <Tag color="blue">是</Tag> : '否'),
    },
  ];
}
