import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const fields = (token: string, url: string) =>
  t.as(token, { method: 'GET', url: `/api/sys/list/fields?url=${encodeURIComponent(url)}` });

describe(`advanced query fields (${TEST_DB})`, () => {
  it('answers the searchable fields of a list with their types and dictionaries', async () => {
    const admin = await t.login('admin');
    const res = await fields(admin, '/gysgl/supplier/list');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().result as { name: string; type: string; dict?: string }[];
    const byName = new Map(list.map((f) => [f.name, f]));
    expect(byName.get('name')).toEqual({ name: 'name', type: 'string' });
    expect(byName.get('supplierType')).toEqual({ name: 'supplierType', type: 'string', dict: 'supplier_type' });
    expect(byName.get('qualificationExpiry')?.type).toBe('date');
    expect(byName.get('createTime')?.type).toBe('datetime');
    const project = (await fields(admin, '/project/jcXmProject/list')).json().result as {
      name: string;
      type: string;
    }[];
    expect(project.find((f) => f.name === 'amount')?.type).toBe('number');
    expect(project.some((f) => f.name === 'remark')).toBe(true);
  });

  it('refuses an unknown list, and a list the user may not read', async () => {
    const admin = await t.login('admin');
    const unknown = await fields(admin, '/nope/list');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('该列表不支持高级查询');
    const zhangsan = await t.login('zhangsan');
    expect((await fields(zhangsan, '/sys/role/list')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/sys/list/fields?url=/gysgl/supplier/list' })).statusCode,
    ).toBe(401);
  });
});
