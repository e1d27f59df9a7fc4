import { Form, Input, InputNumber, Switch } from 'antd';
import { DICT_MSG, dictItemFormSchema } from '@lims/contracts';
import { duplicateRule } from '../../shared/form/duplicate-check';
import { schemaRule } from '../../shared/form/schema-rule';
import { FormModal } from '../../shared/list-page/form-modal';
import type { FormModalController } from '../../shared/list-page/use-form-modal';
import { useSaveDictItem, type DictItemFormValues, type DictItemRecord } from './api';

/**
 * The item modal (width 800): 名称, 数据值 (unique in its dictionary), 描述, 排序值 (a new item
 * comes after the existing ones), 是否启用 (new items enabled).
 */
export function DictItemFormModal({
  modal,
  dictId,
  nextSort,
}: {
  modal: FormModalController<DictItemRecord>;
  dictId: string;
  nextSort: number;
}) {
  const save = useSaveDictItem(dictId);
  const dataId = modal.isNew ? undefined : modal.record?.id;
  return (
    <FormModal<DictItemRecord, DictItemFormValues>
      modal={modal}
      defaults={{ sortOrder: nextSort, status: 1 }}
      onSubmit={(values, ctx) => save.mutateAsync({ values, id: ctx.isNew ? undefined : ctx.record?.id })}
    >
      <Form.Item
        name="itemText"
        label="名称"
        rules={[{ required: true, whitespace: true, message: DICT_MSG.itemTextRequired }]}
      >
        <Input placeholder="请输入名称" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="itemValue"
        label="数据值"
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          { required: true, whitespace: true, message: DICT_MSG.itemValueRequired },
          duplicateRule({ tableName: 'dict_items', fieldName: 'item_value', parentId: dictId, dataId }),
        ]}
      >
        <Input placeholder="请输入数据值" maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label="描述">
        <Input placeholder="请输入描述" maxLength={255} />
      </Form.Item>
      <Form.Item name="sortOrder" label="排序值" rules={[schemaRule(dictItemFormSchema.shape.sortOrder)]}>
        <InputNumber style={{ width: '100%' }} placeholder="请输入排序值" />
      </Form.Item>
      <Form.Item
        name="status"
        label="是否启用"
        valuePropName="checked"
        getValueProps={(v: unknown) => ({ checked: v === 1 || v === '1' })}
        normalize={(checked: boolean) => (checked ? 1 : 0)}
      >
        <Switch checkedChildren="启用" unCheckedChildren="禁用" />
      </Form.Item>
    </FormModal>
  );
}
