import type { Role } from '@lims/contracts';
import { DictTag } from '../../shared/dict/dict-tag';
import type { ListColumn } from '../../shared/list-page/list-columns';
import type { SearchField } from '../../shared/list-page/search-fields';
import type { TagColor } from '../../shared/dict/dict-tag';
import type { RoleUser } from './api';

/** The role page's search fields and columns, and those of a role's users (pure data). */

export const roleColumns: ListColumn<Role>[] = [
  { title: '角色编码', dataIndex: 'roleCode', sorter: true, width: 200 },
  { title: '角色名称', dataIndex: 'roleName', sorter: true, width: 200 },
  { title: '描述', dataIndex: 'description', ellipsis: { showTitle: true } },
  { title: '创建时间', dataIndex: 'createTime', sorter: true, width: 180, align: 'center' },
];

/** User status: the seeded dictionary user_status (1 正常, 2 冻结). */
const USER_STATUS_DICT = 'user_status';
const STATUS_COLORS: Record<string, TagColor> = { 1: 'green', 2: 'red' };

export const roleUserSearchFields: SearchField[] = [{ name: 'username', label: '用户账号' }];

export const roleUserColumns: ListColumn<RoleUser>[] = [
  { title: '用户账号', dataIndex: 'username', sorter: true, width: 160 },
  { title: '用户姓名', dataIndex: 'realname', width: 160 },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    align: 'center',
    render: (v: number) => <DictTag dictCode={USER_STATUS_DICT} value={v} colors={STATUS_COLORS} />,
  },
];
