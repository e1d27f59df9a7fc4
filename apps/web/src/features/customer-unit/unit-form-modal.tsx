import { Col, Divider, Form, Input, Row } from 'antd';
import { normalizeCreditCode, unitFormSchema } from '@lims/contracts';
import { DictSelect } from '../../shared/dict/dict-select';
import { duplicateRule } from '../../shared/form/duplicate-check';
import { FULL_COL, FULL_ITEM, HALF_COL, HALF_ITEM } from '../../shared/form/form-layout';
import { schemaRule } from '../../shared/form/schema-rule';
import { FormModal } from '../../shared/list-page/form-modal';
import type { FormModalController } from '../../shared/list-page/use-form-modal';
import { useSaveUnit, type UnitFormRecord, type UnitFormValues } from './api';
import { UNIT_STATUS_DICT, UNIT_TYPE_DICT } from './unit-list-source';
import { UnitContactsField } from './unit-contacts-field';

/** Each field is checked by the contract's own rule (the server's), with its message. */
const rule = (field: Exclude<keyof typeof unitFormSchema.shape, 'contacts'>) => schemaRule(unitFormSchema.shape[field]);

/** The unit modal (width 1000): the unit's fields and its contacts, saved together. */
export function UnitFormModal({ modal }: { modal: FormModalController<UnitFormRecord> }) {
  const save = useSaveUnit();
  const dataId = modal.isNew ? undefined : modal.record?.id;
  return (
    <FormModal<UnitFormRecord, UnitFormValues>
      modal={modal}
      width={1000}
      defaults={{ status: '1', contacts: [] }}
      onSubmit={(values, ctx) => save.mutateAsync({ values, id: ctx.isNew ? undefined : ctx.record?.id })}
    >
      <Row gutter={16}>
        <Col {...HALF_COL}>
          <Form.Item
            {...HALF_ITEM}
            name="code"
            label="单位编码"
            required
            validateTrigger={['onChange', 'onBlur']}
            rules={[rule('code'), duplicateRule({ tableName: 'customer_units', fieldName: 'code', dataId })]}
          >
            <Input placeholder="请输入单位编码" maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item {...HALF_ITEM} name="name" label="单位名称" required rules={[rule('name')]}>
            <Input placeholder="请输入单位名称" maxLength={200} />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item
            {...HALF_ITEM}
            name="creditCode"
            label="统一社会信用代码"
            rules={[rule('creditCode')]}
            validateTrigger="onBlur"
            normalize={normalizeCreditCode}
          >
            <Input placeholder="18 位统一社会信用代码" maxLength={18} />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item {...HALF_ITEM} name="unitType" label="单位类型">
            <DictSelect dictCode={UNIT_TYPE_DICT} placeholder="请选择单位类型" />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item {...HALF_ITEM} name="phone" label="联系电话" rules={[rule('phone')]} validateTrigger="onBlur">
            <Input placeholder="请输入联系电话" maxLength={32} />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item {...HALF_ITEM} name="email" label="邮箱" rules={[rule('email')]} validateTrigger="onBlur">
            <Input placeholder="请输入邮箱" maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item {...HALF_ITEM} name="bank" label="开户银行" rules={[rule('bank')]}>
            <Input placeholder="请输入开户银行" maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item {...HALF_ITEM} name="bankAccount" label="银行账号" rules={[rule('bankAccount')]}>
            <Input placeholder="请输入银行账号" maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item {...HALF_ITEM} name="status" label="状态">
            <DictSelect dictCode={UNIT_STATUS_DICT} placeholder="请选择状态" allowClear={false} />
          </Form.Item>
        </Col>
        <Col {...FULL_COL}>
          <Form.Item {...FULL_ITEM} name="address" label="地址" rules={[rule('address')]}>
            <Input placeholder="请输入地址" maxLength={255} />
          </Form.Item>
        </Col>
        <Col {...FULL_COL}>
          <Form.Item {...FULL_ITEM} name="remark" label="备注" rules={[rule('remark')]}>
            <Input.TextArea placeholder="请输入备注" rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">联系人</Divider>
      <UnitContactsField readOnly={modal.readOnly} />
    </FormModal>
  );
}
