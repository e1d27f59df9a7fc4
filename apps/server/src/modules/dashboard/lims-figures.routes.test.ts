import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { analyses, projects, reports, samples, users } from '../../db/schema';
import { addDays, todayIn } from '../../platform/time';
import { seedId } from '../../db/seed-system';
import { dataRuleKit } from '../permission/data-rule.test-kit';
import { projectKit } from '../project/project.test-kit';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let k: ReturnType<typeof projectKit>;
let projectId: string;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  k = projectKit(t, () => admin);
  [{ id: projectId }] = await t.database.db.select({ id: projects.id }).from(projects).limit(1);
});
afterAll(async () => {
  await t?.close();
});

type Lims = Record<string, number | undefined>;
const figures = async (token = admin): Promise<Lims | undefined> => {
  const res = await k.get('/dashboard/summary', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.lims;
};
const diff = (after: Lims | undefined, before: Lims | undefined) =>
  Object.fromEntries(Object.entries(after ?? {}).map(([key, v]) => [key, Number(v) - Number(before?.[key])]));

/** `YYYY-MM-DD HH:mm:ss` local time of the configured zone, as a timestamptz. */
const local = (dateTime: string) => sql`(${dateTime}::timestamp at time zone ${t.config.timeZone})`;
const today = () => todayIn(t.config.timeZone);
/** Monday of this week (weeks run Monday to Sunday). */
const monday = () => addDays(today(), -((new Date(`${today()}T00:00:00Z`).getUTCDay() + 6) % 7));
const userId = async (username: string) =>
  (
    await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.username} = ${username}`)
  )[0].id;

const addSample = async (receivedAt: ReturnType<typeof local> | null) => {
  const id = seedId(`dash-test-sample-${++n}`);
  await t.database.db.insert(samples).values({
    id,
    sampleNo: `TST${String(n).padStart(6, '0')}`,
    projectId,
    name: `测试样品${n}`,
    status: receivedAt ? '2' : '1',
    receivedAt,
  });
  return id;
};
const addAnalysis = async (sampleId: string, a: { status: string; dueDate: string | null; analystId?: string }) =>
  t.database.db.insert(analyses).values({ id: seedId(`dash-test-analysis-${++n}`), sampleId, itemName: '铅', ...a });
const addReport = async (status: string, publishedAt: ReturnType<typeof local> | null) =>
  t.database.db
    .insert(reports)
    .values({ id: seedId(`dash-test-report-${++n}`), reportNo: `TBG${n}`, projectId, status, publishedAt });

describe(`首页 laboratory figures (${TEST_DB})`, () => {
  it('counts samples received this week (from Monday 00:00 in the configured zone), not last week or later', async () => {
    const before = await figures();
    await addSample(local(`${monday()} 00:00:00`));
    await addSample(local(`${today()} 12:00:00`));
    await addSample(local(`${addDays(monday(), -1)} 23:59:59`));
    await addSample(null);
    expect(diff(await figures(), before)).toMatchObject({ samplesReceivedThisWeek: 2 });
    await addSample(local(`${addDays(monday(), 7)} 00:00:00`));
    expect(diff(await figures(), before)).toMatchObject({ samplesReceivedThisWeek: 2 });
  });

  it('counts analyses waiting for entry (also those assigned to me), for verification, and overdue ones', async () => {
    const before = await figures();
    const sampleId = await addSample(local(`${today()} 08:00:00`));
    const me = await userId('admin');
    await addAnalysis(sampleId, { status: '1', dueDate: addDays(today(), -1), analystId: me });
    await addAnalysis(sampleId, { status: '1', dueDate: null });
    await addAnalysis(sampleId, { status: '1', dueDate: today() });
    await addAnalysis(sampleId, { status: '2', dueDate: today() });
    await addAnalysis(sampleId, { status: '2', dueDate: addDays(today(), -2) });
    await addAnalysis(sampleId, { status: '3', dueDate: addDays(today(), -10) });
    expect(diff(await figures(), before)).toEqual({
      samplesReceivedThisWeek: 1,
      analysesOpen: 3,
      myAnalysesOpen: 1,
      analysesToVerify: 2,
      analysesOverdue: 2,
      reportsPublishedThisMonth: 0,
    });
  });

  it('counts reports published this month (voided since included), not last or next month, not drafts', async () => {
    const before = await figures();
    const first = `${today().slice(0, 8)}01`;
    const [y, m] = first.split('-').map(Number);
    const nextFirst = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    await addReport('3', local(`${first} 00:00:00`));
    await addReport('4', local(`${today()} 09:30:00`));
    await addReport('3', local(`${addDays(first, -1)} 23:59:59`));
    await addReport('1', null);
    expect(diff(await figures(), before)).toMatchObject({ reportsPublishedThisMonth: 2 });
    await addReport('3', local(`${nextFirst} 00:00:00`));
    expect(diff(await figures(), before)).toMatchObject({ reportsPublishedThisMonth: 2 });
  });

  it('answers each figure only with the page it opens; none to a user without laboratory pages', async () => {
    const add = await k.send('POST', '/sys/user/add', {
      username: 'dash_nolab',
      realname: '无实验室权限',
      password: 'Dash@2026x',
      confirmpassword: 'Dash@2026x',
      selectedroles: seedId('role:user'),
      selecteddeparts: '',
    });
    expect(add.statusCode, add.body).toBe(200);
    await t.database.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(sql`${users.username} = 'dash_nolab'`);
    const nolab = await k.get('/dashboard/summary', await t.login('dash_nolab', 'Dash@2026x'));
    expect(nolab.json().result.projectsByStatus).toHaveLength(5);
    expect(nolab.json().result).not.toHaveProperty('lims');

    const keys = async (user: string) => Object.keys((await figures(await t.login(user))) ?? {}).sort();
    expect(await keys('zhaoliu')).toEqual(['analysesOverdue', 'samplesReceivedThisWeek']);
    expect(await keys('sunqi')).toEqual([
      'analysesOpen',
      'analysesOverdue',
      'myAnalysesOpen',
      'samplesReceivedThisWeek',
    ]);
    expect(await keys('zhouba')).toEqual([
      'analysesOpen',
      'analysesOverdue',
      'analysesToVerify',
      'myAnalysesOpen',
      'reportsPublishedThisMonth',
      'samplesReceivedThisWeek',
    ]);
  });

  it('counts within the data rules: analysts limited to their own analyses see only theirs', async () => {
    const sunqi = await t.login('sunqi');
    const sampleId = await addSample(local(`${today()} 08:00:00`));
    const sunqiId = await userId('sunqi');
    await addAnalysis(sampleId, { status: '1', dueDate: addDays(today(), -3), analystId: sunqiId });
    await addAnalysis(sampleId, { status: '1', dueDate: addDays(today(), -3), analystId: await userId('zhouba') });
    const own = async (status: string[], overdue: boolean) => {
      const rows = await t.database.db
        .select({ id: analyses.id })
        .from(analyses)
        .where(
          sql`${analyses.analystId} = ${sunqiId} and ${analyses.status} in ${status}
            ${overdue ? sql`and ${analyses.dueDate} < current_date` : sql``}`,
        );
      return rows.length;
    };
    const wide = await figures(sunqi);
    expect(wide?.analysesOverdue).toBeGreaterThan(await own(['1', '2'], true));

    const rules = dataRuleKit(t.database.db, (method, url, payload) => k.send(method, url, payload));
    const menu = await rules.menuId('/lims/analysis');
    const rule = await rules.addRule(menu, {
      ruleColumn: 'analystId',
      ruleConditions: '=',
      ruleValue: '#{sys_user_id}',
    });
    await rules.chooseRules(menu, await rules.roleId('lims_analyst'), [rule]);
    const narrowed = await figures(sunqi);
    expect(narrowed).toMatchObject({
      analysesOverdue: await own(['1', '2'], true),
      analysesOpen: await own(['1'], false),
      myAnalysesOpen: await own(['1'], false),
    });
    expect(narrowed?.analysesOverdue).toBeGreaterThan(0);
    expect((await figures())?.analysesOverdue).toBe(wide?.analysesOverdue);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/summary' })).statusCode).toBe(401);
  });
});
