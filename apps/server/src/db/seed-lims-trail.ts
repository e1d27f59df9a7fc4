import { LIMS_DICT, type AuditChange, type AuditEntity } from '@lims/contracts';
import type { limsAudit } from './schema';
import { DICTS } from './seed-data/dicts';
import { seedId } from './seed-system';

/** Field labels and entry helpers of the demo laboratory audit trail (seed-lims-demo.ts). */

export const dictText = (code: string, value: string | null | undefined) =>
  value == null ? null : (DICTS.find((d) => d[0] === code)?.[2].find(([v]) => v === value)?.[1] ?? value);
export const sampleStatus = (v: string) => dictText(LIMS_DICT.sampleStatus, v);
export const analysisStatus = (v: string) => dictText(LIMS_DICT.analysisStatus, v);

export type Person = { id: string; username: string; realname: string };
export type AuditRow = typeof limsAudit.$inferInsert;

/** The steps of one record as audit entries with stable ids (record key + step number). */
export function trail(entity: AuditEntity, key: string, recordId: string, recordLabel: string) {
  const rows: AuditRow[] = [];
  const add = (action: string, at: string, by: Person, changes: AuditChange[], reason?: string) => {
    rows.push({
      id: seedId(`lims-audit:${key}:${rows.length + 1}`),
      entity,
      recordId,
      recordLabel,
      action,
      changes,
      reason: reason ?? null,
      userId: by.id,
      username: by.username,
      realname: by.realname,
      at,
    });
  };
  return { rows, add };
}
