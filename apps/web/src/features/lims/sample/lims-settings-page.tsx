import { useEffect } from 'react';
import { App, Button, Card, Form, InputNumber, Radio } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LIMS_MSG, PERM, limsSettingsSchema, type LimsSettings } from '@lims/contracts';
import { schemaRule } from '../../../shared/form/schema-rule';
import { reportError } from '../../../shared/list-page/report-error';
import { useCan } from '../../../shared/permission/use-can';
import { fetchSettings, settingsKey, useSaveSettings } from './sample-api';

const rule = (field: keyof LimsSettings) => schemaRule(limsSettingsSchema.shape[field]);

/** 实验室设置 (menu component lims/LimsSettings): label size in mm and how many verifiers a result needs. */
export default function LimsSettingsPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<LimsSettings>();
  const canEdit = useCan(PERM.limsSettings.edit);
  const settings = useQuery({ queryKey: settingsKey, queryFn: fetchSettings });
  const save = useSaveSettings();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const submit = async (values: LimsSettings) => {
    try {
      void message.success(await save.mutateAsync(values));
    } catch (err) {
      reportError(err, message);
    }
  };

  return (
    <Card title="实验室设置" loading={settings.isLoading} style={{ maxWidth: 640 }}>
      <Form<LimsSettings> form={form} layout="vertical" disabled={!canEdit} onFinish={(v) => void submit(v)}>
        <Form.Item label="标签尺寸（毫米）" required>
          <Form.Item name="labelWidthMm" noStyle rules={[rule('labelWidthMm')]}>
            <InputNumber aria-label="标签宽度" addonBefore="宽" style={{ width: 160 }} />
          </Form.Item>
          <span style={{ margin: '0 8px' }}>×</span>
          <Form.Item name="labelHeightMm" noStyle rules={[rule('labelHeightMm')]}>
            <InputNumber aria-label="标签高度" addonBefore="高" style={{ width: 160 }} />
          </Form.Item>
        </Form.Item>
        <Form.Item
          name="verifiersRequired"
          label="每个结果需要的复核人数"
          rules={[{ required: true, message: LIMS_MSG.verifiersInvalid }]}
          extra="选 2 人时，须由两位不同的复核人（均不是检测员本人）复核通过"
        >
          <Radio.Group
            options={[
              { value: 1, label: '1 人' },
              { value: 2, label: '2 人' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
