import { and, inArray, type SQL } from 'drizzle-orm';
import { LIMS_DICT } from '@lims/contracts';
import type { DbOrTx } from '../../../db/client';
import { projects, samples, users } from '../../../db/schema';
import type { DictCache } from '../../../platform/dict-cache';
import type { ListRecord } from '../../../platform/list-query';
import { toDateTime } from '../../../platform/time';

export type SampleRow = typeof samples.$inferSelect;

const idsOf = (records: ListRecord[], key: string): string[] => [
  ...new Set(records.map((r) => r[key]).filter((v): v is string => typeof v === 'string' && v !== '')),
];

/** Adds projectNo, projectName and receivedByName to a page (or export batch) of sample records. */
export async function withSampleNames(db: DbOrTx, records: ListRecord[]): Promise<ListRecord[]> {
  const projectIds = idsOf(records, 'projectId');
  const userIds = idsOf(records, 'receivedBy');
  const [projectRows, userRows] = await Promise.all([
    projectIds.length
      ? db
          .select({ id: projects.id, no: projects.projectNo, name: projects.name })
          .from(projects)
          .where(inArray(projects.id, projectIds))
      : [],
    userIds.length
      ? db.select({ id: users.id, name: users.realname }).from(users).where(inArray(users.id, userIds))
      : [],
  ]);
  const byProject = new Map(projectRows.map((p) => [p.id, p]));
  const names = new Map(userRows.map((u) => [u.id, u.name]));
  return records.map((r) => {
    const out: ListRecord = { ...r };
    if ('projectId' in r) {
      const p = byProject.get(String(r.projectId));
      out.projectNo = p?.no ?? null;
      out.projectName = p?.name ?? null;
    }
    if ('receivedBy' in r)
      out.receivedByName = typeof r.receivedBy === 'string' ? (names.get(r.receivedBy) ?? null) : null;
    return out;
  });
}

/**
 * The stored samples of `ids` within `scope` (the user's data rules), locked for the rest of the
 * transaction so that two receipts or returns of one sample cannot both pass.
 */
export async function lockSamples(tx: DbOrTx, ids: readonly string[], scope: SQL | undefined): Promise<SampleRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(samples)
    .where(and(inArray(samples.id, [...ids]), scope))
    .orderBy(samples.sampleNo)
    .for('update');
}

/** Texts for the audit trail: dictionary values as their texts, users as their names, times formatted. */
export async function auditTexts(dictCache: DictCache) {
  const [types, conditions, statuses] = await Promise.all([
    dictCache.textMap(LIMS_DICT.sampleType),
    dictCache.textMap(LIMS_DICT.sampleCondition),
    dictCache.textMap(LIMS_DICT.sampleStatus),
  ]);
  const userNames = new Map<string, string>();
  const text = (map: ReadonlyMap<string, string>, v: string | null | undefined) =>
    v === null || v === undefined ? null : (map.get(v) ?? v);
  /** A sample (or the changed part of one) as the trail shows it (`db`: the transaction of the change). */
  return async (
    db: DbOrTx,
    row: Partial<SampleRow> & { projectNo?: string | null },
  ): Promise<Record<string, unknown>> => {
    const out: Record<string, unknown> = { ...row };
    if ('sampleType' in row) out.sampleType = text(types, row.sampleType);
    if ('condition' in row) out.condition = text(conditions, row.condition);
    if ('status' in row) out.status = text(statuses, row.status);
    if ('receivedAt' in row) out.receivedAt = toDateTime(row.receivedAt);
    if ('receivedBy' in row && row.receivedBy) {
      if (!userNames.has(row.receivedBy)) {
        const [u] = await db
          .select({ name: users.realname })
          .from(users)
          .where(inArray(users.id, [row.receivedBy]));
        userNames.set(row.receivedBy, u?.name ?? row.receivedBy);
      }
      out.receivedBy = userNames.get(row.receivedBy);
    }
    return out;
  };
}
