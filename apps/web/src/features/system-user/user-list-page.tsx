import { App } from 'antd';
import { useState, type Key } from 'react';
import { PERM, type User, type UserDetail } from '@lims/contracts';
import { ListPage } from '../../shared/list-page/list-page';
import { reportError } from '../../shared/list-page/report-error';
import { useFormModal } from '../../shared/list-page/use-form-modal';
import { useListPage } from '../../shared/list-page/use-list-page';
import { USER_STATUS, USER_URL, useFetchUserDetail, useFreezeUsers } from './api';
import { importedPasswords } from './imported-passwords';
import { userColumns, userSearchFields } from './user-columns';
import { userListSource } from './user-list-source';
import { UserFormModal } from './user-form-modal';
import { ImportPasswordsModal } from './import-passwords-modal';
import { UserPasswordModal } from './user-password-modal';

type OpenMode = 'edit' | 'detail' | 'clone';

/** A copy for 复制新增: roles, departments, post and desk phone stay; the person's own data does not. */
const forClone = (r: UserDetail): UserDetail => ({
  ...r,
  username: undefined,
  realname: undefined,
  workNo: null,
  email: null,
  phone: null,
  avatar: null,
  birthday: null,
  sex: null,
});

const statusLabel = (status: number) => (status === USER_STATUS.frozen ? '解冻' : '冻结');

/** 用户管理 (menu component system/UserList). */
export default function UserListPage() {
  const { message, modal: dialogs } = App.useApp();
  const fetchDetail = useFetchUserDetail();
  const modal = useFormModal<UserDetail>({
    load: async (r) => ({ ...r, ...(await fetchDetail(String(r.id))) }),
  });
  const [resetting, setResetting] = useState<string | null>(null);
  const [passwords, setPasswords] = useState<ReturnType<typeof importedPasswords>>(null);
  const freeze = useFreezeUsers();

  /** 编辑 / 详情 / 复制新增 start from queryById (the record with its role and department ids). */
  const open = (mode: OpenMode, r: User) => {
    fetchDetail(r.id).then(
      (d) => {
        const record: UserDetail = { ...r, ...d };
        if (mode === 'edit') modal.edit(record);
        else if (mode === 'detail') modal.detail(record);
        else modal.clone(forClone(record));
      },
      (err: unknown) => reportError(err, message),
    );
  };

  /** 冻结 (2) / 解冻 (1); the server refuses the admin account with its own message. */
  const setStatus = (ids: Key[], status: number) =>
    freeze.mutateAsync({ ids: ids.map(String), status }).then(
      (text) => {
        message.success(text);
        return true;
      },
      (err: unknown) => {
        reportError(err, message);
        return false;
      },
    );

  const list = useListPage<User>({
    ...userListSource,
    deleteUrl: USER_URL.delete,
    deleteBatchUrl: USER_URL.deleteBatch,
    exportUrl: USER_URL.exportXls,
    exportName: '用户信息',
    importUrl: USER_URL.importExcel,
    templateUrl: USER_URL.importTemplate,
    onImported: (result) => setPasswords(importedPasswords(result)),
    searchFields: userSearchFields,
    columns: userColumns,
    inlineActions: 1,
    actionsWidth: 130,
    rowActions: (r, kit) => [
      { key: 'edit', label: '编辑', code: PERM.user.edit, onClick: () => open('edit', r) },
      { key: 'detail', label: '详情', onClick: () => open('detail', r) },
      { key: 'clone', label: '复制新增', code: PERM.user.add, onClick: () => open('clone', r) },
      { key: 'password', label: '密码', code: PERM.user.resetPassword, onClick: () => setResetting(r.username) },
      {
        key: 'freeze',
        label: statusLabel(r.status),
        code: PERM.user.freeze,
        confirm: `确定${statusLabel(r.status)}吗?`,
        onClick: () =>
          void setStatus([r.id], r.status === USER_STATUS.frozen ? USER_STATUS.normal : USER_STATUS.frozen),
      },
      kit.deleteAction(r, { code: PERM.user.delete }),
    ],
  });

  const batchStatus = (status: number) => {
    const ids = list.selection.keys;
    if (ids.length === 0) {
      message.warning('请选择一条记录！');
      return;
    }
    dialogs.confirm({
      title: '确认操作',
      content: `是否${status === USER_STATUS.frozen ? '冻结' : '解冻'}选中账号?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        if (await setStatus(ids, status)) list.selection.clear();
      },
    });
  };

  return (
    <ListPage
      list={list}
      toolbar={{
        add: { text: '添加用户', code: PERM.user.add, onClick: () => modal.add() },
        export: { code: PERM.user.export },
        import: { code: PERM.user.import, templateName: '用户导入模板' },
        batch: {
          code: PERM.user.delete,
          items: [
            { key: 'freeze', label: '冻结', code: PERM.user.freeze, onClick: () => batchStatus(USER_STATUS.frozen) },
            { key: 'unfreeze', label: '解冻', code: PERM.user.freeze, onClick: () => batchStatus(USER_STATUS.normal) },
          ],
        },
      }}
    >
      <UserFormModal modal={modal} />
      <UserPasswordModal username={resetting} onClose={() => setResetting(null)} />
      <ImportPasswordsModal rows={passwords} onClose={() => setPasswords(null)} />
    </ListPage>
  );
}
