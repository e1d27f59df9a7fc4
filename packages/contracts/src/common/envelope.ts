import { z } from 'zod';
import { MSG } from '../messages';

/** The JSON envelope every API answer uses: `{ success, message, code, result, timestamp }`. */
export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    code: z.number().int(),
    result,
    timestamp: z.number().int(),
  });
}

export const anyEnvelopeSchema = envelopeSchema(z.unknown());
export type Envelope<T> = {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
};

/** A page of records as every list endpoint answers it. */
export function pageSchema<T extends z.ZodType>(record: T) {
  return z.object({ records: z.array(record), total: z.number().int().nonnegative() });
}
export type Page<T> = { records: T[]; total: number };

/** Fields every stored record carries, set by the server only. */
export const auditFieldsSchema = z.object({
  id: z.string(),
  createTime: z.string().nullable(),
  createBy: z.string().nullable(),
  updateTime: z.string().nullable(),
  updateBy: z.string().nullable(),
  /** The edit version (editable records): an edit sends it back; a newer one on the server makes the edit a 409. */
  version: z.number().int().optional(),
});

/**
 * The version an edit started from (the record's `version` as loaded). Absent (an older client, e.g. the
 * JeecgBoot web client): the edit is not checked.
 */
export const editVersionField = () =>
  z
    .number({ error: MSG.badVersion })
    .int(MSG.badVersion)
    .min(0, MSG.badVersion)
    .max(2_147_483_647, MSG.badVersion)
    .nullish()
    .transform((v) => v ?? undefined);
export { AUDIT_FIELDS } from './audit-fields';
