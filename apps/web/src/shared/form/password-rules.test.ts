import { describe, expect, it } from 'vitest';
import type { FormInstance, FormRule } from 'antd';
import { confirmPasswordRules, newPasswordRules } from './password-rules';

type Validator = (rule: Exclude<FormRule, (form: FormInstance) => unknown>, value: unknown) => Promise<void>;
const form = (password: string) => ({ getFieldValue: () => password }) as unknown as FormInstance;

describe('password rules (SPEC section 5)', () => {
  it('new password: required, then the policy message', () => {
    expect(newPasswordRules).toEqual([
      { required: true, message: '请输入新密码!' },
      { pattern: expect.any(RegExp), message: '密码由8位以上的数字、大小写字母组成!' },
    ]);
    const { pattern } = newPasswordRules[1] as { pattern: RegExp };
    expect(pattern.test('Abcdefg1')).toBe(true);
    expect(pattern.test('abcdefg1')).toBe(false);
    expect(pattern.test('Abcde1')).toBe(false);
  });

  it('confirmation: required, and equal to the password', async () => {
    const [required, equal] = confirmPasswordRules();
    expect(required).toEqual({ required: true, message: '请确认新密码!' });
    const { validator } = (equal as (f: FormInstance) => { validator: Validator })(form('Abcdefg1'));
    await expect(validator({}, 'Abcdefg1')).resolves.toBeUndefined();
    await expect(validator({}, 'Abcdefg2')).rejects.toThrow('两次输入的密码不一样！');
    await expect(validator({}, '')).resolves.toBeUndefined();
  });
});
