import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { LIMS_DICT, LIMS_MSG, SAMPLE_STATUS, type SampleRecord } from '@lims/contracts';
import { DictSelect } from '../../../shared/dict/dict-select';
import { reportError } from '../../../shared/list-page/report-error';
import { quantityRule } from './sample-rules';
import { SAMPLE_URL, useSampleWrite } from './sample-api';

type Values = {
  name?: string;
  sampleType?: string | null;
  quantity?: number | null;
  unit?: string | null;
  condition?: string | null;
  storageLocation?: string | null;
  remark?: string | null;
  reason?: string;
};

/** 编辑样品: a 待接收 sample freely; once received the 修改原因 is required (it goes to the 历史记录). */
export function SampleEditModal({ sample, onClose }: { sample: SampleRecord | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const write = useSampleWrite();
  const needsReason = sample !== null && sample.status !== SAMPLE_STATUS.pending;

  useEffect(() => {
    if (sample) form.setFieldsValue({ ...sample, reason: undefined });
  }, [sample, form]);

  const submit = async () => {
    if (!sample) return;
    const v = await form.validateFields();
    const body = {
      id: sample.id,
      version: sample.version,
      name: v.name,
      sampleType: v.sampleType ?? null,
      quantity: v.quantity ?? null,
      unit: v.unit || null,
      condition: v.condition ?? null,
      storageLocation: v.storageLocation || null,
      remark: v.remark || null,
      reason: needsReason ? v.reason : null,
    };
    try {
      void message.success(await write.mutateAsync({ url: SAMPLE_URL.edit, method: 'PUT', body }));
      onClose();
    } catch (err) {
      reportError(err, message);
    }
  };

  return (
    <Modal
      title={`编辑样品 ${sample?.sampleNo ?? ''}`}
      open={sample !== null}
      confirmLoading={write.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      forceRender
    >
      <Form<Values> form={form} layout="vertical">
        <Form.Item
          name="name"
          label="样品名称"
          rules={[{ required: true, whitespace: true, message: '请输入样品名称！' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="sampleType" label="样品类型">
          <DictSelect dictCode={LIMS_DICT.sampleType} />
        </Form.Item>
        <Form.Item label="数量 / 单位">
          <Form.Item name="quantity" noStyle rules={[quantityRule]}>
            <InputNumber<number> aria-label="数量" style={{ width: 160, marginRight: 8 }} />
          </Form.Item>
          <Form.Item name="unit" noStyle>
            <Input maxLength={20} style={{ width: 100 }} />
          </Form.Item>
        </Form.Item>
        {needsReason && (
          <>
            <Form.Item name="condition" label="接收状态">
              <DictSelect dictCode={LIMS_DICT.sampleCondition} />
            </Form.Item>
            <Form.Item name="storageLocation" label="存放位置">
              <Input maxLength={200} />
            </Form.Item>
          </>
        )}
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        {needsReason && (
          <Form.Item
            name="reason"
            label="修改原因"
            rules={[{ required: true, whitespace: true, message: LIMS_MSG.reasonRequired }, { max: 500 }]}
          >
            <Input.TextArea rows={2} placeholder="样品已接收，修改须填写原因" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
