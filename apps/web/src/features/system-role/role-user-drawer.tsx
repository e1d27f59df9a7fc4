import { useState } from 'react';
import { Button, Drawer, Typography } from 'antd';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import { PERM, type Role } from '@lims/contracts';
import { Can } from '../../shared/permission/can';
import { ListPage } from '../../shared/list-page/list-page';
import { useListPage } from '../../shared/list-page/use-list-page';
import { ROLE_URL, roleKeys, type RoleUser } from './api';
import { RoleAddUsersModal } from './role-add-users-modal';
import { roleUserColumns, roleUserSearchFields } from './role-columns';

type RoleRef = Pick<Role, 'id' | 'roleName' | 'roleCode'>;

/** 用户: the users holding one role; 添加已有用户 links more, 删除 takes a user out of the role (the account stays). */
export function RoleUserDrawer({ role, onClose }: { role: RoleRef | null; onClose: () => void }) {
  return (
    <Drawer open={role !== null} title="角色用户" size={820} onClose={onClose} destroyOnHidden>
      {role && <RoleUserList key={role.id} role={role} />}
    </Drawer>
  );
}

function RoleUserList({ role }: { role: RoleRef }) {
  const [adding, setAdding] = useState(false);
  const list = useListPage<RoleUser>({
    keys: roleKeys.users(role.id),
    url: ROLE_URL.users,
    fixedParams: { roleId: role.id },
    deleteUrl: ROLE_URL.removeUser,
    deleteBatchUrl: ROLE_URL.removeUsers,
    deleteQuery: {
      one: (id) => ({ roleId: role.id, userId: String(id) }),
      many: (ids) => ({ roleId: role.id, userIds: ids.join(',') }),
    },
    syncUrl: false,
    searchFields: roleUserSearchFields,
    columns: roleUserColumns,
    rowActions: (r, kit) => [kit.deleteAction(r, { code: PERM.role.edit })],
  });
  return (
    <ListPage
      list={list}
      bare
      header={
        <Typography.Paragraph>
          角色：<Typography.Text strong>{role.roleName}</Typography.Text>
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            {role.roleCode}
          </Typography.Text>
        </Typography.Paragraph>
      }
      toolbar={{
        extra: (
          <Can code={PERM.role.edit}>
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
              添加已有用户
            </Button>
          </Can>
        ),
        batch: { code: PERM.role.edit },
      }}
    >
      <RoleAddUsersModal roleId={role.id} open={adding} onClose={() => setAdding(false)} />
    </ListPage>
  );
}
