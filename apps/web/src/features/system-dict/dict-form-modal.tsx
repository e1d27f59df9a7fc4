import { Form, Input } from 'antd';
import { DICT_CODE_PATTERN, DICT_MSG, type Dict } from '@lims/contracts';
import { duplicateRule } from '../../shared/form/duplicate-check';
import { FormModal } from '../../shared/list-page/form-modal';
import type { FormModalController } from '../../shared/list-page/use-form-modal';
import { useSaveDict, type DictFormValues } from './api';

/** The dictionary modal (width 600): 字典名称, 字典编码 (unique, checked on blur; fixed once saved), 描述. */
export function DictFormModal({ modal }: { modal: FormModalController<Dict> }) {
  const save = useSaveDict();
  const existing = !modal.isNew;
  const dataId = existing ? modal.record?.id : undefined;
  return (
    <FormModal<Dict, DictFormValues>
      modal={modal}
      width={600}
      onSubmit={(values, ctx) => save.mutateAsync({ values, id: ctx.isNew ? undefined : ctx.record?.id })}
    >
      <Form.Item
        name="dictName"
        label="字典名称"
        rules={[
          { required: true, whitespace: true, message: DICT_MSG.nameRequired },
          { max: 100, message: '字典名称最多 100 个字符' },
        ]}
      >
        <Input placeholder="请输入字典名称" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="dictCode"
        label="字典编码"
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          { required: true, whitespace: true, message: DICT_MSG.codeRequired },
          { pattern: DICT_CODE_PATTERN, message: DICT_MSG.codeFormat },
          ...(existing ? [] : [duplicateRule({ tableName: 'dicts', fieldName: 'dict_code', dataId })]),
        ]}
      >
        <Input placeholder="请输入字典编码" disabled={existing} maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label="描述" rules={[{ max: 255, message: '描述最多 255 个字符' }]}>
        <Input.TextArea placeholder="请输入描述" rows={3} maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}
