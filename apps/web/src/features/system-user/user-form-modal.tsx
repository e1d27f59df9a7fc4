import { Form, Input, Select, DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MOBILE_PATTERN, PERM, TELEPHONE_PATTERN, USERNAME_PATTERN, USER_MSG, type UserDetail } from '@lims/contracts';
import { DictSelect } from '../../shared/dict/dict-select';
import { blurCheckRule, checkTaken } from '../../shared/form/duplicate-check';
import { FormModal } from '../../shared/list-page/form-modal';
import type { FormModalController } from '../../shared/list-page/use-form-modal';
import { useCan, useDisabledUnlessGranted } from '../../shared/permission/use-can';
import { DepartSelect } from '../../shared/ui/depart-select/depart-select';
import { UploadField } from '../../shared/ui/upload-field/upload-field';
import { USER_URL, useRoleOptions, useSaveUser, type UserFormValues } from './api';
import { PasswordFields } from './password-fields';
import { SEX_DICT } from './user-list-source';

type UniqueField = 'username' | 'workNo' | 'email' | 'phone';

/** On blur: GET /sys/user/checkOnlyUser (用户名已存在！ / 工号已存在！ / 邮箱已存在！ / 手机号已存在！). */
const uniqueRule = (field: UniqueField, id: string | undefined) =>
  blurCheckRule((value) => checkTaken(USER_URL.checkOnly, { [field]: value, id }));

const split = (v: unknown) => (typeof v === 'string' ? v.split(',').filter(Boolean) : []);
const commaProps = {
  getValueProps: (v: unknown) => ({ value: split(v) }),
  normalize: (v: string[] | undefined) => (v ?? []).join(','),
};
const dateProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v.slice(0, 10)) : undefined }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

/** Shown under 角色 to a user administrator without 分配角色. */
export const ROLES_READ_ONLY = '没有分配角色的权限，角色不可修改';

const ADD_ONLY: Array<keyof UserFormValues> = ['password', 'confirmpassword'];

/** What the server gets: on edit never the account or a password; roles only from someone who may assign them. */
function toBody(values: UserFormValues, isNew: boolean, mayAssignRoles: boolean): UserFormValues {
  const body = { ...values };
  if (!mayAssignRoles) delete body.selectedroles;
  if (isNew) return body;
  delete body.username;
  for (const k of ADD_ONLY) delete body[k];
  return body;
}

function RoleSelect(props: { value?: string[]; onChange?: (v: string[]) => void; id?: string; disabled?: boolean }) {
  const roles = useRoleOptions();
  return (
    <Select<string[]>
      {...props}
      mode="multiple"
      allowClear
      loading={roles.isLoading}
      placeholder="请选择角色"
      optionFilterProp="label"
      options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
    />
  );
}

/**
 * The user form in a drawer, as the ancestor's UserModal (add / edit / detail / clone): 用户账号 (unique, fixed once saved), the password pair on
 * add, 用户姓名, 工号, 职务, 角色 (read-only without 分配角色 `user:role`: the server lets nobody assign
 * roles without it, nor roles beyond their own permissions), 部门, 头像, 生日, 性别, 邮箱, 手机号码
 * (disabled without `user:form:phone`), 座机. Unique values are checked on blur.
 */
export function UserFormModal({ modal }: { modal: FormModalController<UserDetail> }) {
  const save = useSaveUser();
  const isNew = modal.isNew;
  const dataId = isNew ? undefined : modal.record?.id;
  const phoneLocked = useDisabledUnlessGranted(PERM.user.phoneField);
  const mayAssignRoles = useCan(PERM.user.role);
  return (
    <FormModal<UserDetail, UserFormValues>
      modal={modal}
      drawer
      width={700}
      onSubmit={(values, ctx) =>
        save.mutateAsync({
          values: toBody(values, ctx.isNew, mayAssignRoles),
          id: ctx.isNew ? undefined : ctx.record?.id,
        })
      }
    >
      <Form.Item
        name="username"
        label="用户账号"
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          { required: true, whitespace: true, message: USER_MSG.usernameRequired },
          { pattern: USERNAME_PATTERN, message: USER_MSG.usernameFormat },
          ...(isNew ? [uniqueRule('username', undefined)] : []),
        ]}
      >
        <Input placeholder="请输入用户账号" disabled={!isNew} maxLength={32} autoComplete="off" />
      </Form.Item>
      {isNew && <PasswordFields />}
      <Form.Item
        name="realname"
        label="用户姓名"
        rules={[{ required: true, whitespace: true, message: USER_MSG.realnameRequired }]}
      >
        <Input placeholder="请输入用户姓名" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="workNo"
        label="工号"
        validateTrigger={['onChange', 'onBlur']}
        rules={[uniqueRule('workNo', dataId)]}
      >
        <Input placeholder="请输入工号" maxLength={64} />
      </Form.Item>
      <Form.Item name="post" label="职务">
        <Input placeholder="请输入职务" maxLength={100} />
      </Form.Item>
      <Form.Item name="selectedroles" label="角色" extra={mayAssignRoles ? undefined : ROLES_READ_ONLY} {...commaProps}>
        <RoleSelect disabled={!mayAssignRoles} />
      </Form.Item>
      <Form.Item name="selecteddeparts" label="部门">
        <DepartSelect multiple placeholder="请选择部门" />
      </Form.Item>
      <Form.Item name="avatar" label="头像">
        <UploadField variant="image" maxCount={1} biz="avatar" />
      </Form.Item>
      <Form.Item name="birthday" label="生日" {...dateProps}>
        <DatePicker placeholder="请选择生日" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="sex" label="性别">
        <DictSelect dictCode={SEX_DICT} placeholder="请选择性别" />
      </Form.Item>
      <Form.Item
        name="email"
        label="邮箱"
        validateTrigger={['onChange', 'onBlur']}
        rules={[{ type: 'email', message: USER_MSG.emailFormat }, uniqueRule('email', dataId)]}
      >
        <Input placeholder="请输入邮箱" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="phone"
        label="手机号码"
        validateTrigger={['onChange', 'onBlur']}
        rules={
          phoneLocked ? [] : [{ pattern: MOBILE_PATTERN, message: USER_MSG.phoneFormat }, uniqueRule('phone', dataId)]
        }
      >
        <Input placeholder="请输入手机号码" maxLength={11} disabled={phoneLocked} />
      </Form.Item>
      <Form.Item
        name="telephone"
        label="座机"
        rules={[{ pattern: TELEPHONE_PATTERN, message: USER_MSG.telephoneFormat }]}
      >
        <Input placeholder="请输入座机号码，如 010-12345678" maxLength={45} />
      </Form.Item>
    </FormModal>
  );
}
