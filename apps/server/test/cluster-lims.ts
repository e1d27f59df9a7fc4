/**
 * The laboratory part of the cluster test (`cluster-test.ts`): the LIMS routes with two server
 * processes (A and B) on one PostgreSQL, each called directly and through nginx (LB), by the demo
 * users of their roles (赵六 registers and receives, 孙七 enters, 周八 assigns and verifies, admin
 * changes settings and generates reports). Every check asserts what the users see: status codes,
 * Chinese messages, numbers, states and the 历史记录 of the records.
 */
import type pg from 'pg';
import {
  ANALYSIS_MSG,
  ANALYSIS_STATUS,
  LIMS_MSG,
  SAMPLE_STATUS,
  type AnalysisRecord,
  type AuditRecord,
  type LimsSettings,
  type ReportCandidate,
} from '@lims/contracts';
import { signIn } from '../src/security/server-process';
import { call as plainCall, check, figures, type Answer } from './cluster-kit';

type Nodes = { A: string; B: string; LB: string; db: pg.Client };
type Registered = { ids: string[]; sampleNos: string[] };

const CHINESE_MESSAGE = /[\u4e00-\u9fa5].*！$/;
const ITEMS = [
  { itemName: 'pH', specMin: '6', specMax: '9' },
  { itemName: '浊度', unit: 'NTU', specMax: '3' },
];

/** Both sorted status codes of two answers, e.g. `200,409`. */
const codes = (answers: Answer[]) =>
  answers
    .map((a) => a.status)
    .sort()
    .join(',');
const said = (answers: Answer[]) => answers.map((a) => `${a.status} ${a.body.message ?? ''}`).join(' | ');

export async function limsChecks({ A, B, LB, db }: Nodes): Promise<void> {
  const started = Date.now();
  const seen: Answer[] = [];
  const call = async (...args: Parameters<typeof plainCall>) => {
    const answer = await plainCall(...args);
    seen.push(answer);
    return answer;
  };
  /**
   * A request the user repeats when told 数据库暂时不可用，请稍后重试 (503: the shared test machine can be
   * too slow for the cluster's 3 s statement timeout); every answer, the 503s too, stays in `seen`.
   */
  let retried = 0;
  const patient = async (ask: () => Promise<Answer>) => {
    let answer = await ask();
    for (let i = 0; i < 2 && answer.status === 503; i++, retried++) answer = await ask();
    return answer;
  };
  const [admin, zhaoliu, sunqi, zhouba] = await Promise.all(
    ['admin', 'zhaoliu', 'sunqi', 'zhouba'].map((u) => signIn(LB, u)),
  );
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows[0] as T;
  const analysis = async (id: string) =>
    (await call(LB, admin, 'GET', `/lims/analysis/queryById?id=${id}`)).body.result as AnalysisRecord;
  const history = async (entity: 'analysis' | 'sample', id: string) =>
    ((await call(LB, admin, 'GET', `/lims/${entity}/history?id=${id}`)).body.result as AuditRecord[]) ?? [];
  const sampleStatus = async (id: string) =>
    ((await call(LB, admin, 'GET', `/lims/sample/queryById?id=${id}`)).body.result as { status: string }).status;
  const save = (on: string, id: string, result: string) => call(on, sunqi, 'POST', '/lims/result/save', { id, result });
  const verify = (on: string, token: string, id: string) => call(on, token, 'POST', '/lims/verify/verify', { id });
  const reject = (on: string, token: string, id: string, reason: string) =>
    call(on, token, 'POST', '/lims/verify/reject', { id, reason });

  // Two projects with two test items each, made through A and B.
  const { id: unitId } = await one<{ id: string }>(`select id from customer_units order by code limit 1`);
  const addProject = async (on: string, name: string) => {
    const res = await call(on, admin, 'POST', '/project/jcXmProject/add', {
      customerUnitId: unitId,
      name,
      dueDate: '2030-12-31',
      items: ITEMS,
    });
    if (res.status !== 200) throw new Error(`add project: ${res.status} ${res.body.message}`);
    return res.body.result as string;
  };
  const projects = [await addProject(A, '集群水质项目甲'), await addProject(B, '集群水质项目乙')];

  // 1. Sample numbers: 2×10 single registrations through A and B and two batches of 5 through nginx, all at once.
  const register = (on: string, projectId: string, names: string[]) =>
    patient(() =>
      call(on, zhaoliu, 'POST', '/lims/sample/add', {
        projectId,
        samples: names.map((name) => ({ name, sampleType: '1', quantity: '1', unit: 'L' })),
      }),
    );
  const calls: Promise<Answer>[] = [];
  for (let i = 0; i < 10; i++) {
    calls.push(register(A, projects[i % 2], [`集群甲${i}`]), register(B, projects[(i + 1) % 2], [`集群乙${i}`]));
  }
  const batch = (p: number) => Array.from({ length: 5 }, (_, i) => `集群批${p}-${i}`);
  calls.push(register(LB, projects[0], batch(0)), register(LB, projects[1], batch(1)));
  const registrations = await Promise.all(calls);
  const answered = registrations.flatMap((r) => (r.body.result as Registered | undefined)?.sampleNos ?? []);
  const { rows: storedRows } = await db.query<{ sample_no: string }>(
    `select sample_no from samples where project_id = any($1)`,
    [projects],
  );
  const stored = new Set(storedRows.map((r) => r.sample_no));
  const failed = registrations.filter((r) => r.status !== 200);
  check(
    'samples: 22 registrations at once through A, B and nginx all succeed with the Chinese message',
    failed.length === 0 && registrations.every((r) => /^登记成功！共 [15] 个样品$/.test(r.body.message ?? '')),
    failed.length ? said(failed) : `${registrations.length} × 200`,
  );
  const seq = answered.map((n) => Number(n.slice(10))).sort((a, b) => a - b);
  check(
    'samples: every number unique (YP + date + sequence), none lost, every answered number stored',
    answered.length === 30 &&
      new Set(answered).size === 30 &&
      answered.every((n) => /^YP\d{12}$/.test(n) && stored.has(n)) &&
      stored.size === 30,
    `${answered.length} answered, ${new Set(answered).size} distinct, ${stored.size} stored, sequence ${seq[0]}–${seq.at(-1)}`,
  );

  // Receive them all (赵六 through A), assign every analysis to 孙七 (周八 through B).
  const sampleIds = registrations.flatMap((r) => (r.body.result as Registered | undefined)?.ids ?? []);
  const received = await call(A, zhaoliu, 'POST', '/lims/sample/receive', {
    ids: sampleIds,
    condition: '1',
    storageLocation: '集群冰箱',
  });
  if (received.status !== 200) throw new Error(`receive: ${received.status} ${received.body.message}`);
  const { rows: analysisRows } = await db.query<{ id: string; sample_id: string; item_name: string }>(
    `select a.id, a.sample_id, a.item_name from analyses a join samples s on s.id = a.sample_id
      where s.project_id = any($1) order by s.sample_no, a.item_name`,
    [projects],
  );
  const { id: sunqiId } = await one<{ id: string }>(`select id from users where username = 'sunqi'`);
  const assigned = await call(B, zhouba, 'POST', '/lims/analysis/assign', {
    ids: analysisRows.map((r) => r.id),
    analystId: sunqiId,
  });
  if (assigned.status !== 200) throw new Error(`assign: ${assigned.status} ${assigned.body.message}`);
  /** The pH and 浊度 analyses of sample i (registration order). */
  const pair = (i: number) => {
    const of = analysisRows.filter((r) => r.sample_id === sampleIds[i]);
    return {
      sample: sampleIds[i],
      ph: of.find((r) => r.item_name === 'pH')!.id,
      nt: of.find((r) => r.item_name === '浊度')!.id,
    };
  };

  // 2. Settings: verifiers required 1 → 2 through A obeyed by B's next verification, and back through B obeyed by A.
  const settingsOf = async (on: string) => (await call(on, admin, 'GET', '/lims/settings')).body.result as LimsSettings;
  const original = await settingsOf(B);
  await settingsOf(A);
  const p0 = pair(0);
  try {
    const put = await call(A, admin, 'PUT', '/lims/settings', { ...original, verifiersRequired: 2 });
    await save(LB, p0.ph, '7.0');
    const first = await verify(B, zhouba, p0.ph);
    const firstOk =
      put.status === 200 &&
      first.status === 200 &&
      (first.body.result as { verified: boolean }).verified === false &&
      first.body.message === '已记录您的复核，还需 1 位复核人复核！';
    const second = await verify(A, admin, p0.ph);
    check(
      'settings: 2 verifiers set through A hold for the next verification through B (one more needed, then 已复核)',
      firstOk &&
        (second.body.result as { verified: boolean } | undefined)?.verified === true &&
        (await analysis(p0.ph)).status === ANALYSIS_STATUS.verified,
      said([put, first, second]),
    );
  } finally {
    await call(B, admin, 'PUT', '/lims/settings', { ...original, verifiersRequired: 1 });
  }
  await save(LB, p0.nt, '1.0');
  const back = await verify(A, zhouba, p0.nt);
  check(
    'settings: set back to 1 through B, the next verification through A completes at once',
    back.status === 200 && back.body.message === '复核通过！' && (await sampleStatus(p0.sample)) === SAMPLE_STATUS.done,
    said([back]),
  );
  check(
    'settings: both processes answer the restored setting',
    (await settingsOf(A)).verifiersRequired === 1 && (await settingsOf(B)).verifiersRequired === 1,
  );

  // 3a. The analyst's two tabs (one on A, one on B) save the first result of an analysis at once.
  const ROUNDS = 5;
  const tabs = { ok: 0, details: [] as string[] };
  for (let i = 1; i <= ROUNDS; i++) {
    const { ph } = pair(i);
    const answers = await Promise.all([save(A, ph, '7.1'), save(B, ph, '7.4')]);
    const winner = answers.findIndex((a) => a.status === 200);
    const row = await analysis(ph);
    const trail = (await history('analysis', ph)).filter((e) => e.action === 'enter' || e.action === 'change');
    const good =
      codes(answers) === '200,400' &&
      answers[1 - winner].body.message === LIMS_MSG.reasonRequired &&
      row.result === (winner === 0 ? '7.1' : '7.4') &&
      row.resultRound === 1 &&
      trail.length === 1 &&
      trail[0].action === 'enter';
    if (good) tabs.ok++;
    else tabs.details.push(`${said(answers)}; stored ${row.result} round ${row.resultRound}; ${trail.length} entries`);
  }
  check(
    'two tabs on A and B save the first result at once: one stored, the other asked for a reason, one trail entry',
    tabs.ok === ROUNDS,
    `${tabs.ok}/${ROUNDS}${tabs.details.length ? ` — ${tabs.details[0]}` : ''}`,
  );

  // 3b. Both analyses of one sample entered at once (pH on A, 浊度 on B): the sample moves to 检测中 once.
  const moves = async (sample: string, to: string) =>
    (await history('sample', sample)).filter((e) => e.changes.some((c) => c.field === 'status' && c.new === to)).length;
  const entering = { ok: 0, details: [] as string[] };
  for (let i = 6; i < 6 + ROUNDS; i++) {
    const { sample, ph, nt } = pair(i);
    const answers = await Promise.all([save(A, ph, '7.2'), save(B, nt, '0.8')]);
    const status = await sampleStatus(sample);
    const n = await moves(sample, '检测中');
    if (codes(answers) === '200,200' && status === SAMPLE_STATUS.testing && n === 1) entering.ok++;
    else entering.details.push(`${said(answers)}; sample ${status}, ${n} moves to 检测中`);
  }
  check(
    'both results of one sample entered at once on A and B: both stored, the sample moves to 检测中 once in its trail',
    entering.ok === ROUNDS,
    `${entering.ok}/${ROUNDS}${entering.details.length ? ` — ${entering.details[0]}` : ''}`,
  );

  // 3c. A verification through A and a rejection through B of one result at once: one wins, the other 409.
  const race = { ok: 0, verified: 0, details: [] as string[] };
  for (let i = 1; i <= ROUNDS; i++) {
    const { ph } = pair(i);
    const before = await analysis(ph);
    const answers = await Promise.all([verify(A, zhouba, ph), reject(B, admin, ph, '集群同时退回')]);
    const verifiedWon = answers[0].status === 200;
    const loser = answers[verifiedWon ? 1 : 0];
    const row = await analysis(ph);
    const trail = (await history('analysis', ph)).filter((e) => e.action === 'verify' || e.action === 'reject');
    const good =
      codes(answers) === '200,409' &&
      loser.body.message === ANALYSIS_MSG.notWaiting &&
      row.version === (before.version ?? 0) + 1 &&
      (verifiedWon
        ? row.status === ANALYSIS_STATUS.verified && row.verifierNames?.length === 1 && !row.rejectReason
        : row.status === ANALYSIS_STATUS.open && row.rejectReason === '集群同时退回' && !row.verifierNames?.length) &&
      trail.length === 1 &&
      trail[0].action === (verifiedWon ? 'verify' : 'reject');
    if (verifiedWon) race.verified++;
    if (good) race.ok++;
    else race.details.push(`${said(answers)}; status ${row.status}, ${trail.length} entries`);
  }
  check(
    'a verification through A and a rejection through B at once: one wins, the other 409 with the Chinese message, one trail entry',
    race.ok === ROUNDS,
    `${race.ok}/${ROUNDS} (verification won ${race.verified}, rejection ${ROUNDS - race.verified})${race.details.length ? ` — ${race.details[0]}` : ''}`,
  );

  // 3d. The two results of one sample verified at once by two verifiers (A and B): the sample becomes 已完成, once.
  const finishing = { ok: 0, details: [] as string[] };
  for (let i = 6; i < 6 + ROUNDS; i++) {
    const { sample, ph, nt } = pair(i);
    const answers = await Promise.all([verify(A, zhouba, ph), verify(B, admin, nt)]);
    const status = await sampleStatus(sample);
    const n = await moves(sample, '已完成');
    if (codes(answers) === '200,200' && status === SAMPLE_STATUS.done && n === 1) finishing.ok++;
    else finishing.details.push(`${said(answers)}; sample ${status}, ${n} moves to 已完成`);
  }
  check(
    'both results of one sample verified at once on A and B: the sample becomes 已完成, once in its trail',
    finishing.ok === ROUNDS,
    `${finishing.ok}/${ROUNDS}${finishing.details.length ? ` — ${finishing.details[0]}` : ''}`,
  );

  // 4. Report numbers: two reports of the same verified samples generated at once through A and B.
  const candidates = await Promise.all(
    projects.map(async (projectId) => {
      const res = await call(LB, admin, 'GET', `/lims/report/candidates?projectId=${projectId}`);
      return { projectId, ready: (res.body.result as ReportCandidate[]).filter((c) => c.ready).map((c) => c.id) };
    }),
  );
  const chosen = candidates.sort((x, y) => y.ready.length - x.ready.length)[0];
  const generate = (on: string) =>
    patient(() =>
      call(on, admin, 'POST', '/lims/report/generate', { projectId: chosen.projectId, sampleIds: chosen.ready }),
    );
  const reports = await Promise.all([generate(A), generate(B)]);
  const numbers = reports.map((r) => (r.body.result as { reportNo?: string } | undefined)?.reportNo ?? '');
  const { rows: storedReports } = await db.query<{ report_no: string }>(
    `select report_no from reports where project_id = $1 order by report_no`,
    [chosen.projectId],
  );
  check(
    'reports: two over the same verified samples generated at once through A and B get distinct BG numbers, both stored',
    chosen.ready.length > 0 &&
      reports.every((r, i) => r.status === 200 && r.body.message === `生成成功！报告编号：${numbers[i]}`) &&
      numbers.every((n) => /^BG\d{12}$/.test(n)) &&
      new Set(numbers).size === 2 &&
      storedReports.map((r) => r.report_no).join() === [...numbers].sort().join(),
    `${chosen.ready.length} samples; ${reports.every((r) => r.status === 200) ? numbers.join(', ') : said(reports)}`,
  );
  const unavailable = seen.filter(
    (r) => r.status === 503 && r.retryAfter !== null && r.body.message === '数据库暂时不可用，请稍后重试',
  );
  const broken = seen.filter((r) => (r.status >= 500 && !unavailable.includes(r)) || r.status === 0);
  check(
    `laboratory: no 500 and no unanswered request (${seen.length} requests)`,
    broken.length === 0,
    `${said(broken)}${unavailable.length ? ` ${unavailable.length} × 503 请稍后重试, repeated as the user would` : ''}`,
  );
  const refused = seen.filter((r) => r.status >= 400 && r.status < 500);
  check(
    'laboratory: every refusal is a Chinese message ending with ！',
    refused.every((r) => CHINESE_MESSAGE.test(r.body.message ?? '')),
    said(refused.filter((r) => !CHINESE_MESSAGE.test(r.body.message ?? ''))),
  );
  figures.push(
    `laboratory checks: ${seen.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ${retried} repeated after a 503`,
  );
}
