import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';
import { loginCaptchas, sessions, smsCodes, users } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed';
import { fileUpload } from '../platform/files/multipart.fixture';
import { memorySmsSender } from '../platform/sms-sender';
import { plausibleUrl, type SampleIds } from './route-samples';
import { PNG, prepareSamples } from './sample-data';
import { WRITE_SAMPLES } from './write-samples';

let t: TestApp;
let admin: string;
let ids: SampleIds;
const sms = memorySmsSender();
beforeAll(async () => {
  t = await buildTestApp({}, { smsSender: sms });
  admin = await t.login('admin');
  ids = await prepareSamples(t, admin);
});
afterAll(async () => {
  await t?.close();
});

/** Keys that name a secret, wherever they appear in an answer. */
const SECRET_KEY =
  /^(password_?hash|passwordHash|salt|failed_?logins|locked_?until|token_?hash|code_?hash|sms_?code)$/i;

function secretKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretKeys(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(SECRET_KEY.test(k) ? [`${path}.${k}`] : []),
    ...secretKeys(v, `${path}.${k}`),
  ]);
}

/** Every secret the database holds now: password hashes, session token hashes, SMS and captcha code hashes. */
async function storedSecrets(): Promise<string[]> {
  const db = t.database.db;
  const hashes = (await db.select({ h: users.passwordHash }).from(users)).map((r) => r.h);
  const tokens = (await db.select({ h: sessions.tokenHash }).from(sessions)).map((r) => r.h);
  const codes = (await db.select({ h: smsCodes.codeHash }).from(smsCodes)).map((r) => r.h);
  const captchas = (await db.select({ h: loginCaptchas.codeHash }).from(loginCaptchas)).map((r) => r.h);
  return [...hashes, ...tokens, ...codes, ...captchas];
}

/** The text of a spreadsheet answer (every cell of every sheet). */
async function workbookText(payload: Buffer): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const cells: string[] = [];
  wb.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((c) => cells.push(String(c.text)))));
  return cells.join('\n');
}

type Answer = { what: string; res: LightMyRequestResponse };

describe(`password hashes, salts and tokens never leave the server (${TEST_DB})`, () => {
  it('masks a token given in the query of an export in the operation log', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/sys/user/exportXls?token=${admin}` });
    expect(res.statusCode).toBe(200);
    // The operation log is written after the answer is sent: wait for the row.
    const log = await vi.waitFor(
      async () => {
        const answer = await t.as(admin, { method: 'GET', url: '/api/sys/log/list?logType=2&pageSize=50' });
        expect(answer.body).toContain('exportXls');
        return answer;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(log.body).not.toContain(admin);
  });

  it('scans every answer of every registered route, called as admin with plausible parameters', async () => {
    const zhangsan = await t.login('zhangsan');
    const throwaway = await t.login('lisi');
    await t.app.inject({ method: 'POST', url: '/api/sys/sms', payload: { mobile: '13800000001' } });
    const answers: Answer[] = [];
    const call = async (what: string, opts: Parameters<TestApp['as']>[1], token = admin) =>
      answers.push({ what, res: await t.as(token, opts) });
    const templates = new Map<string, Buffer>();
    await call('user briefs as zhangsan', { method: 'GET', url: `/api/sys/user/queryByIds?ids=${ids.user}` }, zhangsan);

    /** Bodies of the writes that create no record (WRITE_EXEMPT), and who calls them. */
    const other = (
      key: string,
    ): { payload?: unknown; headers?: Record<string, string>; token?: string } | undefined => {
      const fixed: Record<string, { payload?: unknown; headers?: Record<string, string>; token?: string }> = {
        'POST /sys/login': { payload: { username: 'zhangsan', password: DEMO_PASSWORD } },
        'POST /sys/logout': { token: throwaway },
        'POST /sys/logoutBeacon': { payload: throwaway, headers: { 'content-type': 'text/plain' } },
        'POST /sys/sms': { payload: { mobile: '13800000002' } },
        'POST /sys/phoneLogin': { payload: { mobile: '13800000002', captcha: '000000' } },
        'POST /sys/selectDepart': { payload: { orgCode: 'A01' } },
        'PUT /sys/user/updatePassword': {
          token: zhangsan,
          payload: {
            username: 'zhangsan',
            oldpassword: DEMO_PASSWORD,
            password: 'Lims@2026x',
            confirmpassword: 'Lims@2026x',
          },
        },
        'POST /sys/user/updatePassword': {
          token: zhangsan,
          payload: {
            username: 'zhangsan',
            oldpassword: 'Lims@2026x',
            password: 'Lims@2026y',
            confirmpassword: 'Lims@2026y',
          },
        },
        'PUT /sys/account/profile': { token: zhangsan, payload: { realname: '张三', email: 'zs@lims.local' } },
        'POST /sys/account/sessions/revokeOthers': { token: zhangsan },
        'PUT /sys/user/frozenBatch': { payload: { ids: ids.user, status: 1 } },
        'PUT /sys/user/changPassword': {
          payload: { username: 'lisi', password: 'Passw0rd9', confirmpassword: 'Passw0rd9' },
        },
        'POST /sys/user/addSysUserRole': { payload: { roleId: ids.role, userIdList: [ids.user] } },
        'POST /sys/permission/saveRolePermission': {
          payload: { roleId: ids.role, permissionIds: ids.permission, lastpermissionIds: '' },
        },
        'POST /sys/role/datarule': {
          payload: { permissionId: ids.permission, roleId: ids.role, dataRuleIds: ids.dataRule },
        },
        'PUT /sys/sysAnnouncementSend/readAll': {},
      };
      if (fixed[key]) return fixed[key];
      if (/editByAnntIdAndUserId$/.test(key)) return { payload: { anntId: ids.announcement } };
      if (/\/(upload)$/.test(key)) return fileUpload('扫描.png', PNG);
      const template = templates.get(key.replace(/^POST /, '').replace(/importExcel$/, 'importTemplate'));
      if (template) return fileUpload('导入.xlsx', template);
      return undefined;
    };

    const table = t.app.routeTable.filter((r) => !r.url.endsWith('/annountCement/events')); // an endless stream: its own test below
    const order = ['GET', 'POST', 'PUT', 'DELETE'];
    const byMethod = [...table].sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method));
    let n = 0;
    const created = new Map<string, Record<string, unknown>>();
    for (const r of byMethod) {
      const key = `${r.method} ${r.url.replace(/^\/api/, '')}`;
      const url = plausibleUrl(r, ids);
      const sample = WRITE_SAMPLES[key];
      if (r.method === 'GET' || r.method === 'DELETE') {
        await call(key, { method: r.method, url });
        const res = answers.at(-1)!.res;
        if (key.endsWith('/importTemplate') && res.statusCode === 200)
          templates.set(key.replace(/^GET /, ''), res.rawPayload);
        continue;
      }
      if (!sample) {
        const o = other(key) ?? {};
        await call(
          key,
          {
            method: r.method,
            url,
            ...(o.payload !== undefined ? { payload: o.payload as string } : {}),
            headers: o.headers,
          },
          o.token ?? admin,
        );
        continue;
      }
      n++;
      const row = sample.edits ? created.get(sample.edits) : undefined;
      await call(key, { method: r.method, url, payload: sample.body(ids, n, row) });
      const result = answers.at(-1)!.res.json().result;
      if (sample.created && result) created.set(key, { id: sample.created(result) });
    }
    await call('log list', { method: 'GET', url: '/api/sys/log/list?pageSize=200&logType=2' });
    await call('login log', { method: 'GET', url: '/api/sys/log/list?pageSize=200&logType=1' });

    expect(answers.length).toBeGreaterThan(t.app.routeTable.length - 2);
    const secrets = await storedSecrets();
    const tokens = [admin, zhangsan];
    let scanned = 0;
    for (const { what, res } of answers) {
      expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
      const type = String(res.headers['content-type'] ?? '');
      const text = type.includes('spreadsheetml') ? await workbookText(res.rawPayload) : res.body;
      if (type.includes('json')) {
        const body = JSON.parse(res.body);
        expect(secretKeys(body), what).toEqual([]);
        // A sign-in answers its own new token, and nothing else does.
        if (/\/(login|phoneLogin)$/.test(what) && body.result?.token) tokens.push(body.result.token as string);
      }
      expect(text, what).not.toContain('$argon2');
      for (const s of secrets) expect(text.includes(s), `${what} carries a stored hash`).toBe(false);
      scanned++;
    }
    for (const { what, res } of answers) {
      if (/\/(login|phoneLogin)$/.test(what)) continue;
      for (const token of tokens) expect(res.body.includes(token), `${what} carries a token`).toBe(false);
    }
    expect(scanned).toBe(answers.length);
    // Plausible means most calls do their work (the rest are refusals a real user meets too:
    // a department with members, an announcement already published, an empty import …).
    const ok = answers.filter((a) => a.res.statusCode === 200).length;
    if (process.env.SCAN_REPORT)
      for (const a of answers)
        console.log(a.res.statusCode, a.what, a.res.statusCode === 200 ? '' : a.res.body.slice(0, 120));
    expect(ok / answers.length, `${ok} of ${answers.length} answered 200`).toBeGreaterThan(0.75);
  });

  it('the event stream sends no secret either', async () => {
    const stream = await t.app.inject({
      method: 'GET',
      url: '/api/sys/annountCement/events',
      headers: { 'x-access-token': admin },
      payloadAsStream: true,
    });
    const first = await new Promise<string>((resolve) =>
      stream.stream().once('data', (c: Buffer) => resolve(c.toString())),
    );
    stream.stream().destroy();
    expect(first).toMatch(/^id: \S+\nevent: ready\n/);
    expect(first).not.toContain(admin);
  });
});
