import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LIMS_DICT, LIMS_MSG, SAMPLE_MSG, SAMPLE_STATUS, type SampleEditForm } from '@lims/contracts';
import { samples } from '../../../db/schema';
import { staleEdit } from '../../../platform/crud';
import { assertDictValues } from '../../../platform/record-checks';
import { badRequest } from '../../../platform/reply';
import { diffRecord, recordAudit, type AuditInput } from '../audit-trail';
import { SAMPLE_AUDIT_LABELS } from './sample.entities';
import { auditTexts } from './sample.repo';
import { assertStates, lockAll, projectNos, type Who } from './sample.service';

/** Edits and deletes of samples, each with its audit trail entry (registration, receipt, return: sample.service.ts). */

/** 编辑: a 待接收 sample freely; once received (any other state) only with the reason typed. */
export async function editSample(app: FastifyInstance, user: Who, scope: SQL | undefined, form: SampleEditForm) {
  await assertDictValues(app.dictCache, [
    [LIMS_DICT.sampleType, form.sampleType, SAMPLE_MSG.sampleTypeInvalid],
    [LIMS_DICT.sampleCondition, form.condition, SAMPLE_MSG.conditionInvalid],
  ]);
  const texts = await auditTexts(app.dictCache);
  await app.db.transaction(async (tx) => {
    const [row] = await lockAll(tx, [form.id], scope);
    if (row.status !== SAMPLE_STATUS.pending && !form.reason) throw badRequest(LIMS_MSG.reasonRequired);
    if (form.version !== undefined && form.version !== row.version) throw staleEdit();
    const values = {
      name: form.name,
      sampleType: form.sampleType,
      quantity: form.quantity,
      unit: form.unit,
      condition: form.condition,
      storageLocation: form.storageLocation,
      remark: form.remark,
    };
    const changes = diffRecord(await texts(tx, row), await texts(tx, values), SAMPLE_AUDIT_LABELS);
    if (changes.length === 0) return;
    await tx
      .update(samples)
      .set({ ...values, version: sql`${samples.version} + 1`, updateBy: user.username, updateTime: sql`now()` })
      .where(eq(samples.id, row.id));
    await recordAudit(tx, {
      entity: 'sample',
      recordId: row.id,
      recordLabel: row.sampleNo,
      action: 'update',
      changes,
      reason: row.status === SAMPLE_STATUS.pending ? null : form.reason,
      user,
    });
  });
}

/** 删除: only 待接收 samples (all of the batch or none); the trail keeps their last values. */
export async function deleteSamples(app: FastifyInstance, user: Who, scope: SQL | undefined, ids: string[]) {
  const texts = await auditTexts(app.dictCache);
  return app.db.transaction(async (tx) => {
    const rows = await lockAll(tx, ids, scope);
    await assertStates(app, rows, [SAMPLE_STATUS.pending], '删除');
    await tx.delete(samples).where(
      inArray(
        samples.id,
        rows.map((r) => r.id),
      ),
    );
    const info = await projectNos(
      tx,
      rows.map((r) => r.projectId),
    );
    const entries: AuditInput[] = [];
    for (const r of rows) {
      const before = await texts(tx, { ...r, projectNo: info.get(r.projectId)?.no ?? null });
      entries.push({
        entity: 'sample',
        recordId: r.id,
        recordLabel: r.sampleNo,
        action: 'delete',
        changes: diffRecord(before, undefined, SAMPLE_AUDIT_LABELS),
        user,
      });
    }
    await recordAudit(tx, entries);
    return rows.length;
  });
}
