import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, isPolicyPassword } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { logs, userRoles } from '../../db/schema';
import { fileUpload } from '../../platform/files/multipart.fixture';
import { SECRET_RE, api, kit } from './user.test-kit';

// Each file builds its own app and database; a busy machine needs more than the defaults.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let zhangsan: string;
let k: ReturnType<typeof kit>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  zhangsan = await t.login('zhangsan');
  k = kit(t, () => admin);
});
afterAll(async () => {
  await t?.close();
});

const HEADER = '账号,姓名,性别,生日,手机号码,邮箱,工号,角色编码,部门编码';
const upload = (url: string, csv: string, token = admin) =>
  t.as(token, { method: 'POST', url: api(url), ...fileUpload('users.csv', csv) });

async function sheetRows(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as never);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((r) =>
    rows.push((r.values as (string | number | null)[]).slice(1).map((v) => String(v ?? ''))),
  );
  return rows;
}

describe(`user export and import (${TEST_DB})`, () => {
  it('exports the filtered list as .xlsx with department names and dictionary texts, no secret', async () => {
    const lab = await k.departId('A01A07');
    const res = await t.as(admin, { method: 'GET', url: api(`/sys/user/exportXls?departId=${lab}`) });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toContain('部门');
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 3)).toEqual(['lisi', '李四', '男']);
    expect(rows[1].join('|')).toMatch(/化学检测室,环境检测实验室/);
    expect(rows.flat().join('|')).not.toMatch(SECRET_RE);
    expect((await t.as(zhangsan, { method: 'GET', url: api('/sys/user/exportXls') })).statusCode).toBe(403);
  });

  it('imports users with generated policy passwords shown once, roles and departments linked', async () => {
    const csv = `${HEADER}\nimp_one,导入一,男,1991-02-03,13900001001,imp1@lims.local,I001,lab,A01A07\nimp_two,导入二,女,,,,,,\n`;
    const res = await upload('/sys/user/importExcel', csv);
    expect(res.statusCode).toBe(200);
    const { count, passwords } = res.json().result;
    expect(count).toBe(2);
    expect(passwords.map((p: { username: string }) => p.username)).toEqual(['imp_one', 'imp_two']);
    for (const p of passwords) expect(isPolicyPassword(p.password)).toBe(true);
    const row = await k.userRow('imp_one');
    expect(row).toMatchObject({
      realname: '导入一',
      sex: 1,
      birthday: '1991-02-03',
      orgCode: 'A01A07',
      mustChangePassword: true,
      status: 1,
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(passwords[0].password);
    expect((await t.database.db.select().from(userRoles).where(eq(userRoles.userId, row.id)))[0].roleId).toBe(
      await k.roleId('lab'),
    );
    const token = await t.login('imp_one', passwords[0].password);
    expect((await k.get('/sys/dict/list', token)).json().message).toBe(MSG.passwordMustChange);
    const logged = await t.database.db.select().from(logs).where(eq(logs.logContent, '用户管理-导入'));
    expect(JSON.stringify(logged)).not.toContain(passwords[0].password);
  });

  it('writes nothing when any row is bad, and names the bad rows', async () => {
    const before = await k.userCount();
    const format = await upload('/sys/user/importExcel', `${HEADER}\nimp_ok,正常,男,,,,,,\nimp_bad,坏,男,,123,,,,\n`);
    expect(format.statusCode).toBe(400);
    expect(format.json().result.errors).toEqual([{ row: 3, field: '手机号码', message: '请输入正确格式的手机号码！' }]);
    expect(await k.userCount()).toBe(before);
    const csv = `${HEADER}\nimp_x,甲,男,,,,,nosuchrole,Z99\nlisi,重复账号,男,,,,,,\nimp_y,乙,男,,13900002002,,,,\nimp_z,丙,男,,13900002002,,,,\n`;
    const res = await upload('/sys/user/importExcel', csv);
    expect(res.statusCode).toBe(400);
    const texts = (res.json().result.errors as { row: number; message: string }[]).map((e) => `${e.row}:${e.message}`);
    expect(texts).toEqual(
      expect.arrayContaining([
        '2:角色编码不存在：nosuchrole',
        '2:部门编码不存在：Z99',
        '3:用户名已存在！',
        '5:手机号已存在！（与第 4 行重复）',
      ]),
    );
    expect(await k.userCount()).toBe(before);
  });

  it('serves the import template and refuses import to a user without user:import', async () => {
    const tpl = await t.as(admin, { method: 'GET', url: api('/sys/user/importTemplate') });
    expect(tpl.statusCode).toBe(200);
    expect((await sheetRows(tpl.rawPayload))[0].map((h) => h.replace(/^\*/, ''))).toEqual(
      expect.arrayContaining(['账号', '角色编码', '部门编码']),
    );
    expect((await upload('/sys/user/importExcel', `${HEADER}\nzs_imp,甲,男,,,,,,\n`, zhangsan)).statusCode).toBe(403);
    expect(await k.userRow('zs_imp')).toBeUndefined();
  });
});

describe('role export and import', () => {
  it('exports roles, imports new ones and refuses taken codes per row', async () => {
    const exp = await t.as(admin, { method: 'GET', url: api('/sys/role/exportXls?roleCode=lab') });
    expect(exp.statusCode).toBe(200);
    expect((await sheetRows(exp.rawPayload))[1].slice(0, 2)).toEqual(['实验室人员', 'lab']);
    const ok = await upload('/sys/role/importExcel', '角色名称,角色编码,描述\n审核员,auditor,审核\n采样员,sampler,\n');
    expect(ok.statusCode).toBe(200);
    expect((await k.get('/sys/role/list?roleCode=auditor,sampler')).json().result.total).toBe(2);
    const dup = await upload('/sys/role/importExcel', '角色名称,角色编码\n新角色,newrole\n重复的,lab\n汉字码,角色\n');
    expect(dup.statusCode).toBe(400);
    expect((await k.get('/sys/role/list?roleCode=newrole')).json().result.total).toBe(0);
    expect((await upload('/sys/role/importExcel', '角色名称,角色编码\n新角色,newrole2\n', zhangsan)).statusCode).toBe(
      403,
    );
  });
});
