import { inArray } from 'drizzle-orm';
import { DOC_NO_PREFIX, LIMS_DICT } from '@lims/contracts';
import { diffRecord } from '../modules/lims/audit-trail';
import { keepDocNosAhead, formatDocNo } from '../platform/doc-no';
import { addDays } from '../platform/time';
import type { DbOrTx } from './client';
import { analyses, analysisVerifications, limsAudit, projectItems, projects, samples, users } from './schema';
import {
  LIMS_ANALYST,
  LIMS_REGISTRAR,
  LIMS_REPORT_AUTHOR,
  LIMS_REVIEWER,
  LIMS_SAMPLES,
  type AnalysisSeed,
  type At,
} from './seed-data/lims-demo';
import { seedId } from './seed-system';
import { seedReport } from './seed-lims-report';
import { ANALYSIS_AUDIT_LABELS, ANALYSIS_CREATE_LABELS, SAMPLE_AUDIT_LABELS } from '../modules/lims';
import { analysisStatus, dictText, sampleStatus, trail, type AuditRow, type Person } from './seed-lims-trail';

const latest = (times: string[]) => times.reduce((a, b) => (b > a ? b : a));

/**
 * The demo laboratory work of seed-data/lims-demo.ts: samples (numbers kept ahead of the counters),
 * analyses, verifications, the published report and an audit entry for every step. Insert-if-absent
 * by stable id; records of a project no longer there are left out.
 */
export async function seedLimsDemo(tx: DbOrTx, today: string): Promise<void> {
  const names = [LIMS_REGISTRAR, LIMS_ANALYST, LIMS_REVIEWER, LIMS_REPORT_AUTHOR];
  const people = new Map(
    (
      await tx
        .select({ id: users.id, username: users.username, realname: users.realname })
        .from(users)
        .where(inArray(users.username, names))
    ).map((p) => [p.username, p]),
  );
  if (names.some((n) => !people.has(n))) return;
  const [registrar, analyst, reviewer, author] = names.map((n) => people.get(n)!);
  const at = ([daysAgo, hm]: At) => `${addDays(today, -daysAgo)} ${hm}:00`;
  const projectIds = [...new Set(LIMS_SAMPLES.map((s) => seedId(`project:${s.project + 1}`)))];
  const projectRows = new Map(
    (await tx.select().from(projects).where(inArray(projects.id, projectIds))).map((p) => [p.id, p]),
  );
  const itemRows = await tx.select().from(projectItems).where(inArray(projectItems.projectId, projectIds));

  const sampleRows: (typeof samples.$inferInsert)[] = [];
  const analysisRows: (typeof analyses.$inferInsert)[] = [];
  const verificationRows: (typeof analysisVerifications.$inferInsert)[] = [];
  const audits: AuditRow[] = [];
  const sampleNos = new Map<number, string>();

  LIMS_SAMPLES.forEach((s, i) => {
    const project = projectRows.get(seedId(`project:${s.project + 1}`));
    if (!project) return;
    const sampleId = seedId(`lims-sample:${i + 1}`);
    const sampleNo = formatDocNo(DOC_NO_PREFIX.sample, addDays(today, -s.registeredAt[0]).replaceAll('-', ''), s.seq);
    sampleNos.set(i, sampleNo);
    const log = trail('sample', `sample:${i + 1}`, sampleId, sampleNo);
    const registered = {
      sampleNo,
      name: s.name,
      sampleType: dictText(LIMS_DICT.sampleType, s.sampleType),
      status: sampleStatus('1'),
    };
    log.add(
      'create',
      at(s.registeredAt),
      registrar,
      diffRecord(undefined, { ...s, ...registered }, SAMPLE_AUDIT_LABELS),
    );
    const events = [at(s.registeredAt)];
    let status = '1';
    const move = (to: string, when: string, by: Person) => {
      log.add(
        'update',
        when,
        by,
        diffRecord({ status: sampleStatus(status) }, { status: sampleStatus(to) }, SAMPLE_AUDIT_LABELS),
      );
      status = to;
      events.push(when);
    };
    if (s.returned) {
      const when = at(s.returned.at);
      const change = { status: sampleStatus('5'), returnReason: s.returned.reason };
      log.add(
        'return',
        when,
        registrar,
        diffRecord({ status: sampleStatus('1') }, change, SAMPLE_AUDIT_LABELS),
        s.returned.reason,
      );
      status = '5';
      events.push(when);
    }
    if (s.received) {
      const when = at(s.received.at);
      const change = {
        status: sampleStatus('2'),
        condition: dictText(LIMS_DICT.sampleCondition, s.received.condition),
        storageLocation: s.received.location,
        receivedBy: registrar.realname,
        receivedAt: when,
      };
      log.add('receive', when, registrar, diffRecord({ status: sampleStatus('1') }, change, SAMPLE_AUDIT_LABELS));
      status = '2';
      events.push(when);
      const work = (s.analyses ?? []).map((a, j) =>
        seedAnalysis(a, `sample:${i + 1}:analysis:${j + 1}`, {
          sampleId,
          sampleNo,
          projectId: project.id,
          received: when,
        }),
      );
      const firstResult = work.flatMap((w) => w.resultTimes).sort()[0];
      if (firstResult) move('3', firstResult, analyst);
      const verified = work.map((w) => w.verifiedAt);
      if (verified.length > 0 && verified.every(Boolean)) move('4', latest(verified as string[]), reviewer);
    }
    audits.push(...log.rows);
    const last = log.rows.at(-1)!;
    sampleRows.push({
      id: sampleId,
      sampleNo,
      projectId: project.id,
      name: s.name,
      sampleType: s.sampleType,
      quantity: s.quantity,
      unit: s.unit,
      condition: s.received?.condition ?? null,
      storageLocation: s.received?.location ?? null,
      receivedBy: s.received ? registrar.id : null,
      receivedAt: s.received ? at(s.received.at) : null,
      status,
      returnReason: s.returned?.reason ?? null,
      remark: s.remark ?? null,
      version: log.rows.length - 1,
      createBy: registrar.username,
      createTime: at(s.registeredAt),
      updateBy: log.rows.length > 1 ? last.username : null,
      updateTime: log.rows.length > 1 ? latest(events) : null,
    });
  });

  /** One analysis of a received sample: its row, verification and trail; answers its result and verification times. */
  function seedAnalysis(
    a: AnalysisSeed,
    key: string,
    s: { sampleId: string; sampleNo: string; projectId: string; received: string },
  ) {
    const projectId = s.projectId;
    const item = itemRows.find((it) => it.projectId === projectId && it.itemName === a.item);
    if (!item) throw new Error(`demo item ${a.item} missing`);
    const id = seedId(`lims-${key}`);
    const log = trail('analysis', key, id, `${s.sampleNo} ${a.item}`);
    const dueDate = a.dueInDays === undefined ? projectRows.get(projectId)!.dueDate : addDays(today, a.dueInDays);
    const limits = { unit: item.unit, specMin: item.specMin, specMax: item.specMax, specText: item.specText };
    const created = {
      itemName: a.item,
      standard: item.standard,
      ...limits,
      dueDate: projectRows.get(projectId)!.dueDate,
    };
    log.add(
      'create',
      s.received,
      registrar,
      diffRecord(undefined, { ...created, status: analysisStatus('1') }, ANALYSIS_CREATE_LABELS),
    );
    const person = a.analyst ? people.get(a.analyst)! : undefined;
    if (person && a.assignedAt) {
      const assigned = { analystName: person.realname, dueDate };
      log.add(
        'assign',
        at(a.assignedAt),
        reviewer,
        diffRecord({ analystName: null, dueDate: created.dueDate }, assigned, ANALYSIS_AUDIT_LABELS),
      );
    }
    let result: string | null = null;
    const resultTimes: string[] = [];
    for (const r of a.results ?? []) {
      const when = at(r.at);
      const before = { result, statusText: analysisStatus(result ? '2' : '1'), outOfSpec: result ? a.outOfSpec : null };
      const after = { result: r.value, statusText: analysisStatus('2'), outOfSpec: a.outOfSpec };
      log.add(
        result ? 'change' : 'enter',
        when,
        person ?? analyst,
        diffRecord(before, after, ANALYSIS_AUDIT_LABELS),
        r.reason,
      );
      result = r.value;
      resultTimes.push(when);
    }
    const round = resultTimes.length;
    const verifiedAt = a.verifiedAt && round > 0 ? at(a.verifiedAt) : undefined;
    if (verifiedAt) {
      const change = diffRecord(
        { statusText: analysisStatus('2') },
        { statusText: analysisStatus('3') },
        ANALYSIS_AUDIT_LABELS,
      );
      log.add('verify', verifiedAt, reviewer, change);
      verificationRows.push({
        id: seedId(`lims-${key}:verification`),
        analysisId: id,
        round,
        verifierId: reviewer.id,
        verifiedAt,
      });
    }
    audits.push(...log.rows);
    const last = log.rows.at(-1)!;
    analysisRows.push({
      id,
      sampleId: s.sampleId,
      projectItemId: item.id,
      itemName: a.item,
      standard: item.standard,
      ...limits,
      analystId: person?.id ?? null,
      dueDate,
      result,
      outOfSpec: round > 0 ? (a.outOfSpec ?? false) : null,
      enteredBy: round > 0 ? (person ?? analyst).id : null,
      enteredAt: resultTimes.at(-1) ?? null,
      status: verifiedAt ? '3' : round > 0 ? '2' : '1',
      resultRound: round,
      version: log.rows.length - 1,
      createBy: registrar.username,
      createTime: s.received,
      updateBy: log.rows.length > 1 ? last.username : null,
      updateTime: log.rows.length > 1 ? last.at : null,
    });
    return { resultTimes, verifiedAt };
  }

  const created = sampleRows.length
    ? await tx.insert(samples).values(sampleRows).onConflictDoNothing().returning({ id: samples.id })
    : [];
  const fresh = new Set(created.map((c) => c.id));
  const newAnalyses = analysisRows.filter((a) => fresh.has(a.sampleId));
  if (newAnalyses.length) await tx.insert(analyses).values(newAnalyses).onConflictDoNothing();
  const newIds = new Set(newAnalyses.map((a) => a.id));
  const newVerifications = verificationRows.filter((v) => newIds.has(v.analysisId));
  if (newVerifications.length) await tx.insert(analysisVerifications).values(newVerifications).onConflictDoNothing();
  const ownSample = new Set([...fresh, ...newIds]);
  const newAudits = audits.filter((a) => ownSample.has(a.recordId));
  await seedReport(tx, { today, at, fresh, author, reviewer, audits: newAudits, sampleNos });
  if (newAudits.length) await tx.insert(limsAudit).values(newAudits).onConflictDoNothing();
  await keepDocNosAhead(tx, DOC_NO_PREFIX.sample, [...sampleNos.values()]);
}
