import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PERM } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The routes of 供应商管理, 客户单位, 检测项目, 项目附件 and 首页 with their guards ('+query' when the token may be a query param). */
const crud = (
  base: string,
  p: { list: string; add: string; edit: string; delete: string; export: string; import: string },
  list: string,
  one: string,
): [string, string][] => [
  [`GET ${base}/${list}`, p.list],
  [`GET ${base}/${one}`, p.list],
  [`POST ${base}/add`, p.add],
  [`PUT ${base}/edit`, p.edit],
  [`DELETE ${base}/delete`, p.delete],
  [`DELETE ${base}/deleteBatch`, p.delete],
  [`GET ${base}/exportXls`, `${p.export}+query`],
  [`POST ${base}/importExcel`, `${p.import}+query`],
  [`GET ${base}/importTemplate`, `${p.import}+query`],
];
const EXPECTED = new Map<string, string>([
  ...crud('/gysgl/supplier', PERM.supplier, 'list', 'queryById'),
  ['GET /gysgl/supplier/supplierList', 'login'],
  ...crud('/khgl/unit', PERM.unit, 'queryUnits', 'queryKhUnit'),
  ['GET /khgl/unit/listCustomerByMainId', PERM.unit.list],
  ...crud('/project/jcXmProject', PERM.project, 'list', 'queryById'),
  ['GET /project/jcXmProject/queryProject', 'login'],
  ['POST /fj/xmfj/upload', `${PERM.project.attachmentUpload}+query`],
  ['GET /fj/xmfj/list', PERM.project.list],
  ['GET /fj/xmfj/downloadFile', `${PERM.project.list}+query`],
  ['DELETE /fj/xmfj/delete', PERM.project.attachmentDelete],
  ['GET /dashboard/summary', 'login'],
]);
const OWNED = /^\/api\/(gysgl\/supplier|khgl\/unit|project\/jcXmProject|fj\/xmfj|dashboard)\//;

describe(`route table of the business modules (${TEST_DB})`, () => {
  const owned = () =>
    t.app.routeTable
      .filter((r) => OWNED.test(r.url))
      .map(
        (r) =>
          [
            `${r.method} ${r.url.slice('/api'.length)}`,
            `${r.permission ?? r.access ?? ''}${r.queryToken ? '+query' : ''}`,
          ] as const,
      );

  it('registers exactly the routes listed, each with the guard listed', () => {
    expect(new Map(owned())).toEqual(EXPECTED);
  });

  it('refuses zhangsan (business read-only) every write, lets him read', async () => {
    const token = await t.login('zhangsan');
    for (const [route, guard] of owned()) {
      const [method, url] = route.split(' ');
      const res = await t.as(token, { method: method, url: `/api${url}` });
      const readOnly = guard === 'login' || /:list(\+query)?$/.test(guard);
      if (readOnly) expect(res.statusCode, route).not.toBe(403);
      else expect(res.statusCode, route).toBe(403);
    }
  });
});
