import { useState } from 'react';
import { Form } from 'antd';
import { DictCheckbox, DictMultiSelect } from '../../../shared/dict/dict-multi';
import { DictSelect } from '../../../shared/dict/dict-select';
import { DictTag } from '../../../shared/dict/dict-tag';
import type { TagColor } from '../../../shared/dict/dict-tag';
import { DemoCard, DemoValue } from './demo-card';
import { DEMO_TEST_TYPES } from './demo-data';

const CODE = 'test_type';
const TAG_COLORS: Record<string, TagColor> = {
  '1': 'blue',
  '2': 'cyan',
  '3': 'green',
  '4': 'orange',
  '5': 'purple',
  '6': 'default',
};

/** Dictionary select, multi-select, checkbox tags and tag display; multi values are comma-joined. */
export function DictDemo() {
  const [single, setSingle] = useState<string>();
  const [multi, setMulti] = useState('1,3');
  const [checks, setChecks] = useState('2,6');
  return (
    <DemoCard
      id="dict"
      title="字典组件 DictSelect / DictMultiSelect / DictCheckbox"
      description="选项来自字典「检测类别」（本页免登录，使用与种子数据相同的静态选项）。多选的值是逗号连接的字符串；搜索会去掉首尾空格；已停用的项只在已选时显示。"
    >
      <Form layout="vertical">
        <Form.Item label="单选（可搜索）">
          <DictSelect
            dictCode={CODE}
            options={DEMO_TEST_TYPES}
            value={single}
            onChange={setSingle}
            aria-label="检测类别单选"
          />
          <DemoValue label="值" value={single} testId="dict-single-value" />
        </Form.Item>
        <Form.Item label="多选">
          <DictMultiSelect dictCode={CODE} options={DEMO_TEST_TYPES} value={multi} onChange={setMulti} />
          <DemoValue label="值" value={multi} testId="dict-multi-value" />
        </Form.Item>
        <Form.Item label="复选标签">
          <DictCheckbox dictCode={CODE} options={DEMO_TEST_TYPES} value={checks} onChange={setChecks} />
          <DemoValue label="值" value={checks} testId="dict-check-value" />
        </Form.Item>
        <Form.Item label="字典标签（显示复选的值）" style={{ marginBottom: 0 }}>
          <span data-testid="dict-tags">
            <DictTag dictCode={CODE} options={DEMO_TEST_TYPES} value={checks} colors={TAG_COLORS} />
          </span>
        </Form.Item>
      </Form>
    </DemoCard>
  );
}
