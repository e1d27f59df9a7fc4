import { useState, type MouseEvent } from 'react';
import { Button, Input, Modal, Spin, Table, Tree, Tag } from 'antd';
import type { TableProps } from 'antd';
import { useDepartTree } from '../../depart/use-depart-tree';
import { isApiError } from '../../http/api-error';
import { PICKER_PAGE_SIZE } from '../table-picker/picker-query';
import { toPicked, useUserPage, type PickedUser, type UserPageQuery, type UserRow } from './user-picker-api';
import styles from './user-picker.module.css';
import { selectionLabels } from '../table-selection/selection-labels';

type Props = {
  open: boolean;
  multiple: boolean;
  /** The users chosen when the modal opens. */
  initial: PickedUser[];
  onOk: (users: PickedUser[]) => void;
  onCancel: () => void;
};

const columns: TableProps<UserRow>['columns'] = [
  { title: '用户账号', dataIndex: 'username', width: 120, ellipsis: true },
  { title: '用户姓名', dataIndex: 'realname', width: 110, ellipsis: true },
  { title: '性别', dataIndex: 'sex_dictText', width: 60, align: 'center' },
  { title: '部门', dataIndex: 'departNames', ellipsis: true },
  { title: '状态', dataIndex: 'status_dictText', width: 70, align: 'center' },
];

/** The clicks on a row that are not on its checkbox / radio (that one selects by itself). */
const outsideSelection = (e: MouseEvent) => !(e.target as HTMLElement).closest('.ant-table-selection-column');

/**
 * 选择用户: the department tree on the left, the department's users (sub-departments included) on the
 * right, searchable by 账号 / 姓名, 10 a page; the selection is kept across pages and searches.
 */
export function UserPickerModal({ open, multiple, initial, onOk, onCancel }: Props) {
  const [selected, setSelected] = useState<PickedUser[]>(initial);
  const [draft, setDraft] = useState({ username: '', realname: '' });
  const [query, setQuery] = useState<UserPageQuery>({ pageNo: 1 });
  const departs = useDepartTree();
  const page = useUserPage(query, open);

  const search = () =>
    setQuery((q) => ({ depId: q.depId, username: draft.username.trim(), realname: draft.realname.trim(), pageNo: 1 }));
  const reset = () => {
    setDraft({ username: '', realname: '' });
    setQuery((q) => ({ depId: q.depId, pageNo: 1 }));
  };
  const choose = (keys: readonly unknown[], rows: readonly (UserRow | undefined)[]) => {
    const known = new Map(selected.map((u) => [u.id, u]));
    for (const r of rows) if (r) known.set(r.id, toPicked(r));
    setSelected(keys.map((k) => known.get(String(k))).filter((u): u is PickedUser => Boolean(u)));
  };
  const toggle = (r: UserRow) => {
    if (!multiple) setSelected([toPicked(r)]);
    else if (selected.some((u) => u.id === r.id)) setSelected(selected.filter((u) => u.id !== r.id));
    else setSelected([...selected, toPicked(r)]);
  };

  const error = page.isError && !page.isFetching ? page.error : null;
  return (
    <Modal
      open={open}
      title="选择用户"
      width={1000}
      okText="确定"
      cancelText="取消"
      onOk={() => onOk(selected)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div className={styles.body}>
        <div className={styles.tree} aria-label="部门">
          {departs.isLoading ? (
            <Spin />
          ) : (
            <Tree
              blockNode
              defaultExpandAll
              treeData={departs.options}
              selectedKeys={query.depId ? [query.depId] : []}
              onSelect={(keys) =>
                setQuery((q) => ({ ...q, depId: keys[0] === undefined ? undefined : String(keys[0]), pageNo: 1 }))
              }
            />
          )}
        </div>
        <div className={styles.list}>
          <div className={styles.search}>
            <Input
              placeholder="请输入账号"
              aria-label="账号"
              value={draft.username}
              allowClear
              onChange={(e) => setDraft({ ...draft, username: e.target.value })}
              onPressEnter={search}
            />
            <Input
              placeholder="请输入姓名"
              aria-label="姓名"
              value={draft.realname}
              allowClear
              onChange={(e) => setDraft({ ...draft, realname: e.target.value })}
              onPressEnter={search}
            />
            <Button type="primary" onClick={search}>
              查询
            </Button>
            <Button onClick={reset}>重置</Button>
          </div>
          <div className={styles.chosen}>
            <span>已选择 {selected.length} 人：</span>
            {selected.map((u) => (
              <Tag
                key={u.id}
                closable
                title={u.username}
                onClose={() => setSelected(selected.filter((x) => x.id !== u.id))}
              >
                {u.realname}
              </Tag>
            ))}
          </div>
          <Table<UserRow>
            rowKey="id"
            size="small"
            bordered
            columns={columns}
            dataSource={page.data?.records ?? []}
            loading={page.isFetching}
            scroll={{ y: 360 }}
            rowSelection={{
              type: multiple ? 'checkbox' : 'radio',
              selectedRowKeys: selected.map((u) => u.id),
              preserveSelectedRowKeys: true,
              onChange: (keys, rows) => choose(keys, rows),
              ...selectionLabels(page.data?.records ?? []),
            }}
            onRow={(r) => ({
              onClick: (e: MouseEvent<HTMLTableRowElement>) => {
                if (outsideSelection(e)) toggle(r);
              },
            })}
            pagination={{
              current: query.pageNo,
              pageSize: PICKER_PAGE_SIZE,
              total: page.data?.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => `共${total}条`,
              onChange: (pageNo) => setQuery((q) => ({ ...q, pageNo })),
            }}
            locale={error ? { emptyText: isApiError(error) && error.message ? error.message : '查询失败' } : undefined}
          />
        </div>
      </div>
    </Modal>
  );
}
