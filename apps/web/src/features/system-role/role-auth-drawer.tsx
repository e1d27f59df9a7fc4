import { useState, type Key } from 'react';
import { Alert, Button, Drawer, Dropdown, Space, Spin, Tree, Tag } from 'antd';
import UpOutlined from '@ant-design/icons/UpOutlined';
import type { Role, RoleTreeNode } from '@lims/contracts';
import { LIST_MSG } from '../../shared/list-page/list-messages';
import { RoleDataRuleDrawer } from './role-data-rule-drawer';
import { useGrantEditor, type GrantEditor } from './use-grant-editor';

type RoleRef = Pick<Role, 'id' | 'roleName'>;

const TREE_ACTIONS = [
  { key: 'link', label: '父子关联' },
  { key: 'unlink', label: '取消关联' },
  { key: 'checkAll', label: '全部勾选' },
  { key: 'uncheckAll', label: '取消全选' },
  { key: 'expandAll', label: '展开所有' },
  { key: 'collapseAll', label: '合并所有' },
];

function runTreeAction(editor: GrantEditor, key: string) {
  if (key === 'link') editor.setLinked(true);
  else if (key === 'unlink') editor.setLinked(false);
  else if (key === 'checkAll') editor.checkAll();
  else if (key === 'uncheckAll') editor.uncheckAll();
  else if (key === 'expandAll') editor.expandAll();
  else if (key === 'collapseAll') editor.collapseAll();
}

/** A node's title; a menu with data rules carries a 数据规则 tag that opens the rule choice. */
function NodeTitle({ node, onRules }: { node: RoleTreeNode; onRules: (n: RoleTreeNode) => void }) {
  return (
    <span>
      {node.title}
      {node.menuType === 2 && <Tag style={{ marginLeft: 6 }}>按钮</Tag>}
      {node.ruleFlag && (
        <Tag
          color="blue"
          style={{ marginLeft: 6, cursor: 'pointer' }}
          onClick={(e) => {
            e.stopPropagation();
            onRules(node);
          }}
        >
          数据规则
        </Tag>
      )}
    </span>
  );
}

/** 授权: the drawer 角色权限配置 for one role (mounted per role; null renders nothing). */
export function RoleAuthDrawer({ role, onClose }: { role: RoleRef | null; onClose: () => void }) {
  return role ? <AuthDrawer key={role.id} role={role} onClose={onClose} /> : null;
}

function AuthDrawer({ role, onClose }: { role: RoleRef; onClose: () => void }) {
  const editor = useGrantEditor(role.id);
  const [open, setOpen] = useState(true);
  const [ruleNode, setRuleNode] = useState<RoleTreeNode | null>(null);
  const close = () => setOpen(false);
  const saveAndClose = async () => {
    if (await editor.save()) close();
  };

  const footer = (
    <div style={{ display: 'flex', justifyContent: 'space-between' }}>
      <Dropdown
        placement="topLeft"
        menu={{
          items: TREE_ACTIONS,
          selectable: true,
          selectedKeys: [editor.linked ? 'link' : 'unlink'],
          onClick: ({ key }) => runTreeAction(editor, key),
        }}
      >
        <Button>
          树操作 <UpOutlined />
        </Button>
      </Dropdown>
      <Space>
        <Button onClick={close}>取消</Button>
        <Button loading={editor.saving} disabled={editor.loading} onClick={() => void editor.save()}>
          仅保存
        </Button>
        <Button type="primary" loading={editor.saving} disabled={editor.loading} onClick={() => void saveAndClose()}>
          保存并关闭
        </Button>
      </Space>
    </div>
  );

  return (
    <Drawer
      open={open}
      title={`角色权限配置（${role.roleName}）`}
      size={650}
      onClose={close}
      afterOpenChange={(visible) => {
        if (!visible) onClose();
      }}
      footer={footer}
      mask={{ closable: false }}
    >
      {editor.error ? <Alert type="error" showIcon title={LIST_MSG.queryFailed} /> : null}
      <Spin spinning={editor.loading}>
        <Tree<RoleTreeNode>
          checkable
          checkStrictly
          blockNode
          treeData={editor.treeList}
          fieldNames={{ key: 'key', title: 'title', children: 'children' }}
          checkedKeys={{ checked: editor.checked, halfChecked: [] }}
          expandedKeys={[...editor.expanded]}
          onExpand={(keys: Key[]) => editor.setExpanded(keys.map(String))}
          onCheck={(_keys, info) => editor.toggle(String(info.node.key), info.checked)}
          onSelect={(_keys, info) => {
            if (info.node.ruleFlag) setRuleNode(info.node);
          }}
          titleRender={(node) => <NodeTitle node={node} onRules={setRuleNode} />}
        />
      </Spin>
      <RoleDataRuleDrawer roleId={role.id} node={ruleNode} onClose={() => setRuleNode(null)} />
    </Drawer>
  );
}
