import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import { LIMS_DICT, SAMPLE_BATCH_MAX, SAMPLE_MSG, type ProjectOption } from '@lims/contracts';
import { DictSelect } from '../../../shared/dict/dict-select';
import { reportError } from '../../../shared/list-page/report-error';
import { quantityRule } from './sample-rules';
import { SAMPLE_URL, fetchProjects, useSampleWrite } from './sample-api';

type Row = { name?: string; sampleType?: string | null; quantity?: number | null; unit?: string; remark?: string };
type Values = { projectId?: string; samples: Row[] };

/** Options of the 检测项目 select: number and name, searched on the server as the user types. */
function useProjectOptions(keyword: string) {
  return useQuery({
    queryKey: ['lims', 'sample', 'projects', keyword],
    queryFn: () => fetchProjects(keyword),
    staleTime: 10_000,
  });
}

const optionOf = (p: ProjectOption) => ({ value: p.id, label: `${p.projectNo} ${p.name}` });

/**
 * 登记样品: one project and N rows (样品名称 required, 样品类型, 数量, 单位, 备注); the server numbers them
 * YP + date + sequence. 批量添加 adds several rows at once (copying the last row's type and unit).
 */
export function SampleRegisterModal({ open, onClose }: { open: boolean; onClose: (ids?: string[]) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const [addCount, setAddCount] = useState<number | null>(3);
  const projects = useProjectOptions(keyword);
  const save = useSampleWrite();

  const submit = async () => {
    const values = await form.validateFields();
    const body = {
      projectId: values.projectId,
      samples: values.samples.map((r) => ({
        name: r.name,
        sampleType: r.sampleType ?? null,
        quantity: r.quantity ?? null,
        unit: r.unit || null,
        remark: r.remark || null,
      })),
    };
    try {
      const text = await save.mutateAsync({ url: SAMPLE_URL.add, method: 'POST', body });
      void message.success(text);
      form.resetFields();
      onClose();
    } catch (err) {
      reportError(err, message);
    }
  };

  return (
    <Modal
      title="登记样品"
      open={open}
      width={960}
      okText="登记"
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => onClose()}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ samples: [{}] }} preserve={false}>
        <Form.Item name="projectId" label="检测项目" rules={[{ required: true, message: SAMPLE_MSG.projectRequired }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder="输入项目编号或名称搜索"
            loading={projects.isFetching}
            options={(projects.data ?? []).map(optionOf)}
          />
        </Form.Item>
        <Form.List name="samples">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} align="start" wrap style={{ display: 'flex', marginBottom: 4 }}>
                  <span style={{ display: 'inline-block', width: 24, lineHeight: '32px' }}>{i + 1}</span>
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[{ required: true, whitespace: true, message: '请输入样品名称！' }, { max: 200 }]}
                  >
                    <Input placeholder="样品名称" aria-label={`第 ${i + 1} 行样品名称`} style={{ width: 200 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'sampleType']}>
                    <DictSelect
                      dictCode={LIMS_DICT.sampleType}
                      placeholder="样品类型"
                      aria-label={`第 ${i + 1} 行样品类型`}
                      style={{ width: 120 }}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'quantity']} rules={[quantityRule]}>
                    <InputNumber<number> placeholder="数量" aria-label={`第 ${i + 1} 行数量`} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'unit']} rules={[{ max: 20 }]}>
                    <Input placeholder="单位" aria-label={`第 ${i + 1} 行单位`} style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'remark']} rules={[{ max: 500 }]}>
                    <Input placeholder="备注" aria-label={`第 ${i + 1} 行备注`} style={{ width: 200 }} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除第 ${i + 1} 行`}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Space>
                <Button icon={<PlusOutlined />} onClick={() => add({})} disabled={fields.length >= SAMPLE_BATCH_MAX}>
                  添加一行
                </Button>
                <InputNumber
                  min={1}
                  max={SAMPLE_BATCH_MAX}
                  value={addCount}
                  onChange={setAddCount}
                  aria-label="批量添加的行数"
                  style={{ width: 80 }}
                />
                <Button
                  onClick={() => {
                    const rows = form.getFieldValue('samples') as Row[];
                    const last = rows[rows.length - 1] ?? {};
                    const n = Math.min(addCount ?? 1, SAMPLE_BATCH_MAX - fields.length);
                    for (let k = 0; k < n; k++)
                      add({ sampleType: last.sampleType, unit: last.unit, quantity: last.quantity });
                  }}
                >
                  批量添加
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
