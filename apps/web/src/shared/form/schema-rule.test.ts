import { describe, expect, it } from 'vitest';
import { BUSINESS_FIELD_MSG, dictFormSchema, supplierFormSchema } from '@lims/contracts';
import { schemaRule } from './schema-rule';

const check = (value: unknown) => {
  const rule = schemaRule(supplierFormSchema.shape.creditCode) as {
    validator: (r: unknown, v: unknown) => Promise<void>;
  };
  return rule.validator({}, value);
};

describe('schemaRule', () => {
  it('passes what the contract accepts (blank, a valid code in any case)', async () => {
    await expect(check('')).resolves.toBeUndefined();
    await expect(check(undefined)).resolves.toBeUndefined();
    await expect(check(' 91350100m000100y43 ')).resolves.toBeUndefined();
  });

  it("refuses with the contract's message: wrong length, wrong check character", async () => {
    await expect(check('91350100M000100Y4')).rejects.toThrow(BUSINESS_FIELD_MSG.creditCodeInvalid);
    await expect(check('91350100M000100Y44')).rejects.toThrow(BUSINESS_FIELD_MSG.creditCodeInvalid);
  });

  it('speaks the shared Chinese error map where the contract has no message of its own', async () => {
    const rule = schemaRule(dictFormSchema.shape.dictName) as { validator: (r: unknown, v: unknown) => Promise<void> };
    await expect(rule.validator({}, '长'.repeat(101))).rejects.toThrow('长度不能超过 100 个字符');
    await expect(rule.validator({}, undefined)).rejects.toThrow('请输入字典名称！');
  });
});
