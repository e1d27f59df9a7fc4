import { useState } from 'react';
import { Button, Checkbox, Drawer, Empty, Space, Spin, Typography, App, Tag } from 'antd';
import type { RoleTreeNode } from '@lims/contracts';
import { reportError } from '../../shared/list-page/report-error';
import { useRoleDataRules, useSaveRoleDataRules, type RoleDataRules } from './api';

/**
 * The data rules a role gets on one menu (REFERENCE: clicking a node with data rules in the
 * authorisation tree). The menu must already be granted and saved; the server says so otherwise.
 */
export function RoleDataRuleDrawer({
  roleId,
  node,
  onClose,
}: {
  roleId: string;
  node: RoleTreeNode | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      open={node !== null}
      title={`数据规则配置（${node?.title ?? ''}）`}
      size={480}
      onClose={onClose}
      destroyOnHidden
    >
      {node && <RuleChoice key={node.key} roleId={roleId} permissionId={node.key} onDone={onClose} />}
    </Drawer>
  );
}

function RuleChoice({ roleId, permissionId, onDone }: { roleId: string; permissionId: string; onDone: () => void }) {
  const rules = useRoleDataRules(roleId, permissionId);
  if (!rules.data)
    return (
      <Spin spinning={rules.isLoading}>
        <Empty description={rules.isLoading ? '加载中' : '暂无数据'} />
      </Spin>
    );
  return <RuleForm roleId={roleId} permissionId={permissionId} data={rules.data} onDone={onDone} />;
}

function RuleForm({
  roleId,
  permissionId,
  data,
  onDone,
}: {
  roleId: string;
  permissionId: string;
  data: RoleDataRules;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const save = useSaveRoleDataRules(roleId, permissionId);
  const [checked, setChecked] = useState<string[]>(data.drChecked);
  if (data.datarule.length === 0) return <Empty description="该菜单没有数据规则" />;

  const submit = () => {
    save.mutateAsync(checked).then(
      (text) => {
        message.success(text);
        onDone();
      },
      (err: unknown) => reportError(err, message),
    );
  };

  return (
    <>
      <Typography.Paragraph type="secondary">勾选的规则对该角色生效（多条规则同时满足）。</Typography.Paragraph>
      <Checkbox.Group value={checked} onChange={(v) => setChecked(v.map(String))} style={{ width: '100%' }}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {data.datarule.map((r) => (
            <Checkbox key={r.id} value={r.id}>
              {r.ruleName}
              <Typography.Text
                type="secondary"
                style={{ marginLeft: 8 }}
              >{`${r.ruleColumn} ${r.ruleConditions} ${r.ruleValue}`}</Typography.Text>
              {r.status !== '1' && <Tag style={{ marginLeft: 8 }}>无效</Tag>}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
      <div style={{ marginTop: 24, textAlign: 'right' }}>
        <Button type="primary" loading={save.isPending} onClick={submit}>
          保存
        </Button>
      </div>
    </>
  );
}
