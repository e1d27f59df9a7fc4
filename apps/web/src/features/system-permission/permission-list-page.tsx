import { useState, type Key } from 'react';
import { Button } from 'antd';
import ColumnHeightOutlined from '@ant-design/icons/ColumnHeightOutlined';
import VerticalAlignMiddleOutlined from '@ant-design/icons/VerticalAlignMiddleOutlined';
import { PERM, type PermissionListNode } from '@lims/contracts';
import { ListPage } from '../../shared/list-page/list-page';
import { LIST_MSG } from '../../shared/list-page/list-messages';
import { useFormModal } from '../../shared/list-page/use-form-modal';
import { useListPage } from '../../shared/list-page/use-list-page';
import { PERMISSION_URL } from './api';
import { permissionListSource } from './permission-list-source';
import { branchIds, descendantCount } from './menu-tree-options';
import { permissionColumns } from './permission-columns';
import { PermissionFormDrawer } from './permission-form-drawer';
import { DataRuleDrawer } from './data-rule-drawer';

/** The question before a delete: it says when the menu's children go with it. */
export function deleteQuestion(r: PermissionListNode): string {
  const n = descendantCount(r);
  return n > 0 ? `确定删除「${r.name}」及其全部 ${n} 个下级菜单/按钮吗?` : LIST_MSG.deleteConfirm;
}

/** 菜单管理 (menu component system/PermissionList): the tree of menus and buttons. */
export default function PermissionListPage() {
  const modal = useFormModal<PermissionListNode>();
  const [ruleMenu, setRuleMenu] = useState<PermissionListNode | null>(null);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  /** 添加子菜单: a 子菜单 under `r`, which opens so the new child shows once saved. */
  const addChild = (r: PermissionListNode) => {
    setExpanded((keys) => (keys.includes(r.id) ? keys : [...keys, r.id]));
    modal.add({ menuType: 1, parentId: r.id });
  };
  const list = useListPage<PermissionListNode>({
    ...permissionListSource,
    deleteUrl: PERMISSION_URL.delete,
    deleteBatchUrl: PERMISSION_URL.deleteBatch,
    rowNumber: false,
    columns: permissionColumns,
    inlineActions: 1,
    rowActions: (r, kit) => [
      { key: 'edit', label: '编辑', code: PERM.menu.edit, onClick: () => modal.edit(r) },
      { key: 'detail', label: '详情', onClick: () => modal.detail(r) },
      ...(r.menuType === 2
        ? []
        : [
            { key: 'addChild', label: '添加子菜单', code: PERM.menu.add, onClick: () => addChild(r) },
            { key: 'rules', label: '数据规则', code: PERM.menu.rule, onClick: () => setRuleMenu(r) },
          ]),
      { ...kit.deleteAction(r, { code: PERM.menu.delete }), confirm: deleteQuestion(r) },
    ],
  });
  const tree = list.data?.records ?? [];
  const allBranches = branchIds(tree);
  const allOpen = allBranches.length > 0 && allBranches.every((k) => expanded.includes(k));
  const treeList = {
    ...list,
    tableProps: {
      ...list.tableProps,
      pagination: false as const,
      expandable: { expandedRowKeys: expanded, onExpandedRowsChange: (keys: readonly Key[]) => setExpanded(keys) },
    },
  };

  return (
    <ListPage
      list={treeList}
      toolbar={{
        add: { text: '新增', code: PERM.menu.add, onClick: () => modal.add() },
        batch: { code: PERM.menu.delete, mode: 'button' },
        extra: (
          <Button
            icon={allOpen ? <VerticalAlignMiddleOutlined /> : <ColumnHeightOutlined />}
            onClick={() => setExpanded(allOpen ? [] : allBranches)}
          >
            {allOpen ? '折叠全部' : '展开全部'}
          </Button>
        ),
      }}
    >
      <PermissionFormDrawer modal={modal} tree={tree} />
      <DataRuleDrawer menu={ruleMenu} onClose={() => setRuleMenu(null)} />
    </ListPage>
  );
}
