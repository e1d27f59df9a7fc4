import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from './envelope';

describe('envelope schemas', () => {
  const schema = envelopeSchema(pageSchema(z.object({ id: z.string(), name: z.string() })));

  it('accepts the success envelope with a page of records', () => {
    const v = {
      success: true,
      message: '操作成功！',
      code: 200,
      result: { records: [{ id: '1', name: 'a' }], total: 1 },
      timestamp: Date.now(),
    };
    expect(schema.parse(v)).toEqual(v);
  });

  it('strips fields the schema does not declare (nothing extra leaves the server)', () => {
    const v = {
      success: true,
      message: 'ok',
      code: 200,
      result: { records: [{ id: '1', name: 'a', passwordHash: 'secret' }], total: 1 },
      timestamp: 1,
    };
    expect(JSON.stringify(schema.parse(v))).not.toContain('secret');
  });

  it('refuses a malformed envelope', () => {
    expect(schema.safeParse({ success: 'yes', message: 1, code: 200, result: null, timestamp: 1 }).success).toBe(false);
    expect(
      schema.safeParse({ success: true, message: '', code: 200, result: { records: [], total: -1 }, timestamp: 1 })
        .success,
    ).toBe(false);
  });
});
