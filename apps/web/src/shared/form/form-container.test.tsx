import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Input, Select, Switch } from 'antd';
import { FormContainer } from './form-container';

function Fields() {
  return (
    <>
      <Input aria-label="antd 输入" />
      <Switch aria-label="开关" />
      <Select aria-label="选择" options={[{ value: '1', label: '一' }]} />
      <input aria-label="原生输入" />
      <button type="button">原生按钮</button>
    </>
  );
}

describe('FormContainer', { timeout: 30_000 }, () => {
  it('disables antd and native controls inside when disabled', () => {
    render(
      <FormContainer disabled>
        <Fields />
      </FormContainer>,
    );
    expect(screen.getByLabelText<HTMLInputElement>('antd 输入').disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('switch').disabled).toBe(true);
    expect(screen.getByRole('combobox').matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('原生输入').matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: '原生按钮' }).matches(':disabled')).toBe(true);
  });

  it('leaves them enabled otherwise', () => {
    render(
      <FormContainer>
        <Fields />
      </FormContainer>,
    );
    expect(screen.getByLabelText<HTMLInputElement>('antd 输入').disabled).toBe(false);
    expect(screen.getByLabelText('原生输入').matches(':disabled')).toBe(false);
  });
});
