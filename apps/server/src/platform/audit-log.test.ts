import { describe, expect, it } from 'vitest';
import { maskSecrets, operateTypeOf } from './audit-log';

describe('maskSecrets', () => {
  it('hides passwords, tokens and one-time codes, keeps business codes', () => {
    const masked = maskSecrets({
      password: 'Abc12345',
      confirmpassword: 'x',
      token: 't',
      code: '123456',
      captcha: '654321',
      dictCode: 'sex',
      orgCode: 'A01',
      nested: { oldpassword: 'y' },
    });
    expect(masked).toEqual({
      password: '******',
      confirmpassword: '******',
      token: '******',
      code: '******',
      captcha: '******',
      dictCode: 'sex',
      orgCode: 'A01',
      nested: { oldpassword: '******' },
    });
  });
});

describe('operateTypeOf', () => {
  it('infers the operation from the path', () => {
    expect(operateTypeOf('/api/sys/user/add', 'POST')).toBe(2);
    expect(operateTypeOf('/api/sys/user/edit', 'PUT')).toBe(3);
    expect(operateTypeOf('/api/sys/user/deleteBatch', 'DELETE')).toBe(4);
    expect(operateTypeOf('/api/sys/user/importExcel', 'POST')).toBe(5);
    expect(operateTypeOf('/api/sys/user/exportXls', 'GET')).toBe(6);
  });
});
