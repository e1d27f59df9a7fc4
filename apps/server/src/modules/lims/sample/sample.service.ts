import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ANALYSIS_STATUS,
  DOC_NO_PREFIX,
  LIMS_DICT,
  limitOf,
  PROJECT_STATUS,
  SAMPLE_MSG,
  SAMPLE_STATUS,
  type SampleAddForm,
  type SampleReceiveForm,
  type SampleReturnForm,
} from '@lims/contracts';
import { analyses, projectItems, projects, samples } from '../../../db/schema';
import type { DbOrTx } from '../../../db/client';
import { takeDocNos } from '../../../platform/doc-no';
import { assertDictValues } from '../../../platform/record-checks';
import { badRequest, notFound } from '../../../platform/reply';
import type { SessionUser } from '../../../platform/sessions';
import { diffRecord, recordAudit, type AuditInput } from '../audit-trail';
import { ANALYSIS_CREATE_LABELS, SAMPLE_AUDIT_LABELS } from './sample.entities';
import { auditTexts, lockSamples, type SampleRow } from './sample.repo';

export type Who = Pick<SessionUser, 'id' | 'username' | 'realname'>;

/** Projects that take new samples: 待受理 (moved to 进行中 by the first sample) and 进行中. */
const OPEN_PROJECT: readonly string[] = [PROJECT_STATUS.pending, PROJECT_STATUS.active];

async function statusText(app: FastifyInstance, code: string, value: string): Promise<string> {
  return (await app.dictCache.textMap(code)).get(value) ?? value;
}

/** The locked samples of `ids` within the user's scope; 404 when one is missing or outside it. */
export async function lockAll(tx: DbOrTx, ids: readonly string[], scope: SQL | undefined): Promise<SampleRow[]> {
  const rows = await lockSamples(tx, [...new Set(ids)], scope);
  if (rows.length < new Set(ids).size) throw notFound(SAMPLE_MSG.notFound);
  return rows;
}

/** 400 naming the first sample not in one of `allowed` states. */
export async function assertStates(
  app: FastifyInstance,
  rows: SampleRow[],
  allowed: readonly string[],
  action: string,
) {
  const wrong = rows.find((r) => !allowed.includes(r.status));
  if (!wrong) return;
  const text = await statusText(app, LIMS_DICT.sampleStatus, wrong.status);
  throw badRequest(SAMPLE_MSG.wrongState(wrong.sampleNo, text, action));
}

export async function projectNos(
  tx: DbOrTx,
  ids: string[],
): Promise<Map<string, { no: string; dueDate: string | null }>> {
  const rows = await tx
    .select({ id: projects.id, no: projects.projectNo, dueDate: projects.dueDate })
    .from(projects)
    .where(inArray(projects.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { no: r.no, dueDate: r.dueDate }]));
}

/** 登记: N samples of one project, numbered YP + day + sequence, 待接收; a 待受理 project becomes 进行中. */
export async function registerSamples(app: FastifyInstance, user: Who, form: SampleAddForm, projectScope?: SQL) {
  await assertDictValues(
    app.dictCache,
    form.samples.map((row) => [LIMS_DICT.sampleType, row.sampleType, SAMPLE_MSG.sampleTypeInvalid] as const),
  );
  const texts = await auditTexts(app.dictCache);
  return app.db.transaction(async (tx) => {
    const [project] = await tx
      .select({ id: projects.id, no: projects.projectNo, status: projects.status })
      .from(projects)
      .where(and(eq(projects.id, form.projectId), projectScope))
      .for('update');
    if (!project) throw badRequest(SAMPLE_MSG.projectNotFound);
    if (!OPEN_PROJECT.includes(project.status))
      throw badRequest(SAMPLE_MSG.projectClosed(await statusText(app, 'project_status', project.status)));
    if (project.status === PROJECT_STATUS.pending)
      await tx
        .update(projects)
        .set({ status: PROJECT_STATUS.active, updateBy: user.username, updateTime: sql`now()` })
        .where(eq(projects.id, project.id));
    const numbers = await takeDocNos(tx, DOC_NO_PREFIX.sample, form.samples.length);
    const inserted = await tx
      .insert(samples)
      .values(
        form.samples.map((r, i) => ({
          sampleNo: numbers[i],
          projectId: project.id,
          name: r.name ?? '',
          sampleType: r.sampleType,
          quantity: r.quantity,
          unit: r.unit,
          remark: r.remark,
          status: SAMPLE_STATUS.pending,
          createBy: user.username,
        })),
      )
      .returning();
    const entries: AuditInput[] = [];
    for (const row of inserted) {
      const after = await texts(tx, { ...row, projectNo: project.no });
      entries.push({
        entity: 'sample',
        recordId: row.id,
        recordLabel: row.sampleNo,
        action: 'create',
        changes: diffRecord(undefined, after, SAMPLE_AUDIT_LABELS),
        user,
      });
    }
    await recordAudit(tx, entries);
    return { ids: inserted.map((r) => r.id), sampleNos: inserted.map((r) => r.sampleNo) };
  });
}

/**
 * 接收: 待接收 samples become 已接收 (condition, storage location, received by/at = the user/now), and
 * each gets one analysis (待录入) per test item of its project. A project without items is refused.
 */
export async function receiveSamples(app: FastifyInstance, user: Who, scope: SQL | undefined, form: SampleReceiveForm) {
  await assertDictValues(app.dictCache, [[LIMS_DICT.sampleCondition, form.condition, SAMPLE_MSG.conditionInvalid]]);
  const texts = await auditTexts(app.dictCache);
  return app.db.transaction(async (tx) => {
    const rows = await lockAll(tx, form.ids, scope);
    await assertStates(app, rows, [SAMPLE_STATUS.pending], '接收');
    const projectIds = [...new Set(rows.map((r) => r.projectId))];
    const info = await projectNos(tx, projectIds);
    const items = await tx
      .select()
      .from(projectItems)
      .where(inArray(projectItems.projectId, projectIds))
      .orderBy(projectItems.sortNo, projectItems.id);
    const empty = projectIds.find((id) => !items.some((i) => i.projectId === id));
    if (empty) throw badRequest(SAMPLE_MSG.noItems(info.get(empty)?.no ?? empty));

    const updated = await tx
      .update(samples)
      .set({
        status: SAMPLE_STATUS.received,
        condition: form.condition,
        storageLocation: form.storageLocation,
        receivedBy: user.id,
        receivedAt: sql`now()`,
        version: sql`${samples.version} + 1`,
        updateBy: user.username,
        updateTime: sql`now()`,
      })
      .where(
        inArray(
          samples.id,
          rows.map((r) => r.id),
        ),
      )
      .returning();
    const created = await tx
      .insert(analyses)
      .values(
        updated.flatMap((s) =>
          items
            .filter((i) => i.projectId === s.projectId)
            .map((i) => ({
              sampleId: s.id,
              projectItemId: i.id,
              itemName: i.itemName,
              standard: i.standard,
              unit: i.unit,
              specMin: i.specMin,
              specMax: i.specMax,
              specText: i.specText,
              dueDate: info.get(s.projectId)?.dueDate ?? null,
              status: ANALYSIS_STATUS.open,
              createBy: user.username,
            })),
        ),
      )
      .returning();
    const before = new Map(rows.map((r) => [r.id, r]));
    const entries: AuditInput[] = [];
    for (const s of updated) {
      const pick = (r: SampleRow) => ({
        status: r.status,
        condition: r.condition,
        storageLocation: r.storageLocation,
        receivedBy: r.receivedBy,
        receivedAt: r.receivedAt,
      });
      const changes = diffRecord(
        await texts(tx, pick(before.get(s.id)!)),
        await texts(tx, pick(s)),
        SAMPLE_AUDIT_LABELS,
      );
      entries.push({ entity: 'sample', recordId: s.id, recordLabel: s.sampleNo, action: 'receive', changes, user });
    }
    const sampleNo = new Map(updated.map((s) => [s.id, s.sampleNo]));
    for (const a of created) {
      const after = {
        ...a,
        specMin: limitOf(a.specMin),
        specMax: limitOf(a.specMax),
        sampleNo: sampleNo.get(a.sampleId),
        status: '待录入',
      };
      entries.push({
        entity: 'analysis',
        recordId: a.id,
        recordLabel: `${sampleNo.get(a.sampleId)}-${a.itemName}`,
        action: 'create',
        changes: diffRecord(undefined, after, ANALYSIS_CREATE_LABELS),
        user,
      });
    }
    await recordAudit(tx, entries);
    return { samples: updated.length, analyses: created.length };
  });
}

/**
 * 退回 with a reason: from 待接收, or from 已接收 while none of its analyses has a result (those empty
 * analyses are removed, each with a trail entry).
 */
export async function returnSamples(app: FastifyInstance, user: Who, scope: SQL | undefined, form: SampleReturnForm) {
  const texts = await auditTexts(app.dictCache);
  return app.db.transaction(async (tx) => {
    const rows = await lockAll(tx, form.ids, scope);
    await assertStates(app, rows, [SAMPLE_STATUS.pending, SAMPLE_STATUS.received], '退回');
    const ids = rows.map((r) => r.id);
    const withResult = await tx
      .select({ sampleId: analyses.sampleId })
      .from(analyses)
      .where(and(inArray(analyses.sampleId, ids), isNotNull(analyses.result)))
      .limit(1);
    if (withResult.length) {
      throw badRequest(SAMPLE_MSG.hasResults(rows.find((r) => r.id === withResult[0].sampleId)!.sampleNo));
    }
    const removed = await tx.delete(analyses).where(inArray(analyses.sampleId, ids)).returning();
    const updated = await tx
      .update(samples)
      .set({
        status: SAMPLE_STATUS.returned,
        returnReason: form.reason,
        version: sql`${samples.version} + 1`,
        updateBy: user.username,
        updateTime: sql`now()`,
      })
      .where(inArray(samples.id, ids))
      .returning();
    const sampleNo = new Map(rows.map((r) => [r.id, r.sampleNo]));
    const entries: AuditInput[] = removed.map((a) => ({
      entity: 'analysis',
      recordId: a.id,
      recordLabel: `${sampleNo.get(a.sampleId)}-${a.itemName}`,
      action: 'delete',
      changes: diffRecord(
        { ...a, sampleNo: sampleNo.get(a.sampleId), status: '待录入' },
        undefined,
        ANALYSIS_CREATE_LABELS,
      ),
      reason: form.reason,
      user,
    }));
    const before = new Map(rows.map((r) => [r.id, r]));
    for (const s of updated) {
      const pick = (r: SampleRow) => ({ status: r.status, returnReason: r.returnReason });
      const changes = diffRecord(
        await texts(tx, pick(before.get(s.id)!)),
        await texts(tx, pick(s)),
        SAMPLE_AUDIT_LABELS,
      );
      entries.push({
        entity: 'sample',
        recordId: s.id,
        recordLabel: s.sampleNo,
        action: 'return',
        changes,
        reason: form.reason,
        user,
      });
    }
    await recordAudit(tx, entries);
    return updated.length;
  });
}
