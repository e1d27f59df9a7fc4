import { useMemo } from 'react';
import { Form } from 'antd';
import { EditableTable } from '../../shared/ui/editable-table/editable-table';
import { useEditGuard } from '../../shared/ui/editable-table/use-edit-guard';
import { contactColumns, primaryCountMessage, type ContactRow } from './unit-contact-columns';

type TableProps = {
  value?: ContactRow[];
  onChange?: (rows: ContactRow[]) => void;
  onEditingChange: (editing: boolean) => void;
  disabled: boolean;
};

/** The editable contacts table; its columns know the saved rows (at most one primary contact). */
function ContactsTable({ value, onChange, onEditingChange, disabled }: TableProps) {
  const columns = useMemo(() => contactColumns(value ?? []), [value]);
  return (
    <EditableTable<ContactRow>
      value={value}
      onChange={onChange}
      columns={columns}
      onEditingChange={onEditingChange}
      newRow={() => ({ isPrimary: false })}
      disabled={disabled}
    />
  );
}

const onePrimary = {
  validator: async (_rule: unknown, rows: ContactRow[] | undefined) => {
    const message = primaryCountMessage(rows);
    if (message) throw new Error(message);
  },
};

/**
 * The unit form's 联系人 (the `contacts` field): add, edit, save, cancel, delete rows; the form is
 * not submitted while a row is being edited (请先完成当前编辑！) or with two primary contacts.
 */
export function UnitContactsField({ readOnly }: { readOnly: boolean }) {
  const guard = useEditGuard();
  return (
    <section aria-label="联系人">
      <Form.Item name="contacts" wrapperCol={{ span: 24 }} rules={[guard.rule, onePrimary]}>
        <ContactsTable onEditingChange={guard.onEditingChange} disabled={readOnly} />
      </Form.Item>
    </section>
  );
}
