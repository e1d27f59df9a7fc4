import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROJECT_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { projectAttachments, projects } from '../../db/schema';
import { dataRuleKit } from '../permission/data-rule.test-kit';
import { sheetRows } from '../supplier/business.test-kit';
import { projectKit } from './project.test-kit';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** 检测项目 with the rule `status = 1` (待受理) chosen for the role `lab` (lisi). */
let t: TestApp;
let admin: string;
let lisi: string;
let k: ReturnType<typeof projectKit>;
let inside: string;
let outside: string;
let outsideFile: { id: string; filePath: string };
let insideFile: { filePath: string };
let outsideImage: { filePath: string };
let insideImage: { filePath: string };

beforeAll(async () => {
  t = await buildTestApp();
  [admin, lisi] = await Promise.all([t.login('admin'), t.login('lisi')]);
  k = projectKit(t, () => admin);
  inside = await k.addProject({ name: '规则内项目' });
  outside = await k.addProject({ name: '规则外项目' });
  const moved = await k.send('PUT', '/project/jcXmProject/edit', {
    id: outside,
    name: '规则外项目',
    customerUnitId: await k.ids.unit('KH0001'),
    status: '2',
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const up = (id: string, name = '报告.pdf', content = PDF) =>
    k.upload(`/fj/xmfj/upload?projectId=${id}`, name, content);
  outsideFile = (await up(outside)).json().result;
  insideFile = (await up(inside)).json().result;
  outsideImage = (await up(outside, '照片.png', PNG)).json().result;
  insideImage = (await up(inside, '照片.png', PNG)).json().result;
  const rules = dataRuleKit(t.database.db, (method, url, payload) => k.send(method, url, payload));
  const menu = await rules.menuId('/project/jcXmProject');
  await rules.chooseRules(menu, await rules.roleId('lab'), [
    await rules.addRule(menu, { ruleColumn: 'status', ruleConditions: '=', ruleValue: '1' }),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const pending = async () =>
  (await t.database.db.select({ n: count() }).from(projects).where(eq(projects.status, '1')))[0].n;
const attachmentRows = async (projectId: string) =>
  (
    await t.database.db
      .select({ id: projectAttachments.id })
      .from(projectAttachments)
      .where(eq(projectAttachments.projectId, projectId))
  ).length;
const exists = async (id: string) =>
  (await t.database.db.select({ id: projects.id }).from(projects).where(eq(projects.id, id))).length === 1;

describe(`data rules narrow 检测项目 and its attachments (${TEST_DB})`, () => {
  it('list, export, detail, picker and 首页 show only the matching projects', async () => {
    const list = (await k.get('/project/jcXmProject/list?pageSize=100', lisi)).json().result;
    expect(list.total).toBe(await pending());
    expect(new Set(list.records.map((r: Record<string, unknown>) => r.status))).toEqual(new Set(['1']));
    expect((await k.get('/project/jcXmProject/list?pageSize=100')).json().result.total).toBeGreaterThan(list.total);

    const sheet = await sheetRows((await k.get('/project/jcXmProject/exportXls', lisi)).rawPayload);
    expect(sheet.length - 1).toBe(list.total);

    const detail = await k.get(`/project/jcXmProject/queryById?id=${outside}`, lisi);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().message).toBe(PROJECT_MSG.notFound);
    expect((await k.get(`/project/jcXmProject/queryById?id=${inside}`, lisi)).statusCode).toBe(200);

    const picked = (await k.get('/project/jcXmProject/queryProject?keyword=规则', lisi)).json().result;
    expect(picked.map((p: Record<string, unknown>) => p.name)).toEqual(['规则内项目']);
    expect((await k.get('/dashboard/summary', lisi)).json().result.projectTotal).toBe(list.total);
  });

  it('attachments of a project outside the rules are not found: list, download, upload, delete', async () => {
    expect((await k.get(`/fj/xmfj/list?projectId=${outside}`, lisi)).json().result).toEqual([]);
    expect((await k.get(`/fj/xmfj/list?projectId=${inside}`, lisi)).json().result).toHaveLength(2);

    const download = await k.get(`/fj/xmfj/downloadFile?filePath=${encodeURIComponent(outsideFile.filePath)}`, lisi);
    expect(download.statusCode).toBe(404);
    expect(download.json().message).toBe(PROJECT_MSG.unknownFile);
    expect((await k.get(`/fj/xmfj/downloadFile?filePath=${encodeURIComponent(outsideFile.filePath)}`)).statusCode).toBe(
      200,
    );

    const upload = await k.upload(`/fj/xmfj/upload?projectId=${outside}`, '报告2.pdf', PDF, lisi);
    expect(upload.statusCode).toBe(404);
    expect(upload.json().message).toBe(PROJECT_MSG.notFound);
    expect((await k.upload(`/fj/xmfj/upload?projectId=${inside}`, '报告2.pdf', PDF, lisi)).statusCode).toBe(200);

    const del = await k.send('DELETE', `/fj/xmfj/delete?id=${outsideFile.id}`, undefined, lisi);
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe(PROJECT_MSG.attachmentNotFound);
    expect(await attachmentRows(outside)).toBe(2);
    expect(await t.app.fileStorage.has(outsideFile.filePath)).toBe(true);
  });

  it("the generic file routes apply the project's rules too: download by stored path, and the image route", async () => {
    const get = (url: string, token: string) =>
      t.app.inject({ method: 'GET', url: `/api${url}`, headers: { 'x-access-token': token } });
    for (const url of [`/sys/common/download/${outsideFile.filePath}`, `/sys/common/static/${outsideImage.filePath}`]) {
      const hidden = await get(url, lisi);
      expect(hidden.statusCode, url).toBe(404);
      expect(hidden.json().message).toBe('未知的文件');
      expect((await get(url, admin)).statusCode, url).toBe(200);
    }
    for (const url of [`/sys/common/download/${insideFile.filePath}`, `/sys/common/static/${insideImage.filePath}`]) {
      expect((await get(url, lisi)).statusCode, url).toBe(200);
    }
    // A role without rules on 检测项目 sees every project's files.
    const zhangsan = await t.login('zhangsan');
    expect((await get(`/sys/common/download/${insideFile.filePath}`, zhangsan)).statusCode).toBe(200);
  });

  it('edit and delete (single and batch) leave a project outside the rules and its attachments alone', async () => {
    const edit = await k.send(
      'PUT',
      '/project/jcXmProject/edit',
      { id: outside, name: '改名', customerUnitId: await k.ids.unit('KH0001') },
      lisi,
    );
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe(PROJECT_MSG.notFound);
    expect((await k.detail(outside)).name).toBe('规则外项目');

    const del = await k.send('DELETE', `/project/jcXmProject/delete?id=${outside}`, undefined, lisi);
    expect(del.statusCode).toBe(404);
    const batch = await k.send('DELETE', `/project/jcXmProject/deleteBatch?ids=${outside}`, undefined, lisi);
    expect(batch.json().result).toBe(0);
    expect(await exists(outside)).toBe(true);
    expect(await attachmentRows(outside)).toBe(2);

    expect((await k.send('DELETE', `/project/jcXmProject/delete?id=${inside}`, undefined, lisi)).statusCode).toBe(200);
    expect(await exists(inside)).toBe(false);
  });
});
