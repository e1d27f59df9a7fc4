import { Form, Input } from 'antd';
import { ROLE_MSG, type Role } from '@lims/contracts';
import { duplicateRule } from '../../shared/form/duplicate-check';
import { FormModal } from '../../shared/list-page/form-modal';
import type { FormModalController } from '../../shared/list-page/use-form-modal';
import { useSaveRole, type RoleFormValues } from './api';

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * The role modal (width 800): 角色名称 (2–30 characters), 角色编码 (no Chinese, at most 64, unique —
 * checked on blur — and fixed once saved), 描述 (at most 126).
 */
export function RoleFormModal({ modal }: { modal: FormModalController<Role> }) {
  const save = useSaveRole();
  const existing = !modal.isNew;
  return (
    <FormModal<Role, RoleFormValues>
      modal={modal}
      onSubmit={(values, ctx) => save.mutateAsync({ values, id: ctx.isNew ? undefined : ctx.record?.id })}
    >
      <Form.Item
        name="roleName"
        label="角色名称"
        rules={[
          { required: true, whitespace: true, message: ROLE_MSG.nameRequired },
          { min: 2, max: 30, message: ROLE_MSG.nameLength },
        ]}
      >
        <Input placeholder="请输入角色名称" />
      </Form.Item>
      <Form.Item
        name="roleCode"
        label="角色编码"
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          { required: true, whitespace: true, message: ROLE_MSG.codeRequired },
          { max: 64, message: ROLE_MSG.codeTooLong },
          {
            validator: async (_r, v: unknown) => {
              if (typeof v === 'string' && CHINESE.test(v)) throw new Error(ROLE_MSG.codeChinese);
            },
          },
          {
            validator: async (_r, v: unknown) => {
              if (typeof v === 'string' && /\s/.test(v.trim())) throw new Error(ROLE_MSG.codeSpaces);
            },
          },
          ...(existing ? [] : [duplicateRule({ tableName: 'roles', fieldName: 'role_code' })]),
        ]}
      >
        <Input placeholder="请输入角色编码" disabled={existing} />
      </Form.Item>
      <Form.Item name="description" label="描述" rules={[{ max: 126, message: ROLE_MSG.descriptionTooLong }]}>
        <Input.TextArea placeholder="请输入描述" rows={3} />
      </Form.Item>
    </FormModal>
  );
}
