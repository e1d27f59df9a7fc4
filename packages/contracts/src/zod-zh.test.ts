import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dictFormSchema, isStockMessage, requiredError, supplierFormSchema, ZOD_ZH } from './index';

const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0];

describe('the Chinese zod error map', () => {
  it('gives every everyday check one Chinese text', () => {
    expect(first(z.string().max(3), 'abcd').message).toBe('长度不能超过 3 个字符');
    expect(first(z.string().min(2), 'a').message).toBe('长度不能少于 2 个字符');
    expect(first(z.string().min(1), '').message).toBe('不能为空');
    expect(first(z.object({ a: z.string() }), {}).message).toBe('不能为空');
    expect(first(z.string(), 12).message).toBe('格式不正确');
    expect(first(z.number().max(9), 10).message).toBe('不能大于 9');
    expect(first(z.number().min(1), 0).message).toBe('不能小于 1');
    expect(first(z.array(z.string()).max(1), ['a', 'b']).message).toBe('最多 1 项');
    expect(first(z.email(), 'x').message).toBe('邮箱格式不正确');
    expect(first(z.enum(['a', 'b']), 'c').message).toBe('取值不正确');
    expect(first(z.strictObject({}), { x: 1 }).message).toBe('含有不允许的字段');
    expect(first(z.iso.date(), 'x').message).toBe(ZOD_ZH.badFormat);
  });

  it("keeps a schema's own message and marks the map's texts as stock", () => {
    const own = first(z.string().max(3, '名称太长'), 'abcd');
    expect(own.message).toBe('名称太长');
    expect(isStockMessage(own)).toBe(false);
    expect(isStockMessage(first(z.string().max(3), 'abcd'))).toBe(true);
    expect(isStockMessage(first(z.object({ a: z.string() }), {}))).toBe(true);
  });

  it('lends a required message to a missing value only, never to the length checks after it', () => {
    const name = z.string(requiredError('请输入名称')).trim().min(1, '请输入名称').max(5);
    expect(first(name, undefined).message).toBe('请输入名称');
    expect(first(name, ' ').message).toBe('请输入名称');
    expect(first(name, '123456').message).toBe('长度不能超过 5 个字符');
    expect(first(dictFormSchema.shape.dictName, 'x'.repeat(101)).message).toBe('长度不能超过 100 个字符');
    expect(first(supplierFormSchema.shape.name, undefined).message).toBe('请输入供应商名称！');
  });
});
