import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq } from 'drizzle-orm';
import { LIMS_DICT, REPORT_STATUS } from '@lims/contracts';
import type { DbOrTx } from '../../../db/client';
import {
  analyses,
  analysisVerifications,
  customerUnits,
  projectItems,
  projects,
  reportSamples,
  reports,
  samples,
  users,
} from '../../../db/schema';
import { toDateTime } from '../../../platform/time';
import { limitText, type CoaData } from './coa-pdf';

export type DictTexts = (code: string) => Promise<ReadonlyMap<string, string>>;

const num = (v: string | null) => (v === null || v === '' ? '' : String(Number(v)));
const latest = (times: (string | null)[]) =>
  times
    .map((t) => toDateTime(t))
    .filter((t): t is string => t !== null)
    .sort()
    .at(-1) ?? '';
const names = (list: (string | null)[]) => [...new Set(list.filter((n): n is string => Boolean(n)))].join('、');

/**
 * What the certificate of a report shows, read as the records stand now: the report and its
 * project, customer unit and manager; its samples with receipt; every analysis with method, unit,
 * limits, result and 超标; who entered, verified (the current round), approved and published.
 */
export async function loadCoaData(db: DbOrTx, reportId: string, dict: DictTexts): Promise<CoaData | undefined> {
  const manager = alias(users, 'manager');
  const approver = alias(users, 'approver');
  const publisher = alias(users, 'publisher');
  const previous = alias(reports, 'previous');
  const [head] = await db
    .select({
      report: reports,
      project: projects,
      unitName: customerUnits.name,
      unitAddress: customerUnits.address,
      managerName: manager.realname,
      approverName: approver.realname,
      publisherName: publisher.realname,
      previousNo: previous.reportNo,
    })
    .from(reports)
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .leftJoin(customerUnits, eq(customerUnits.id, projects.customerUnitId))
    .leftJoin(manager, eq(manager.id, projects.managerId))
    .leftJoin(approver, eq(approver.id, reports.approvedBy))
    .leftJoin(publisher, eq(publisher.id, reports.publishedBy))
    .leftJoin(previous, eq(previous.id, reports.previousId))
    .where(eq(reports.id, reportId))
    .limit(1);
  if (!head) return undefined;
  const receiver = alias(users, 'receiver');
  const entrant = alias(users, 'entrant');
  const [sampleRows, resultRows, verifierRows, types, conditions, testTypes, statuses] = await Promise.all([
    db
      .select({ s: samples, receiverName: receiver.realname })
      .from(reportSamples)
      .innerJoin(samples, eq(samples.id, reportSamples.sampleId))
      .leftJoin(receiver, eq(receiver.id, samples.receivedBy))
      .where(eq(reportSamples.reportId, reportId))
      .orderBy(asc(samples.sampleNo)),
    db
      .select({ a: analyses, sampleNo: samples.sampleNo, entrantName: entrant.realname })
      .from(reportSamples)
      .innerJoin(samples, eq(samples.id, reportSamples.sampleId))
      .innerJoin(analyses, eq(analyses.sampleId, samples.id))
      .leftJoin(projectItems, eq(projectItems.id, analyses.projectItemId))
      .leftJoin(entrant, eq(entrant.id, analyses.enteredBy))
      .where(eq(reportSamples.reportId, reportId))
      .orderBy(asc(samples.sampleNo), asc(projectItems.sortNo), asc(analyses.itemName), asc(analyses.id)),
    db
      .select({ name: users.realname, at: analysisVerifications.verifiedAt })
      .from(reportSamples)
      .innerJoin(analyses, eq(analyses.sampleId, reportSamples.sampleId))
      .innerJoin(
        analysisVerifications,
        and(eq(analysisVerifications.analysisId, analyses.id), eq(analysisVerifications.round, analyses.resultRound)),
      )
      .innerJoin(users, eq(users.id, analysisVerifications.verifierId))
      .where(eq(reportSamples.reportId, reportId)),
    dict(LIMS_DICT.sampleType),
    dict(LIMS_DICT.sampleCondition),
    dict('test_type'),
    dict(LIMS_DICT.reportStatus),
  ]);
  const r = head.report;
  const text = (map: ReadonlyMap<string, string>, v: string | null) => (v ? (map.get(v) ?? v) : '');
  return {
    reportNo: r.reportNo,
    versionNo: r.versionNo,
    statusText: text(statuses, r.status),
    draft: r.status === REPORT_STATUS.draft,
    voided: r.status === REPORT_STATUS.void,
    previousNo: head.previousNo,
    amendReason: r.amendReason,
    issuedAt: toDateTime(r.publishedAt),
    customer: {
      unitName: head.unitName ?? '',
      address: head.unitAddress ?? '',
      contactName: head.project.contactName ?? '',
      contactPhone: head.project.contactPhone ?? '',
    },
    project: {
      projectNo: head.project.projectNo,
      name: head.project.name,
      testTypeText: text(testTypes, head.project.testType),
      managerName: head.managerName ?? '',
    },
    samples: sampleRows.map(({ s, receiverName }) => ({
      sampleNo: s.sampleNo,
      name: s.name,
      typeText: text(types, s.sampleType),
      quantity: [num(s.quantity), s.unit ?? ''].filter(Boolean).join(' '),
      conditionText: text(conditions, s.condition),
      receivedBy: receiverName ?? '',
      receivedAt: toDateTime(s.receivedAt) ?? '',
    })),
    results: resultRows.map(({ a, sampleNo }) => ({
      sampleNo,
      itemName: a.itemName,
      standard: a.standard ?? '',
      unit: a.unit ?? '',
      limit: limitText(a.specMin, a.specMax, a.specText),
      result: a.result ?? '',
      outOfSpec: a.outOfSpec,
    })),
    signatures: [
      {
        role: '检测',
        names: names(resultRows.map((x) => x.entrantName)),
        at: latest(resultRows.map((x) => x.a.enteredAt)),
      },
      { role: '复核', names: names(verifierRows.map((x) => x.name)), at: latest(verifierRows.map((x) => x.at)) },
      { role: '审批', names: head.approverName ?? '', at: toDateTime(r.approvedAt) ?? '' },
      { role: '签发', names: head.publisherName ?? '', at: toDateTime(r.publishedAt) ?? '' },
    ],
  };
}
