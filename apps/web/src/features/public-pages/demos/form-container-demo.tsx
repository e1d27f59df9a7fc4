import { useState } from 'react';
import { Form, Input, Segmented, DatePicker } from 'antd';
import { FormContainer } from '../../../shared/form/form-container';
import { DictSelect } from '../../../shared/dict/dict-select';
import { DemoCard } from './demo-card';
import { DEMO_TEST_TYPES } from './demo-data';

type Mode = 'edit' | 'detail';

/** The form container: the same form, every input disabled in 详情 mode. */
export function FormContainerDemo() {
  const [mode, setMode] = useState<Mode>('edit');
  return (
    <DemoCard
      id="form-container"
      title="表单容器 FormContainer"
      description="切换到「详情」时，容器内的所有输入（antd 组件与原生输入）都被禁用。"
    >
      <Segmented<Mode>
        value={mode}
        onChange={setMode}
        options={[
          { value: 'edit', label: '编辑' },
          { value: 'detail', label: '详情' },
        ]}
        style={{ marginBottom: 16 }}
      />
      <FormContainer disabled={mode === 'detail'}>
        <Form layout="vertical" initialValues={{ projectName: '土壤重金属检测', testType: '4' }}>
          <Form.Item label="项目名称" name="projectName">
            <Input aria-label="项目名称" />
          </Form.Item>
          <Form.Item label="检测类别" name="testType">
            <DictSelect dictCode="test_type" options={DEMO_TEST_TYPES} aria-label="检测类别" />
          </Form.Item>
          <Form.Item label="计划日期" name="planDate">
            <DatePicker style={{ width: '100%' }} aria-label="计划日期" />
          </Form.Item>
          <Form.Item label="备注（原生输入框）" style={{ marginBottom: 0 }}>
            <input
              aria-label="备注"
              placeholder="原生 input 同样被禁用"
              style={{ width: '100%', padding: '4px 11px' }}
            />
          </Form.Item>
        </Form>
      </FormContainer>
    </DemoCard>
  );
}
