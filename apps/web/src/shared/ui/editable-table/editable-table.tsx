import { useEffect, useMemo, useState } from 'react';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Button, Popconfirm, Space, Table, App } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import { CellEditor } from './cell-editor';
import {
  CONFIRM_CANCEL,
  CONFIRM_DELETE,
  EDIT_TABLE_PAGE_SIZE,
  FINISH_EDIT_FIRST,
  displayValue,
  newRowKey,
  validateCell,
  validateRow,
  type EditableColumn,
  type EditableRow,
} from './editable-columns';

export type EditableTableProps<T extends EditableRow> = {
  /** The saved rows (a row being added joins the value only when saved). */
  value?: T[];
  onChange?: (rows: T[]) => void;
  columns: EditableColumn<T>[];
  /** Field values of a new row (default: none). */
  newRow?: () => Partial<T>;
  /** Told whenever a row enters or leaves edit mode (see useEditGuard for antd Form validation). */
  onEditingChange?: (editing: boolean) => void;
  /** Read-only: no toolbar and no action column. */
  disabled?: boolean;
  addText?: string;
};

/** Room a column without its own width gets when the columns are wider than the table (then it scrolls). */
const FREE_WIDTH = 160;
const lastPage = (count: number) => Math.max(1, Math.ceil(count / EDIT_TABLE_PAGE_SIZE));
const rowKeyOf = (row: EditableRow) => String(row.key ?? row.id);

/**
 * Editable table (SPEC section 2 / 4): add, edit, save (validates the cells), cancel (确定取消吗？)
 * and delete (确定删除吗？); one row is edited at a time and adding is refused meanwhile with
 * 请先完成当前编辑！; 5 rows per page. value/onChange make it an antd Form control.
 */
export function EditableTable<T extends EditableRow>(p: EditableTableProps<T>) {
  const { message } = App.useApp();
  const rows = useMemo(() => p.value ?? [], [p.value]);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  /** A new row that is not saved yet (it joins the value on save). */
  const [draft, setDraft] = useState<T | null>(null);
  /** The cell values of the row being edited, and their messages after a failed save. */
  const [values, setValues] = useState<Partial<T>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  const shown = useMemo(() => (draft ? [...rows, draft] : rows), [rows, draft]);
  const { onEditingChange } = p;

  useEffect(() => {
    onEditingChange?.(editingKey !== null);
  }, [editingKey, onEditingChange]);

  const startEditing = (row: T) => {
    setValues(Object.fromEntries(p.columns.map((c) => [c.dataIndex, row[c.dataIndex]])) as unknown as Partial<T>);
    setErrors({});
    setEditingKey(rowKeyOf(row));
  };

  const stopEditing = () => {
    setEditingKey(null);
    setValues({});
    setErrors({});
  };

  const changeCell = (row: T, column: EditableColumn<T>, value: unknown) => {
    const next = { ...values, [column.dataIndex]: value };
    setValues(next);
    if (errors[column.dataIndex]) {
      const message = validateCell(column, value, { ...row, ...next });
      setErrors(({ [column.dataIndex]: _, ...rest }) => (message ? { ...rest, [column.dataIndex]: message } : rest));
    }
  };

  const refuseWhileEditing = (): boolean => {
    if (editingKey === null) return false;
    void message.warning(FINISH_EDIT_FIRST);
    return true;
  };

  const add = () => {
    if (refuseWhileEditing()) return;
    const row = { ...p.newRow?.(), key: newRowKey() } as T;
    setDraft(row);
    setPage(lastPage(rows.length + 1));
    startEditing(row);
  };

  const edit = (row: T) => {
    if (rowKeyOf(row) !== editingKey && refuseWhileEditing()) return;
    startEditing(row);
  };

  const save = (row: T) => {
    const saved = { ...row, ...values };
    const failed = validateRow(p.columns, saved);
    if (Object.keys(failed).length > 0) {
      setErrors(failed);
      return;
    }
    p.onChange?.(
      draft && rowKeyOf(draft) === rowKeyOf(row)
        ? [...rows, saved]
        : rows.map((r) => (rowKeyOf(r) === rowKeyOf(row) ? saved : r)),
    );
    setDraft(null);
    stopEditing();
  };

  const cancel = () => {
    if (draft) {
      setDraft(null);
      setPage((current) => Math.min(current, lastPage(rows.length)));
    }
    stopEditing();
  };

  const remove = (row: T) => {
    const next = rows.filter((r) => rowKeyOf(r) !== rowKeyOf(row));
    p.onChange?.(next);
    setPage((current) => Math.min(current, lastPage(next.length + (draft ? 1 : 0))));
  };

  const columns: ColumnsType<T> = p.columns.map((column) => ({
    title: column.required ? (
      <span>
        <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span>
        {column.title}
      </span>
    ) : (
      column.title
    ),
    dataIndex: column.dataIndex,
    key: column.dataIndex,
    width: column.width,
    render: (value: unknown, row: T) =>
      rowKeyOf(row) === editingKey ? (
        <CellEditor<T>
          column={column}
          value={values[column.dataIndex]}
          onChange={(v) => changeCell(row, column, v)}
          error={errors[column.dataIndex]}
        />
      ) : (
        (column.render?.(value, row) ?? displayValue(column, value))
      ),
  }));

  if (!p.disabled) {
    columns.push({
      title: '操作',
      key: '__actions',
      width: 130,
      fixed: 'right',
      render: (_: unknown, row: T) =>
        rowKeyOf(row) === editingKey ? (
          <Space size="small">
            <Button type="link" size="small" onClick={() => save(row)}>
              保存
            </Button>
            <Popconfirm title={CONFIRM_CANCEL} okText="确定" cancelText="取消" onConfirm={cancel}>
              <Button type="link" size="small">
                取消
              </Button>
            </Popconfirm>
          </Space>
        ) : (
          <Space size="small">
            <Button type="link" size="small" onClick={() => edit(row)}>
              编辑
            </Button>
            <Popconfirm title={CONFIRM_DELETE} okText="确定" cancelText="取消" onConfirm={() => remove(row)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ),
    });
  }

  return (
    <div>
      {!p.disabled && (
        <div style={{ marginBottom: 8 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={add}>
            {p.addText ?? '新增'}
          </Button>
        </div>
      )}
      <Table<T>
        size="middle"
        bordered
        rowKey={rowKeyOf}
        columns={columns}
        dataSource={shown}
        // A column without a width (备注) keeps room for its title and text: a narrow dialog scrolls (操作 stays).
        // Without rows there is nothing to scroll to (and a scroll region with nothing to focus is not reachable by keyboard).
        scroll={
          shown.length
            ? { x: columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : FREE_WIDTH), 0) }
            : undefined
        }
        pagination={{
          current: Math.min(page, lastPage(shown.length)),
          pageSize: EDIT_TABLE_PAGE_SIZE,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (total, range) => `${range[0]}-${range[1]} 共${total}条`,
        }}
      />
    </div>
  );
}
