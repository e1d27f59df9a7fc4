import dayjs, { type Dayjs } from 'dayjs';
import { Col, Form, Input, Row, DatePicker } from 'antd';
import { normalizeCreditCode, supplierFormSchema, type SupplierRecord } from '@lims/contracts';
import { DictSelect } from '../../shared/dict/dict-select';
import { duplicateRule } from '../../shared/form/duplicate-check';
import { FULL_COL, FULL_ITEM, HALF_COL, HALF_ITEM } from '../../shared/form/form-layout';
import { schemaRule } from '../../shared/form/schema-rule';
import { FormModal } from '../../shared/list-page/form-modal';
import type { FormModalController } from '../../shared/list-page/use-form-modal';
import { useSaveSupplier, type SupplierFormValues } from './api';
import { SUPPLIER_STATUS_DICT, SUPPLIER_TYPE_DICT } from './supplier-list-source';

const DATE = 'YYYY-MM-DD';
/** Each field is checked by the contract's own rule (the server's), with its message. */
const rule = (field: keyof typeof supplierFormSchema.shape) => schemaRule(supplierFormSchema.shape[field]);
const dateProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v, DATE) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format(DATE) : null),
};

/** The supplier modal (add / edit / detail / clone): every field of DESIGN 5a. */
export function SupplierFormModal({ modal }: { modal: FormModalController<SupplierRecord> }) {
  const save = useSaveSupplier();
  const dataId = modal.isNew ? undefined : modal.record?.id;
  return (
    <FormModal<SupplierRecord, SupplierFormValues>
      modal={modal}
      width={900}
      defaults={{ status: '2' }}
      onSubmit={(values, ctx) => save.mutateAsync({ values, id: ctx.isNew ? undefined : ctx.record?.id })}
    >
      <Row gutter={16}>
        <Col {...HALF_COL}>
          <Form.Item
            {...HALF_ITEM}
            name="code"
            label="供应商编码"
            required
            validateTrigger={['onChange', 'onBlur']}
            rules={[rule('code'), duplicateRule({ tableName: 'suppliers', fieldName: 'code', dataId })]}
          >
            <Input placeholder="请输入供应商编码" maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item {...HALF_ITEM} name="name" label="供应商名称" required rules={[rule('name')]}>
            <Input placeholder="请输入供应商名称" maxLength={200} />
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
          <Form.Item {...HALF_ITEM} name="supplierType" label="供应商类型">
            <DictSelect dictCode={SUPPLIER_TYPE_DICT} placeholder="请选择供应商类型" />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item {...HALF_ITEM} name="contact" label="联系人" rules={[rule('contact')]}>
            <Input placeholder="请输入联系人" maxLength={100} />
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
          <Form.Item
            {...HALF_ITEM}
            {...dateProps}
            name="qualificationExpiry"
            label="资质有效期"
            rules={[rule('qualificationExpiry')]}
          >
            <DatePicker style={{ width: '100%' }} placeholder="请选择资质有效期" />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item {...HALF_ITEM} name="status" label="状态">
            <DictSelect dictCode={SUPPLIER_STATUS_DICT} placeholder="请选择状态" allowClear={false} />
          </Form.Item>
        </Col>
        <Col {...FULL_COL}>
          <Form.Item {...FULL_ITEM} name="address" label="地址" rules={[rule('address')]}>
            <Input placeholder="请输入地址" maxLength={255} />
          </Form.Item>
        </Col>
        <Col {...FULL_COL}>
          <Form.Item {...FULL_ITEM} name="businessScope" label="经营范围" rules={[rule('businessScope')]}>
            <Input.TextArea placeholder="请输入经营范围" rows={3} maxLength={1000} />
          </Form.Item>
        </Col>
        <Col {...FULL_COL}>
          <Form.Item {...FULL_ITEM} name="remark" label="备注" rules={[rule('remark')]}>
            <Input.TextArea placeholder="请输入备注" rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
