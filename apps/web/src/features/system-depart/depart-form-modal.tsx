import { FormModal } from '../../shared/list-page/form-modal';
import type { FormModalController } from '../../shared/list-page/use-form-modal';
import { useAddDepart, type DepartAddValues } from './api';
import { DepartFormFields, defaultCategory } from './depart-form-fields';

/** Where a new department goes: no parent → a top-level unit (添加一级部门). */
export type DepartAddTarget = { parentId: string | null; parentName: string | null; departOrder: number };

type Props = {
  modal: FormModalController<DepartAddTarget>;
  /** Called with the new department's id (the page selects it). */
  onAdded: (id: string) => void;
};

/**
 * The add modal (DepartModal): 机构名称, 上级部门 (for a child), 机构类型, 排序, 电话, 传真, 地址,
 * 备注. The server generates the org code (A01, A01A01 …) and the org type.
 */
export function DepartFormModal({ modal, onAdded }: Props) {
  const add = useAddDepart();
  const parentId = modal.record?.parentId ?? null;
  const topLevel = parentId === null;
  return (
    <FormModal<DepartAddTarget, DepartAddValues>
      modal={modal}
      width={800}
      toValues={() => ({})}
      defaults={{ orgCategory: defaultCategory(topLevel), departOrder: modal.record?.departOrder ?? 0 }}
      onSubmit={async (values) => {
        const saved = await add.mutateAsync({ ...values, parentId });
        onAdded(saved.id);
        return saved.message;
      }}
    >
      <DepartFormFields topLevel={topLevel} parentName={topLevel ? null : (modal.record?.parentName ?? '')} />
    </FormModal>
  );
}
