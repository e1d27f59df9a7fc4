import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ANALYSIS_STATUS, SAMPLE_STATUS, SAMPLE_STATUS_TEXT, limitsText, type AnalysisRecord } from '@lims/contracts';
import type { DbOrTx } from '../../../db/client';
import { analyses, analysisVerifications, projects, samples, users } from '../../../db/schema';
import type { ListRecord } from '../../../platform/list-query';
import type { SessionUser } from '../../../platform/sessions';
import { recordAudit } from '../audit-trail';

type Actor = Pick<SessionUser, 'id' | 'username' | 'realname'>;

const idsOf = (records: ListRecord[], ...keys: string[]): string[] => [
  ...new Set(
    records.flatMap((r) => keys.map((k) => r[k])).filter((v): v is string => typeof v === 'string' && v !== ''),
  ),
];

/** Real names of users by id. */
export async function userNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.realname }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Completes a page (or export batch) of analyses with their sample, project, analyst, entering user
 * and the verifiers of the current round by name; `viewerId` adds `canVerify` for that user.
 */
export async function withAnalysisNames(
  db: DbOrTx,
  records: ListRecord[],
  viewerId?: string,
): Promise<AnalysisRecord[]> {
  if (records.length === 0) return [];
  const sampleIds = idsOf(records, 'sampleId');
  const sampleRows = sampleIds.length
    ? await db
        .select({
          id: samples.id,
          sampleNo: samples.sampleNo,
          name: samples.name,
          projectId: samples.projectId,
          projectNo: projects.projectNo,
          projectName: projects.name,
        })
        .from(samples)
        .innerJoin(projects, eq(projects.id, samples.projectId))
        .where(inArray(samples.id, sampleIds))
    : [];
  const ids = records.map((r) => String(r.id));
  const verifications = await db
    .select({
      analysisId: analysisVerifications.analysisId,
      round: analysisVerifications.round,
      verifierId: analysisVerifications.verifierId,
    })
    .from(analysisVerifications)
    .where(inArray(analysisVerifications.analysisId, ids))
    .orderBy(asc(analysisVerifications.verifiedAt));
  const names = await userNames(db, [
    ...idsOf(records, 'analystId', 'enteredBy'),
    ...new Set(verifications.map((v) => v.verifierId)),
  ]);
  const sampleMap = new Map(sampleRows.map((s) => [s.id, s]));
  return records.map((r): AnalysisRecord => {
    const sample = sampleMap.get(String(r.sampleId));
    const current = verifications.filter((v) => v.analysisId === r.id && v.round === r.resultRound);
    const verifierNames = current.map((v) => names.get(v.verifierId) ?? '');
    const nameOf = (k: string) => (typeof r[k] === 'string' ? (names.get(r[k]) ?? null) : null);
    const limits = { specMin: r.specMin as number | null, specMax: r.specMax as number | null };
    return {
      ...(r as AnalysisRecord),
      sampleNo: sample?.sampleNo ?? null,
      sampleName: sample?.name ?? null,
      projectId: sample?.projectId ?? null,
      projectNo: sample?.projectNo ?? null,
      projectName: sample?.projectName ?? null,
      analystName: nameOf('analystId'),
      enteredByName: nameOf('enteredBy'),
      verifierNames,
      verifierText: verifierNames.join('、'),
      limitsText: limitsText({ ...limits, specText: r.specText as string | null }),
      outOfSpecText: r.outOfSpec === true ? '超标' : r.outOfSpec === false ? '合格' : '',
      ...(viewerId === undefined
        ? {}
        : {
            canVerify:
              r.status === ANALYSIS_STATUS.entered &&
              r.enteredBy !== viewerId &&
              r.analystId !== viewerId &&
              !current.some((v) => v.verifierId === viewerId),
          }),
    };
  });
}

/**
 * Moves samples along with their analyses: 已接收 → 检测中 once a result is entered; → 已完成 when
 * every analysis is verified (and back to 检测中 when one is not any more). Samples 待接收 or
 * 已退回 are left alone. Each move is written to the sample's audit trail. Call in the transaction
 * of the change to the analyses. The samples are locked before their analyses are counted, so two
 * analyses of one sample changed at once (two users, two server processes) are judged one after the
 * other: the second sees the first's change, the sample moves once and never stays behind.
 */
export async function refreshSampleStatus(tx: DbOrTx, sampleIds: string[], user: Actor): Promise<void> {
  const ids = [...new Set(sampleIds)];
  if (ids.length === 0) return;
  await lockSampleRows(tx, ids);
  const rows = await tx
    .select({
      id: samples.id,
      sampleNo: samples.sampleNo,
      status: samples.status,
      total: sql<number>`count(${analyses.id})::int`,
      verified: sql<number>`count(${analyses.id}) filter (where ${analyses.status} = ${ANALYSIS_STATUS.verified})::int`,
      entered: sql<number>`count(${analyses.id}) filter (where ${analyses.enteredAt} is not null)::int`,
    })
    .from(samples)
    .leftJoin(analyses, eq(analyses.sampleId, samples.id))
    .where(
      and(
        inArray(samples.id, ids),
        inArray(samples.status, [SAMPLE_STATUS.received, SAMPLE_STATUS.testing, SAMPLE_STATUS.done]),
      ),
    )
    .groupBy(samples.id, samples.sampleNo, samples.status);
  for (const row of rows) {
    const next =
      row.total > 0 && row.verified === row.total
        ? SAMPLE_STATUS.done
        : row.entered > 0
          ? SAMPLE_STATUS.testing
          : SAMPLE_STATUS.received;
    if (next === row.status) continue;
    const moved = await tx
      .update(samples)
      .set({ status: next, updateBy: user.username, updateTime: sql`now()`, version: sql`${samples.version} + 1` })
      .where(and(eq(samples.id, row.id), eq(samples.status, row.status)))
      .returning({ id: samples.id });
    if (moved.length === 0) continue;
    await recordAudit(tx, {
      entity: 'sample',
      recordId: row.id,
      recordLabel: row.sampleNo,
      action: 'update',
      changes: [
        {
          field: 'status',
          label: '状态',
          old: SAMPLE_STATUS_TEXT[row.status] ?? row.status,
          new: SAMPLE_STATUS_TEXT[next],
        },
      ],
      reason: '检测任务状态变化',
      user,
    });
  }
}

/**
 * Locks samples for this transaction (in sample number order, as the sample routes do), without
 * blocking rows that only refer to them. Re-locking a row the transaction holds costs nothing.
 */
async function lockSampleRows(tx: DbOrTx, ids: string[]): Promise<void> {
  await tx
    .select({ id: samples.id })
    .from(samples)
    .where(inArray(samples.id, ids))
    .orderBy(samples.sampleNo)
    .for('no key update');
}

/**
 * The analysis row, locked for this transaction (concurrent changes of it queue behind), after its
 * sample: the order of the sample routes (the sample, then its analyses), so that 结果录入 and 复核
 * never deadlock with 退回 of the sample, and changes of one sample's analyses queue one behind the other.
 */
export async function lockAnalysis(tx: DbOrTx, id: string) {
  const [ref] = await tx.select({ sampleId: analyses.sampleId }).from(analyses).where(eq(analyses.id, id)).limit(1);
  if (!ref) return undefined;
  await lockSampleRows(tx, [ref.sampleId]);
  const [row] = await tx.select().from(analyses).where(eq(analyses.id, id)).for('update').limit(1);
  return row;
}

/** The record label of an analysis in the audit trail: sample number / item name. */
export async function analysisLabel(tx: DbOrTx, row: { sampleId: string; itemName: string }): Promise<string> {
  const [s] = await tx.select({ no: samples.sampleNo }).from(samples).where(eq(samples.id, row.sampleId)).limit(1);
  return `${s?.no ?? ''} ${row.itemName}`.trim();
}
