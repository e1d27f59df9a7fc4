import { Avatar, Image } from 'antd';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { User } from '@lims/contracts';
import { DictTag } from '../../shared/dict/dict-tag';
import type { TagColor } from '../../shared/dict/dict-tag';
import type { ListColumn } from '../../shared/list-page/list-columns';
import { withControls, type SearchField } from '../../shared/list-page/search-fields';
import { imageUrl } from '../../shared/ui/upload-field/upload-types';
import { DepartSelect } from '../../shared/ui/depart-select/depart-select';
import { USER_STATUS_DICT, userListSource } from './user-list-source';

/** 用户管理's search fields and columns (pure data). */

/** The user's picture (a click opens antd's image preview), or the user icon without one. */
export function UserAvatar({ path }: { path: string | null }) {
  return path ? (
    <Avatar shape="square" size={36} src={<Image src={imageUrl(path)} alt="头像" />} />
  ) : (
    <Avatar shape="square" size={36} icon={<UserOutlined aria-label="无头像" />} />
  );
}

const STATUS_COLORS: Record<string, TagColor> = { 1: 'green', 2: 'red' };

/** The search fields of the list source, with the department tree select. */
export const userSearchFields: SearchField[] = withControls(userListSource.searchFields ?? [], {
  departId: (p) => <DepartSelect {...p} />,
});

export const userColumns: ListColumn<User>[] = [
  { title: '用户账号', dataIndex: 'username', sorter: true, width: 120 },
  { title: '用户姓名', dataIndex: 'realname', sorter: true, width: 110 },
  {
    title: '头像',
    dataIndex: 'avatar',
    width: 80,
    align: 'center',
    render: (v: string | null) => <UserAvatar path={v} />,
  },
  { title: '性别', dataIndex: 'sex', sorter: true, width: 80, align: 'center', render: (_v, r) => r.sex_dictText },
  {
    title: '生日',
    dataIndex: 'birthday',
    sorter: true,
    width: 120,
    align: 'center',
    render: (v: string | null) => v?.slice(0, 10),
  },
  { title: '手机号码', dataIndex: 'phone', width: 130, align: 'center' },
  { title: '部门', dataIndex: 'departNames', width: 200, ellipsis: { showTitle: true } },
  // The roles show who is a permission manager (权限管理员): a role an administrator gives, never an account name.
  { title: '角色', dataIndex: 'roleNames', width: 160, ellipsis: { showTitle: true } },
  {
    title: '状态',
    dataIndex: 'status',
    sorter: true,
    width: 80,
    align: 'center',
    render: (v: number) => <DictTag dictCode={USER_STATUS_DICT} value={v} colors={STATUS_COLORS} />,
  },
];
