import { asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { TestApp } from '../../test/build-test-app';
import {
  analyses,
  customerUnits,
  departs,
  dictItems,
  dicts,
  permissionDataRules,
  permissions,
  projects,
  reports,
  roles,
  samples,
  suppliers,
  users,
} from '../db/schema';
import { fileUpload } from '../platform/files/multipart.fixture';
import type { SampleIds } from './route-samples';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function expectOk(res: { statusCode: number; body: string }, what: string): Promise<unknown> {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return (JSON.parse(res.body) as { result: unknown }).result;
}

/**
 * Real ids for plausible calls: seeded records, plus what the seed lacks and the security tests
 * create as admin (a published announcement, an uploaded image, a project attachment, a data rule).
 */
export async function prepareSamples(t: TestApp, admin: string): Promise<SampleIds> {
  const db = t.database.db;
  const first = async <T>(rows: Promise<T[]>, what: string): Promise<T> => {
    const [row] = await rows;
    if (!row) throw new Error(`no ${what} in the seed`);
    return row;
  };
  const user = await first(db.select({ id: users.id }).from(users).where(eq(users.username, 'zhangsan')), 'user');
  const role = await first(
    db.select({ id: roles.id }).from(roles).where(ne(roles.roleCode, 'admin')).orderBy(asc(roles.roleCode)),
    'role',
  );
  const dict = await first(db.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, 'sex')), 'dict');
  const dictItem = await first(
    db.select({ id: dictItems.id }).from(dictItems).where(eq(dictItems.dictId, dict.id)),
    'dict item',
  );
  const permission = await first(
    db.select({ id: permissions.id }).from(permissions).where(eq(permissions.url, '/isystem/user')),
    'menu',
  );
  const depart = await first(db.select({ id: departs.id }).from(departs).where(eq(departs.orgCode, 'A01')), 'depart');
  const supplier = await first(
    db.select({ id: suppliers.id }).from(suppliers).orderBy(asc(suppliers.code)),
    'supplier',
  );
  const unit = await first(
    db
      .select({ id: customerUnits.id })
      .from(customerUnits)
      .where(isNotNull(customerUnits.code))
      .orderBy(asc(customerUnits.code)),
    'unit',
  );
  const project = await first(
    db.select({ id: projects.id }).from(projects).orderBy(asc(projects.projectNo)),
    'project',
  );
  /** A project that takes new samples (进行中): the sample registration routes need one. */
  const openProject = await first(
    db.select({ id: projects.id }).from(projects).where(eq(projects.status, '2')).orderBy(asc(projects.projectNo)),
    'open project',
  );

  /** The demo laboratory records (a demo install has samples, analyses and a published report). */
  const sample = await first(db.select({ id: samples.id }).from(samples).orderBy(asc(samples.sampleNo)), 'sample');
  const analysis = await first(db.select({ id: analyses.id }).from(analyses).orderBy(asc(analyses.id)), 'analysis');
  const report = await first(db.select({ id: reports.id }).from(reports).orderBy(asc(reports.reportNo)), 'report');

  const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.as(admin, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
  const announcement = String(
    await expectOk(
      await send('POST', '/sys/annountCement/add', {
        titile: '安全扫描通告',
        msgCategory: '1',
        msgType: 'ALL',
        priority: 'M',
        msgContent: '<p>扫描</p>',
      }),
      'add announcement',
    ),
  );
  await expectOk(await send('GET', `/sys/annountCement/doReleaseData?id=${announcement}`), 'release announcement');

  const image = fileUpload('扫描.png', PNG, { biz: 'scan' });
  const uploaded = (await expectOk(
    await t.as(admin, {
      method: 'POST',
      url: '/api/sys/common/upload',
      payload: image.payload,
      headers: image.headers,
    }),
    'upload',
  )) as { id: string; filePath: string };
  const attach = fileUpload('附件.png', PNG);
  const attachment = (await expectOk(
    await t.as(admin, {
      method: 'POST',
      url: `/api/fj/xmfj/upload?projectId=${project.id}`,
      payload: attach.payload,
      headers: attach.headers,
    }),
    'attachment',
  )) as { id: string; filePath: string };

  const [rule] = await db
    .insert(permissionDataRules)
    .values({
      permissionId: permission.id,
      ruleName: '扫描规则',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      createBy: 'admin',
    })
    .returning({ id: permissionDataRules.id });
  const dataRule = rule.id;

  return {
    user: user.id,
    role: role.id,
    dict: dict.id,
    dictItem: dictItem.id,
    permission: permission.id,
    dataRule,
    depart: depart.id,
    announcement,
    supplier: supplier.id,
    unit: unit.id,
    project: project.id,
    openProject: openProject.id,
    attachment: attachment.id,
    attachmentPath: attachment.filePath,
    file: uploaded.id,
    imagePath: uploaded.filePath,
    sample: sample.id,
    analysis: analysis.id,
    report: report.id,
  };
}
