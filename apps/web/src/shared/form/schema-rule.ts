import type { FormRule as Rule } from 'antd';

/** A contract schema as far as a form rule needs it (zod's safeParse, without importing zod here). */
export type FieldSchema = {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
};

/**
 * A Form rule checking one field with the contract's schema of that field, so the form refuses
 * exactly what the server refuses, with the same Chinese message.
 */
export function schemaRule(schema: FieldSchema, fallback = '输入不正确'): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message || fallback);
    },
  };
}
