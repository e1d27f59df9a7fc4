import { useState } from 'react';
import { Button } from 'antd';
import { usePrompt } from '../../../shared/ui/prompt-dialog/prompt-dialog';
import { DemoCard, DemoValue } from './demo-card';

/** The caller's rules: required, and a sample number such as AB1234. */
const SAMPLE_RULES = [
  { required: true, message: '请输入样品编号' },
  { pattern: /^[A-Z]{2}\d{4}$/, message: '样品编号为两位大写字母加四位数字，如 AB1234' },
];

/** Prompt dialog: one input checked against the rules its caller supplies. */
export function PromptDialogDemo() {
  const { prompt, holder } = usePrompt();
  const [result, setResult] = useState('');
  const ask = async () => {
    const value = await prompt({ title: '登记样品', label: '样品编号', placeholder: '如 AB1234', rules: SAMPLE_RULES });
    setResult(value === null ? '已取消' : value);
  };
  return (
    <DemoCard
      id="prompt-dialog"
      title="输入对话框 PromptDialog"
      description="对话框只有一个输入框，按调用方给出的规则校验（此处：必填，两位大写字母加四位数字），通过后才关闭。"
    >
      <Button onClick={() => void ask()}>登记样品</Button>
      <DemoValue label="结果" value={result} testId="prompt-result" />
      {holder}
    </DemoCard>
  );
}
