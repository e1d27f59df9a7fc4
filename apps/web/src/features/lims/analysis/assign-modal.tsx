import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { ANALYSIS_MSG, LIMS_MSG, resultNumber, type AnalysisRecord } from '@lims/contracts';
import { reportError } from '../../../shared/list-page/report-error';
import { analystsQuery, useAssign } from './api';

type Values = {
  analystId?: string;
  dueDate?: Dayjs | null;
  specMin?: string;
  specMax?: string;
  specText?: string;
  reason?: string;
};

const numberRule = {
  validator: (_: unknown, v: string | undefined) =>
    !v?.trim() || resultNumber(v) !== null ? Promise.resolve() : Promise.reject(new Error(ANALYSIS_MSG.limitInvalid)),
};

/** The body of 分配: only the fields filled in (a blank field leaves the analyses as they are). */
export function assignBody(ids: string[], v: Values) {
  const body: Record<string, unknown> = { ids };
  if (v.analystId) body.analystId = v.analystId;
  if (v.dueDate) body.dueDate = v.dueDate.format('YYYY-MM-DD');
  for (const k of ['specMin', 'specMax', 'specText', 'reason'] as const) if (v[k]?.trim()) body[k] = v[k].trim();
  return body;
}

/** 分配 of the chosen analyses: analyst, due date, limits; a reason once one of them has a result. */
export function AssignModal({ rows, onClose }: { rows: AnalysisRecord[] | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const analysts = useQuery({ ...analystsQuery(), enabled: rows !== null });
  const assign = useAssign();
  const needsReason = (rows ?? []).some((r) => r.result != null);

  const submit = () =>
    form.validateFields().then(
      (v) => {
        const body = assignBody(
          (rows ?? []).map((r) => r.id),
          v,
        );
        if (Object.keys(body).filter((k) => k !== 'ids' && k !== 'reason').length === 0) {
          message.warning(ANALYSIS_MSG.nothingToAssign);
          return;
        }
        assign.mutate(body, {
          onSuccess: ({ message: text }) => {
            message.success(text);
            onClose();
          },
          onError: (err) => reportError(err, message),
        });
      },
      () => undefined,
    );

  return (
    <Modal
      open={rows !== null}
      title={`分配检测任务（${rows?.length ?? 0} 条）`}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={assign.isPending}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      forceRender={false}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="analystId" label="检测员">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="不修改"
            loading={analysts.isLoading}
            options={(analysts.data ?? []).map((u) => ({ value: u.id, label: `${u.realname}（${u.username}）` }))}
          />
        </Form.Item>
        <Form.Item name="dueDate" label="计划完成日期">
          <DatePicker style={{ width: '100%' }} placeholder="不修改" />
        </Form.Item>
        <Form.Item name="specMin" label="下限" rules={[numberRule]}>
          <Input placeholder="不修改" />
        </Form.Item>
        <Form.Item name="specMax" label="上限" rules={[numberRule]}>
          <Input placeholder="不修改" />
        </Form.Item>
        <Form.Item name="specText" label="技术要求" rules={[{ max: 200, message: ANALYSIS_MSG.specTextTooLong }]}>
          <Input placeholder="不修改" />
        </Form.Item>
        {needsReason && (
          <Form.Item
            name="reason"
            label="修改原因（所选任务已有结果）"
            rules={[{ required: true, whitespace: true, message: LIMS_MSG.reasonRequired }, { max: 500 }]}
          >
            <Input.TextArea rows={2} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
