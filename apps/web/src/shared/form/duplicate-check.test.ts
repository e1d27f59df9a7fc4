import { describe, expect, it } from 'vitest';
import { mockApi, fail, ok } from '../list-page/test-utils';
import { blurCheckRule, checkDuplicate, checkTaken, duplicateRule } from './duplicate-check';

describe('duplicate check', () => {
  it('asks /sys/duplicate/check and answers the server message for a taken value', async () => {
    const api = mockApi((c) =>
      c.params.get('fieldVal') === 'sex' ? fail(409, '该值不可用，系统中已存在！') : ok(null, '该值可用！'),
    );
    expect(await checkDuplicate({ tableName: 'dicts', fieldName: 'dict_code' }, 'sex')).toBe(
      '该值不可用，系统中已存在！',
    );
    expect(await checkDuplicate({ tableName: 'dicts', fieldName: 'dict_code', dataId: 'd1' }, 'new_code')).toBeNull();
    const last = api.calls[1];
    expect(last.path).toBe('/sys/duplicate/check');
    expect(Object.fromEntries(last.params)).toMatchObject({
      tableName: 'dicts',
      fieldName: 'dict_code',
      fieldVal: 'new_code',
      dataId: 'd1',
    });
  });

  it('uses checkChild with a parent, and lets other failures pass (the save checks again)', async () => {
    const api = mockApi(() => ({ status: 500, body: 'down' }));
    expect(await checkDuplicate({ tableName: 'dict_items', fieldName: 'item_value', parentId: 'p1' }, 'x')).toBeNull();
    expect(api.calls[0].path).toBe('/sys/duplicate/checkChild');
    expect(api.calls[0].params.get('parentId')).toBe('p1');
  });

  it('the form rule trims, skips empty values and rejects taken ones on blur', async () => {
    mockApi(() => fail(409, '该值不可用，系统中已存在！'));
    const rule = duplicateRule({ tableName: 'dicts', fieldName: 'dict_code' });
    expect(typeof rule === 'object' && rule.validateTrigger).toBe('onBlur');
    const validator = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
    await expect(validator({}, '  ')).resolves.toBeUndefined();
    await expect(validator({}, ' sex ')).rejects.toThrow('该值不可用，系统中已存在！');
  });

  it('checkTaken asks any check url; blurCheckRule shows its message', async () => {
    const api = mockApi((c) =>
      c.params.get('username') === 'admin' ? fail(409, '用户名已存在！') : ok(true, '该值可用！'),
    );
    expect(await checkTaken('/sys/user/checkOnlyUser', { username: 'admin' })).toBe('用户名已存在！');
    expect(await checkTaken('/sys/user/checkOnlyUser', { username: 'nobody', id: 'u1' })).toBeNull();
    expect(Object.fromEntries(api.calls[1].params)).toMatchObject({ username: 'nobody', id: 'u1' });
    const rule = blurCheckRule((v) => checkTaken('/sys/user/checkOnlyUser', { username: v }));
    const validator = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
    await expect(validator({}, ' admin ')).rejects.toThrow('用户名已存在！');
    await expect(validator({}, 'nobody')).resolves.toBeUndefined();
  });
});
