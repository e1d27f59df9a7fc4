import { useState } from 'react';
import { PERM, type Role } from '@lims/contracts';
import { ListPage } from '../../shared/list-page/list-page';
import { loadById } from '../../shared/list-page/stale-edit';
import { useFormModal } from '../../shared/list-page/use-form-modal';
import { useListPage } from '../../shared/list-page/use-list-page';
import { ROLE_URL } from './api';
import { roleColumns } from './role-columns';
import { roleListSource } from './role-list-source';
import { RoleFormModal } from './role-form-modal';
import { RoleUserDrawer } from './role-user-drawer';
import { RoleAuthDrawer } from './role-auth-drawer';

/** 角色管理 (menu component system/RoleList): roles, their users and their menus and buttons. */
export default function RoleListPage() {
  const modal = useFormModal<Role>({ load: loadById(ROLE_URL.queryById) });
  const [usersOf, setUsersOf] = useState<Role | null>(null);
  const [authorising, setAuthorising] = useState<Role | null>(null);
  const list = useListPage<Role>({
    ...roleListSource,
    deleteUrl: ROLE_URL.delete,
    deleteBatchUrl: ROLE_URL.deleteBatch,
    exportUrl: ROLE_URL.exportXls,
    exportName: '角色信息',
    importUrl: ROLE_URL.importExcel,
    templateUrl: ROLE_URL.importTemplate,
    columns: roleColumns,
    inlineActions: 1,
    rowActions: (r, kit) => [
      { key: 'users', label: '用户', onClick: () => setUsersOf(r) },
      { key: 'authorize', label: '授权', code: PERM.role.authorize, onClick: () => setAuthorising(r) },
      { key: 'edit', label: '编辑', code: PERM.role.edit, onClick: () => modal.edit(r) },
      kit.deleteAction(r, { code: PERM.role.delete }),
    ],
  });

  return (
    <ListPage
      list={list}
      toolbar={{
        add: { text: '角色录入', code: PERM.role.add, onClick: () => modal.add() },
        export: { code: PERM.role.export },
        import: { code: PERM.role.import, templateName: '角色导入模板' },
        batch: { code: PERM.role.delete },
      }}
    >
      <RoleFormModal modal={modal} />
      <RoleUserDrawer role={usersOf} onClose={() => setUsersOf(null)} />
      <RoleAuthDrawer role={authorising} onClose={() => setAuthorising(null)} />
    </ListPage>
  );
}
