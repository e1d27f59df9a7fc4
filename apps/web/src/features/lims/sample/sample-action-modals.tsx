import { App, Form, Input, Modal } from 'antd';
import { LIMS_DICT, LIMS_MSG } from '@lims/contracts';
import { DictSelect } from '../../../shared/dict/dict-select';
import { reportError } from '../../../shared/list-page/report-error';
import { SAMPLE_URL, useSampleWrite } from './sample-api';

/** Which samples an action dialog works on (their numbers are listed in the dialog). */
export type ActionTarget = { kind: 'receive' | 'return'; ids: string[]; sampleNos: string[] } | null;

type Values = { condition?: string | null; storageLocation?: string; reason?: string };

/**
 * 接收 (condition on receipt, storage location; the server records who and when and creates the
 * analyses) and 退回 (the reason is required) of one or many selected samples.
 */
export function SampleActionModal({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const write = useSampleWrite();
  const receiving = target?.kind === 'receive';

  const submit = async () => {
    if (!target) return;
    const v = await form.validateFields();
    const body = receiving
      ? { ids: target.ids, condition: v.condition ?? null, storageLocation: v.storageLocation || null }
      : { ids: target.ids, reason: v.reason };
    try {
      const text = await write.mutateAsync({
        url: receiving ? SAMPLE_URL.receive : SAMPLE_URL.return,
        method: 'POST',
        body,
      });
      void message.success(text);
      onClose();
    } catch (err) {
      reportError(err, message);
    }
  };

  return (
    <Modal
      title={receiving ? '接收样品' : '退回样品'}
      open={target !== null}
      okText={receiving ? '接收' : '退回'}
      okButtonProps={{ danger: !receiving }}
      confirmLoading={write.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>样品：{target?.sampleNos.join('、')}</p>
      <Form<Values> form={form} layout="vertical" preserve={false} initialValues={{ condition: '1' }}>
        {receiving ? (
          <>
            <Form.Item name="condition" label="接收状态">
              <DictSelect dictCode={LIMS_DICT.sampleCondition} />
            </Form.Item>
            <Form.Item name="storageLocation" label="存放位置" rules={[{ max: 200 }]}>
              <Input placeholder="如：冷藏柜A-1" />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="reason"
            label="退回原因"
            rules={[{ required: true, whitespace: true, message: LIMS_MSG.reasonRequired }, { max: 500 }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
