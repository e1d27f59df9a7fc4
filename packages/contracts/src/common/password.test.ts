import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { changePasswordFieldsSchema, isPolicyPassword, newPasswordSchema } from './password';

describe('password policy (SPEC section 5)', () => {
  it.each(['Abcdefg1', 'Lims@2026', 'xY9xxxxx', 'Ab1Ab1Ab1Ab1'])('accepts %s', (pw) => {
    expect(isPolicyPassword(pw)).toBe(true);
    expect(newPasswordSchema.safeParse(pw).success).toBe(true);
  });

  it.each(['Abcdef1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', '12345678', ''])(
    'refuses %j with the policy message',
    (pw) => {
      expect(isPolicyPassword(pw)).toBe(false);
      const r = newPasswordSchema.safeParse(pw);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(pw === '' ? MSG.newPasswordRequired : MSG.passwordPolicy);
    },
  );

  it('gives each field of the change-password form its SPEC message', () => {
    const msg = (v: object) => changePasswordFieldsSchema.safeParse(v).error?.issues[0].message;
    expect(msg({ oldpassword: '', password: 'Abcdefg1', confirmpassword: 'Abcdefg1' })).toBe('请输入旧密码!');
    expect(msg({ oldpassword: 'x', password: '', confirmpassword: '' })).toBe('请输入新密码!');
    expect(msg({ oldpassword: 'x', password: 'Abcdefg1', confirmpassword: '' })).toBe('请确认新密码!');
    expect(msg({ oldpassword: 'x', password: 'Abcdefg1', confirmpassword: 'Abcdefg2' })).toBe('两次输入的密码不一样！');
    expect(
      changePasswordFieldsSchema.safeParse({ oldpassword: 'x', password: 'Abcdefg1', confirmpassword: 'Abcdefg1' })
        .success,
    ).toBe(true);
  });
});
