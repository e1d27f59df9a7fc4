import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Col, Empty, Row, Tabs } from 'antd';
import { Input } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { DEPART_MSG, PERM } from '@lims/contracts';
import { LIST_MSG } from '../../shared/list-page/list-messages';
import { useFormModal } from '../../shared/list-page/use-form-modal';
import { useListDelete } from '../../shared/list-page/use-list-delete';
import { Can } from '../../shared/permission/can';
import { DEPART_URL, useDepartSearch, useDepartTree, useInvalidateDeparts } from './api';
import { DepartTree } from './depart-tree';
import { indexTree, nextOrder, toTreeItems } from './depart-tree-data';
import { DepartInfoForm } from './depart-info-form';
import { DepartUsersTab } from './depart-users-tab';
import { DepartFormModal, type DepartAddTarget } from './depart-form-modal';

/** 部门管理 (menu component system/DepartList): the tree on the left, the selected department on the right. */
export default function DepartListPage() {
  const { message, modal: dialogs } = App.useApp();
  const invalidate = useInvalidateDeparts();
  const [keyWord, setKeyWord] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const modal = useFormModal<DepartAddTarget>();
  const tree = useDepartTree();
  const found = useDepartSearch(keyWord);
  const byId = useMemo(() => indexTree(tree.data), [tree.data]);
  const items = useMemo(
    () => (keyWord ? toTreeItems(found.data, true) : toTreeItems(tree.data)),
    [keyWord, found.data, tree.data],
  );
  const selected = selectedId ? byId.get(selectedId) : undefined;
  const parentName = (id: string | null) => (id ? (byId.get(id)?.departName ?? '') : null);

  const { remove, removeBatch } = useListDelete({
    deleteUrl: DEPART_URL.delete,
    deleteBatchUrl: DEPART_URL.deleteBatch,
    selectedKeys: checked,
    onDeleted: (removed) => {
      const gone = removed.map(String);
      setChecked((keys) => keys.filter((k) => !gone.includes(k)));
      if (selectedId && gone.includes(selectedId)) setSelectedId(null);
      return invalidate();
    },
  });

  const addChild = (parentId: string | null) => {
    if (!parentId) {
      message.warning(DEPART_MSG.selectParent);
      return;
    }
    modal.add({ parentId, parentName: parentName(parentId), departOrder: nextOrder(byId.get(parentId)?.children) });
  };
  const addTop = () => modal.add({ parentId: null, parentName: null, departOrder: nextOrder(tree.data) });
  const confirmDelete = (id: string) => {
    dialogs.confirm({ title: LIST_MSG.deleteConfirm, okText: '确定', cancelText: '取消', onOk: () => remove(id) });
  };

  return (
    <Row gutter={10}>
      <Col md={10} sm={24} xs={24}>
        <Card variant="borderless" style={{ marginBottom: 10 }}>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
            <Can code={PERM.depart.add}>
              <Button type="primary" icon={<PlusOutlined />} onClick={addTop}>
                添加一级部门
              </Button>
              <Button icon={<PlusOutlined />} onClick={() => addChild(selectedId)}>
                添加子部门
              </Button>
            </Can>
            <Can code={PERM.depart.delete}>
              <Button icon={<DeleteOutlined />} onClick={removeBatch}>
                批量删除
              </Button>
            </Can>
          </div>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={
              <>
                当前选择：{selected ? <strong>{selected.departName}</strong> : '无'}
                {selected && (
                  <a style={{ marginLeft: 16 }} onClick={() => setSelectedId(null)}>
                    取消选择
                  </a>
                )}
              </>
            }
          />
          <Input.Search
            placeholder="请输入部门名称"
            allowClear
            enterButton
            onSearch={(v) => setKeyWord(v.trim())}
            style={{ marginBottom: 8 }}
          />
          <DepartTree
            items={items}
            loading={keyWord ? found.isLoading : tree.isLoading}
            selectedId={selectedId}
            onSelect={setSelectedId}
            checkedKeys={checked}
            onCheck={setChecked}
            onAddChild={addChild}
            onDelete={confirmDelete}
          />
        </Card>
      </Col>
      <Col md={14} sm={24} xs={24}>
        <Card variant="borderless">
          <Tabs
            items={[
              {
                key: 'info',
                label: '基本信息',
                children: selected ? (
                  <DepartInfoForm record={selected} parentName={parentName(selected.parentId)} />
                ) : (
                  <Empty description={DEPART_MSG.selectToEdit} style={{ padding: '48px 0' }} />
                ),
              },
              { key: 'users', label: '部门人员', children: <DepartUsersTab departId={selected?.id} /> },
            ]}
          />
        </Card>
      </Col>
      <DepartFormModal modal={modal} onAdded={setSelectedId} />
    </Row>
  );
}
