import { DOC_NO_PREFIX, LIMS_DICT } from '@lims/contracts';
import { diffRecord } from '../modules/lims/audit-trail';
import { formatDocNo, keepDocNosAhead } from '../platform/doc-no';
import { addDays } from '../platform/time';
import type { DbOrTx } from './client';
import { reports, reportSamples } from './schema';
import { LIMS_REPORT, LIMS_SAMPLES, type At } from './seed-data/lims-demo';
import { seedId } from './seed-system';
import { REPORT_AUDIT_LABELS } from '../modules/lims';
import { dictText, trail, type AuditRow, type Person } from './seed-lims-trail';

/** The published report of the food project's samples (when they were all written now). */
export async function seedReport(
  tx: DbOrTx,
  c: {
    today: string;
    at: (t: At) => string;
    fresh: Set<string>;
    author: Person;
    reviewer: Person;
    audits: AuditRow[];
    sampleNos: Map<number, string>;
  },
): Promise<void> {
  const r = LIMS_REPORT;
  const covered = LIMS_SAMPLES.flatMap((s, i) => (s.project === r.project ? [i] : []));
  const sampleIds = covered.map((i) => seedId(`lims-sample:${i + 1}`));
  if (covered.length === 0 || !sampleIds.every((id) => c.fresh.has(id))) return;
  const id = seedId('lims-report:1');
  const reportNo = formatDocNo(DOC_NO_PREFIX.report, addDays(c.today, -r.generatedAt[0]).replaceAll('-', ''), r.seq);
  const [generated, approved, published] = [r.generatedAt, r.approvedAt, r.publishedAt].map(c.at);
  const [row] = await tx
    .insert(reports)
    .values({
      id,
      reportNo,
      projectId: seedId(`project:${r.project + 1}`),
      versionNo: 1,
      status: '3',
      fileId: null,
      approvedBy: c.reviewer.id,
      approvedAt: approved,
      publishedBy: c.reviewer.id,
      publishedAt: published,
      version: 2,
      createBy: c.author.username,
      createTime: generated,
      updateBy: c.reviewer.username,
      updateTime: published,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (!row) return;
  await tx
    .insert(reportSamples)
    .values(sampleIds.map((sampleId) => ({ reportId: id, sampleId })))
    .onConflictDoNothing();
  const text = (v: string) => dictText(LIMS_DICT.reportStatus, v);
  const log = trail('report', 'report:1', id, reportNo);
  const nos = covered.map((i) => c.sampleNos.get(i)).join('、');
  const draft = { reportNo, versionNo: '1', samples: nos, status: text('1') };
  log.add('generate', generated, c.author, diffRecord(undefined, draft, REPORT_AUDIT_LABELS));
  const approve = { status: text('2'), approvedBy: c.reviewer.realname };
  log.add('approve', approved, c.reviewer, diffRecord({ status: text('1') }, approve, REPORT_AUDIT_LABELS));
  const publish = { status: text('3'), publishedBy: c.reviewer.realname };
  log.add('publish', published, c.reviewer, diffRecord({ status: text('2') }, publish, REPORT_AUDIT_LABELS));
  c.audits.push(...log.rows);
  await keepDocNosAhead(tx, DOC_NO_PREFIX.report, [reportNo]);
}
