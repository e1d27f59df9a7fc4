import { Form, Input, Select } from 'antd';
import { DATA_RULE_PLACEHOLDERS, PERMISSION_MSG, type DataRule } from '@lims/contracts';
import { DictSelect } from '../../shared/dict/dict-select';
import { FormModal } from '../../shared/list-page/form-modal';
import type { FormModalController } from '../../shared/list-page/use-form-modal';
import { useSaveDataRule, type DataRuleFormValues } from './api';
import { CONDITION_OPTIONS, VALID_STATUS_DICT } from './permission-columns';

const VALUE_HELP = `可用变量：${Object.entries(DATA_RULE_PLACEHOLDERS)
  .map(([k, v]) => `${k} ${v}`)
  .join('；')}`;

/**
 * A data rule of a menu (width 600): 规则名称, 规则字段 (a field of the menu's list, e.g. createBy),
 * 条件规则 (the server's conditions), 规则值 (may use the user variables), 状态.
 */
export function DataRuleFormModal({
  modal,
  permissionId,
}: {
  modal: FormModalController<DataRule>;
  permissionId: string;
}) {
  const save = useSaveDataRule(permissionId);
  return (
    <FormModal<DataRule, DataRuleFormValues>
      modal={modal}
      width={600}
      defaults={{ status: '1' }}
      onSubmit={(values, ctx) => save.mutateAsync({ values, id: ctx.isNew ? undefined : ctx.record?.id })}
    >
      <Form.Item
        name="ruleName"
        label="规则名称"
        rules={[{ required: true, whitespace: true, message: PERMISSION_MSG.ruleNameRequired }]}
      >
        <Input placeholder="请输入规则名称" maxLength={50} />
      </Form.Item>
      <Form.Item
        name="ruleColumn"
        label="规则字段"
        extra="菜单列表的字段名，如 createBy、status"
        rules={[
          { required: true, whitespace: true, message: PERMISSION_MSG.ruleColumnRequired },
          { pattern: /^[a-z][A-Za-z0-9]*$/, message: PERMISSION_MSG.ruleColumnFormat },
        ]}
      >
        <Input placeholder="请输入规则字段" maxLength={50} />
      </Form.Item>
      <Form.Item
        name="ruleConditions"
        label="条件规则"
        rules={[{ required: true, message: PERMISSION_MSG.ruleConditionsRequired }]}
      >
        <Select placeholder="请选择条件规则" options={CONDITION_OPTIONS} />
      </Form.Item>
      <Form.Item
        name="ruleValue"
        label="规则值"
        extra={VALUE_HELP}
        rules={[{ required: true, whitespace: true, message: PERMISSION_MSG.ruleValueRequired }]}
      >
        <Input placeholder="请输入规则值" maxLength={300} />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <DictSelect type="radio" dictCode={VALID_STATUS_DICT} />
      </Form.Item>
    </FormModal>
  );
}
