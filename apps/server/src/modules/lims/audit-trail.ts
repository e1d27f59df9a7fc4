import { and, asc, eq } from 'drizzle-orm';
import { AUDIT_ACTION_TEXT, type AuditChange, type AuditEntity, type AuditRecord } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { limsAudit } from '../../db/schema';
import { toDateTime } from '../../platform/time';
import type { SessionUser } from '../../platform/sessions';

/**
 * The audit trail (历史记录) of samples, analyses and reports (ISO/IEC 17025 §7.5, 21 CFR 11.10(e)):
 * every create, change and delete is written in the same transaction as the change itself, with
 * who, when, which fields (old → new) and the reason the user typed. The table is append-only
 * (the database refuses UPDATE, DELETE and TRUNCATE) and has no foreign keys, so it outlives its
 * records.
 */

/** The audited fields of a record and their labels as the pages show them, in display order. */
export type AuditLabels = Readonly<Record<string, string>>;

export type AuditInput = {
  entity: AuditEntity;
  recordId: string;
  /** The record's number or name (kept readable after the record is deleted). */
  recordLabel?: string | null;
  /** create, update, delete, receive, enter, verify … (AUDIT_ACTION_TEXT). */
  action: string;
  changes: AuditChange[];
  reason?: string | null;
  user: Pick<SessionUser, 'id' | 'username' | 'realname'>;
};

/** A stored value as the trail shows it: text, numbers as typed, empty → null. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (value instanceof Date) return toDateTime(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? null;
}

/** Numbers compare by value ('1.50' from numeric columns equals 1.5 typed). */
function sameValue(a: string | null, b: string | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  const na = Number(a);
  const nb = Number(b);
  return a.trim() !== '' && b.trim() !== '' && Number.isFinite(na) && Number.isFinite(nb) && na === nb;
}

/**
 * The changed fields between two states of a record, in the labels' order. `before` undefined: a
 * created record (every non-empty field); `after` undefined: a deleted one (every non-empty field).
 */
export function diffRecord(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  labels: AuditLabels,
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const [field, label] of Object.entries(labels)) {
    const oldValue = before ? asText(before[field]) : null;
    const newValue = after ? asText(after[field]) : null;
    if (before && after && !Object.hasOwn(after, field)) continue;
    if (!sameValue(oldValue, newValue)) changes.push({ field, label, old: oldValue, new: newValue });
  }
  return changes;
}

/** Writes trail entries (call inside the transaction of the change they describe). */
export async function recordAudit(tx: DbOrTx, entries: AuditInput | AuditInput[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await tx.insert(limsAudit).values(
    list.map((e) => ({
      entity: e.entity,
      recordId: e.recordId,
      recordLabel: e.recordLabel ?? null,
      action: e.action,
      changes: e.changes,
      reason: e.reason?.trim() || null,
      userId: e.user.id,
      username: e.user.username,
      realname: e.user.realname,
    })),
  );
}

type AuditRow = typeof limsAudit.$inferSelect;

/** A stored trail row as the API answers it. */
export function toAuditRecord(row: AuditRow): AuditRecord {
  return {
    id: row.id,
    entity: row.entity as AuditEntity,
    recordId: row.recordId,
    recordLabel: row.recordLabel,
    action: row.action,
    actionText: AUDIT_ACTION_TEXT[row.action] ?? row.action,
    changes: (Array.isArray(row.changes) ? row.changes : []) as AuditChange[],
    reason: row.reason,
    username: row.username,
    realname: row.realname,
    at: toDateTime(row.at) ?? '',
  };
}

/** A record's whole trail, oldest first. */
export async function historyOf(db: DbOrTx, entity: AuditEntity, recordId: string): Promise<AuditRecord[]> {
  const rows = await db
    .select()
    .from(limsAudit)
    .where(and(eq(limsAudit.entity, entity), eq(limsAudit.recordId, recordId)))
    .orderBy(asc(limsAudit.at), asc(limsAudit.seq));
  return rows.map(toAuditRecord);
}

/** The changes of a trail row in one line (for the export): `结果: 1.2 → 1.5；单位: 空 → mg/L`. */
export function changesText(changes: readonly AuditChange[]): string {
  return changes.map((c) => `${c.label}: ${c.old ?? '空'} → ${c.new ?? '空'}`).join('；');
}
