import { useMemo, useState, type Key } from 'react';
import { Dropdown, Empty, Spin, Tree } from 'antd';
import type { MenuProps } from 'antd';
import { PERM } from '@lims/contracts';
import { useCanFn } from '../../shared/permission/use-can';
import { parentKeys, type TreeItem } from './depart-tree-data';

type Props = {
  items: TreeItem[];
  loading: boolean;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  checkedKeys: string[];
  onCheck: (keys: string[]) => void;
  /** Right-click ▸ 添加子部门 / 删除 on a node. */
  onAddChild: (id: string) => void;
  onDelete: (id: string) => void;
};

/**
 * The department tree: opened fully (a node the user closes stays closed, a new parent opens),
 * checkable node by node (批量删除), and a right-click menu 添加子部门 / 删除.
 */
export function DepartTree({
  items,
  loading,
  selectedId,
  onSelect,
  checkedKeys,
  onCheck,
  onAddChild,
  onDelete,
}: Props) {
  const can = useCanFn();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const expandedKeys = useMemo(() => parentKeys(items).filter((k) => !collapsed.has(k)), [items, collapsed]);

  const menuItems: MenuProps['items'] = [
    ...(can(PERM.depart.add) ? [{ key: 'addChild', label: '添加子部门' }] : []),
    ...(can(PERM.depart.delete) ? [{ key: 'delete', label: '删除', danger: true }] : []),
  ];
  const onExpand = (keys: Key[]) => {
    const open = new Set(keys.map(String));
    setCollapsed(new Set(parentKeys(items).filter((k) => !open.has(k))));
  };

  if (loading) return <Spin style={{ display: 'block', padding: 24 }} />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Tree<TreeItem>
      checkable
      checkStrictly
      blockNode
      treeData={items}
      expandedKeys={expandedKeys}
      onExpand={onExpand}
      selectedKeys={selectedId ? [selectedId] : []}
      onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : null)}
      checkedKeys={{ checked: checkedKeys, halfChecked: [] }}
      onCheck={(checked) => onCheck((Array.isArray(checked) ? checked : checked.checked).map(String))}
      titleRender={(node) =>
        menuItems.length === 0 ? (
          <span>{node.title}</span>
        ) : (
          <Dropdown
            trigger={['contextMenu']}
            menu={{
              items: menuItems,
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                if (key === 'addChild') onAddChild(node.key);
                else onDelete(node.key);
              },
            }}
          >
            <span>{node.title}</span>
          </Dropdown>
        )
      }
    />
  );
}
