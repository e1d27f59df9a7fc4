import { useEffect, useId, useState, type Key, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { Button, Input, Space, Table, App } from 'antd';
import type { TableColumnType as ColumnType } from 'antd';
import { PICKER_PAGE_SIZE, pickerParams, readPickerAnswer, type PickerAnswer, type PickerParams } from './picker-query';
import { selectionLabels } from '../table-selection/selection-labels';

export type PickerColumn<T> = {
  title: string;
  dataIndex: Extract<keyof T, string>;
  /** Shows the column's search box (搜索 / 重置). */
  searchable?: boolean;
  width?: number;
  render?: (value: unknown, record: T) => ReactNode;
};

export type PickerTableProps<T> = {
  fetch: (params: PickerParams) => Promise<PickerAnswer<T>>;
  columns: PickerColumn<T>[];
  rowKey: Extract<keyof T, string>;
  /** The key of the row currently chosen. */
  selectedKey?: string;
  onConfirm: (record: T) => void;
};

type SearchBoxProps = { title: string; initial: string; onSearch: (term: string) => void; onReset: () => void };

function ColumnSearch({ title, initial, onSearch, onReset }: SearchBoxProps) {
  const [term, setTerm] = useState(initial);
  return (
    <div style={{ padding: 8, width: 220 }} onKeyDown={(e) => e.stopPropagation()}>
      <Input
        aria-label={`搜索${title}`}
        placeholder={`搜索${title}`}
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        onPressEnter={() => onSearch(term)}
        style={{ marginBottom: 8 }}
      />
      <Space>
        <Button type="primary" size="small" icon={<SearchOutlined />} onClick={() => onSearch(term)}>
          搜索
        </Button>
        <Button
          size="small"
          onClick={() => {
            setTerm('');
            onReset();
          }}
        >
          重置
        </Button>
      </Space>
    </div>
  );
}

/** The popover body of TablePicker: a server-paged table with column search, row-click selection and 确定. */
export function PickerTable<T extends object>(p: PickerTableProps<T>) {
  const { message } = App.useApp();
  const pickerId = useId();
  const [pageNo, setPageNo] = useState(1);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<T | null>(null);
  const params = pickerParams(pageNo, filters);
  const query = useQuery({
    queryKey: ['table-picker', pickerId, params],
    queryFn: async () => readPickerAnswer(await p.fetch(params)),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });

  const failure = query.error ? query.error.message || '查询失败' : null;
  useEffect(() => {
    if (failure) void message.warning(failure);
  }, [failure, query.errorUpdatedAt, message]);

  const keyOf = (record: T) => String(record[p.rowKey]);
  const pendingKey = pending ? keyOf(pending) : p.selectedKey;
  const search = (field: string, term: string) => {
    setFilters((f) => ({ ...f, [field]: term.trim() }));
    setPageNo(1);
  };

  const columns: ColumnType<T>[] = p.columns.map((c) => ({
    title: c.title,
    dataIndex: c.dataIndex,
    key: c.dataIndex,
    width: c.width,
    render: c.render ? (value: unknown, record: T) => c.render?.(value, record) : undefined,
    ...(c.searchable
      ? {
          filteredValue: filters[c.dataIndex] ? [filters[c.dataIndex]] : null,
          filterIcon: (active: boolean) => (
            <SearchOutlined aria-label={`搜索${c.title}`} style={{ color: active ? '#1677ff' : undefined }} />
          ),
          filterDropdown: ({ close }: { close: () => void }) => (
            <ColumnSearch
              title={c.title}
              initial={filters[c.dataIndex] ?? ''}
              onSearch={(term) => {
                search(c.dataIndex, term);
                close();
              }}
              onReset={() => {
                search(c.dataIndex, '');
                close();
              }}
            />
          ),
        }
      : {}),
  }));

  return (
    <div style={{ width: 640, maxWidth: '90vw' }}>
      <Table<T>
        size="small"
        rowKey={keyOf}
        columns={columns}
        dataSource={query.data?.records ?? []}
        loading={query.isFetching}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: pendingKey ? [pendingKey] : [],
          onChange: (_: Key[], rows: T[]) => setPending(rows[0] ?? null),
          ...selectionLabels(query.data?.records ?? []),
        }}
        onRow={(record) => ({
          onClick: () => setPending(record),
          onDoubleClick: () => p.onConfirm(record),
          style: { cursor: 'pointer' },
        })}
        pagination={{
          current: pageNo,
          pageSize: PICKER_PAGE_SIZE,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          size: 'small',
          showTotal: (total, range) => `${range[0]}-${range[1]} 共${total}条`,
          onChange: setPageNo,
        }}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 8 }}>
        <Button type="primary" disabled={!pending} onClick={() => pending && p.onConfirm(pending)}>
          确定
        </Button>
      </div>
    </div>
  );
}
