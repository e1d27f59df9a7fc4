import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { Col, Form, Input, InputNumber, Row, DatePicker } from 'antd';
import type { FormRule as Rule } from 'antd';
import { PROJECT_MSG, PROJECT_STATUS, projectFormSchema, type ProjectDetail, type UnitContact } from '@lims/contracts';
import { DictSelect } from '../../shared/dict/dict-select';
import { FULL_COL, HALF_COL, WIDE_FULL_ITEM, WIDE_HALF_ITEM } from '../../shared/form/form-layout';
import { schemaRule } from '../../shared/form/schema-rule';
import { FormModal } from '../../shared/list-page/form-modal';
import type { FormModalController } from '../../shared/list-page/use-form-modal';
import { DepartSelect } from '../../shared/ui/depart-select/depart-select';
import { EditableTable } from '../../shared/ui/editable-table/editable-table';
import { useEditGuard } from '../../shared/ui/editable-table/use-edit-guard';
import { UserPicker } from '../../shared/ui/user-picker/user-picker';
import { unitContactsQuery, useSaveProject } from './api';
import { TEST_TYPE_DICT } from './project-list-source';
import { toFormValues, toSaveBody, type ItemRow, type ProjectFormValues } from './project-form-values';
import { projectItemColumns } from './project-item-columns';
import { StatusSelect } from './status-select';
import { ContactInput, UnitPicker, primaryContact } from './unit-field';

const HALF = WIDE_HALF_ITEM;
const FULL = WIDE_FULL_ITEM;
/** The contract's field rules: the form refuses what the server refuses, with the same message. */
const rule = (field: keyof typeof projectFormSchema.shape) => schemaRule(projectFormSchema.shape[field]);

const dueNotBeforeStart: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, due: Dayjs | null | undefined) => {
    const start = getFieldValue('startDate') as Dayjs | null | undefined;
    if (due && start && due.isBefore(start, 'day')) throw new Error(PROJECT_MSG.dueBeforeStart);
  },
});

/** The 检测项目 form (add / edit / detail / clone), wide: the project's fields, then its test items. */
export function ProjectFormModal({ modal }: { modal: FormModalController<ProjectDetail> }) {
  const [form] = Form.useForm<ProjectFormValues>();
  const save = useSaveProject();
  const queryClient = useQueryClient();
  const guard = useEditGuard();
  const unitId = Form.useWatch('customerUnitId', form);
  /** The unit whose contacts are being loaded: a later pick wins over an earlier answer. */
  const picking = useRef<string | undefined>(undefined);
  const readOnly = modal.readOnly;
  const savedStatus = modal.isNew ? PROJECT_STATUS.pending : (modal.record?.status ?? PROJECT_STATUS.pending);

  const fillContact = (contact: UnitContact | undefined) =>
    form.setFieldsValue({ contactName: contact?.name ?? null, contactPhone: contact?.phone ?? null });

  /** Picking a unit fills 联系人 and 联系电话 from its primary contact (listCustomerByMainId). */
  const onUnitPicked = (id: string | undefined) => {
    picking.current = id;
    if (!id) return fillContact(undefined);
    queryClient.fetchQuery(unitContactsQuery(id)).then(
      (contacts) => {
        if (picking.current === id) fillContact(primaryContact(contacts));
      },
      () => {
        if (picking.current === id) fillContact(undefined);
      },
    );
  };

  return (
    <FormModal<ProjectDetail, ProjectFormValues>
      modal={modal}
      form={form}
      width={1100}
      defaults={toFormValues(null, true)}
      toValues={(r) => toFormValues(r, modal.isNew)}
      onSubmit={(values, ctx) => save.mutateAsync(toSaveBody(values, ctx.isNew ? undefined : ctx.record?.id))}
    >
      <Row>
        <Col {...HALF_COL}>
          <Form.Item name="projectNo" label="项目编号" {...HALF}>
            <Input disabled placeholder="保存后自动生成" />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item name="name" label="项目名称" {...HALF} required rules={[rule('name')]}>
            <Input placeholder="请输入项目名称" maxLength={200} />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item
            name="customerUnitId"
            label="委托单位"
            {...HALF}
            required
            rules={[{ required: true, message: PROJECT_MSG.unitRequired }]}
          >
            <UnitPicker valueLabel={modal.record?.customerUnitName ?? undefined} onChange={onUnitPicked} />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item name="contactName" label="联系人" {...HALF} rules={[rule('contactName')]}>
            <ContactInput unitId={unitId} onPick={fillContact} />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item name="contactPhone" label="联系电话" {...HALF} rules={[rule('contactPhone')]}>
            <Input placeholder="请输入联系电话" maxLength={32} />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item name="testType" label="检测类别" {...HALF}>
            <DictSelect dictCode={TEST_TYPE_DICT} placeholder="请选择检测类别" allowClear />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item name="managerId" label="项目负责人" {...HALF}>
            <UserPicker multiple={false} placeholder="请选择项目负责人" />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item name="departId" label="承接部门" {...HALF}>
            <DepartSelect placeholder="请选择承接部门" />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item name="startDate" label="开始日期" {...HALF}>
            <DatePicker style={{ width: '100%' }} placeholder="请选择开始日期" />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item
            name="dueDate"
            label="计划完成日期"
            {...HALF}
            dependencies={['startDate']}
            rules={[dueNotBeforeStart]}
          >
            <DatePicker style={{ width: '100%' }} placeholder="请选择计划完成日期" />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item
            name="status"
            label="状态"
            {...HALF}
            extra={modal.isNew && !readOnly ? '新项目从“待受理”开始' : undefined}
          >
            <StatusSelect from={savedStatus} disabled={modal.isNew} />
          </Form.Item>
        </Col>
        <Col {...HALF_COL}>
          <Form.Item name="amount" label="合同金额" {...HALF} rules={[rule('amount')]}>
            <InputNumber<number> style={{ width: '100%' }} prefix="¥" placeholder="请输入合同金额" />
          </Form.Item>
        </Col>
        <Col {...FULL_COL}>
          <Form.Item name="remark" label="备注" {...FULL} rules={[rule('remark')]}>
            <Input.TextArea rows={2} placeholder="请输入备注" maxLength={500} />
          </Form.Item>
        </Col>
        <Col {...FULL_COL}>
          <Form.Item name="items" label="检测明细" {...FULL} rules={[guard.rule]}>
            <EditableTable<ItemRow>
              columns={projectItemColumns}
              onEditingChange={guard.onEditingChange}
              disabled={readOnly}
              addText="添加检测项目"
            />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
