import type { PermissionListNode } from '@lims/contracts';
import { FormModal } from '../../shared/list-page/form-modal';
import type { FormModalController } from '../../shared/list-page/use-form-modal';
import { useSavePermission, type PermissionFormValues } from './api';
import { parentOptions } from './menu-tree-options';
import { PermissionFormFields } from './permission-form-fields';

/** A new menu's starting values (a child: 子菜单 under its parent, see the page). */
export const NEW_MENU: Partial<PermissionListNode> = {
  menuType: 0,
  sortNo: 1,
  permsType: '1',
  status: '1',
  isRoute: true,
  hidden: false,
  keepAlive: false,
  alwaysShow: false,
  internalOrExternal: false,
};

/** Record → form values (the tree's own fields left out). */
function toValues(r: Partial<PermissionListNode>): Record<string, unknown> {
  const { children: _children, key: _key, title: _title, ...rest } = r;
  return { ...NEW_MENU, ...rest, parentId: rest.parentId ?? undefined };
}

/**
 * 新增 / 编辑 / 详情 / 添加子菜单 in a drawer (width 700). Fields the form does not show (组件名称,
 * 描述) are sent back unchanged, so editing never clears them.
 */
export function PermissionFormDrawer({
  modal,
  tree,
}: {
  modal: FormModalController<PermissionListNode>;
  tree: readonly PermissionListNode[];
}) {
  const save = useSavePermission();
  const editingId = modal.isNew ? undefined : modal.record?.id;
  return (
    <FormModal<PermissionListNode, PermissionFormValues>
      modal={modal}
      drawer
      width={700}
      defaults={NEW_MENU}
      toValues={toValues}
      onSubmit={(values, ctx) => {
        const kept = { componentName: ctx.record?.componentName ?? null, description: ctx.record?.description ?? null };
        return save.mutateAsync({ values: { ...kept, ...values }, id: ctx.isNew ? undefined : ctx.record?.id });
      }}
    >
      <PermissionFormFields initialType={modal.record?.menuType ?? 0} parents={parentOptions(tree, editingId)} />
    </FormModal>
  );
}
