import { Empty, Tag } from 'antd';
import type { ListColumn } from '../../shared/list-page/list-columns';
import { ListPage } from '../../shared/list-page/list-page';
import { useListPage } from '../../shared/list-page/use-list-page';
import type { TagColor } from '../../shared/dict/dict-tag';
import { DEPART_URL, departKeys, type DepartUser } from './api';

const STATUS_COLORS: Record<string, TagColor> = { 1: 'green', 2: 'red' };

const userColumns: ListColumn<DepartUser>[] = [
  { title: '用户账号', dataIndex: 'username', sorter: true },
  { title: '用户姓名', dataIndex: 'realname' },
  {
    title: '状态',
    dataIndex: 'status',
    align: 'center',
    width: 100,
    render: (v: number | undefined, r) =>
      v === undefined ? null : <Tag color={STATUS_COLORS[v]}>{r.status_dictText ?? v}</Tag>,
  },
];

function DepartUserList({ departId }: { departId: string }) {
  const list = useListPage<DepartUser>({
    keys: departKeys.users(departId),
    url: DEPART_URL.users,
    fixedParams: { id: departId },
    syncUrl: false,
    selectable: false,
    columns: userColumns,
  });
  return <ListPage list={list} bare />;
}

/** 部门人员: the members of the selected department, paged (queryDepartUsers). */
export function DepartUsersTab({ departId }: { departId: string | undefined }) {
  if (!departId) return <Empty description="请点击左侧部门查看其人员" style={{ padding: '48px 0' }} />;
  return <DepartUserList key={departId} departId={departId} />;
}
