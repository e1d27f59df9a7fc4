import { eq } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';
import { projectItems, unitContacts, users } from '../db/schema';
import { verifyPassword } from '../platform/passwords';
import { schemaKeys, type SampleIds } from './route-samples';
import { prepareSamples } from './sample-data';
import { isImportRoute, WRITE_EXEMPT, WRITE_SAMPLES } from './write-samples';

let t: TestApp;
let admin: string;
let ids: SampleIds;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  ids = await prepareSamples(t, admin);
});
afterAll(async () => {
  await t?.close();
});

/** Fields no form lets a client set, with hostile values that would show if they were taken. */
const HOSTILE: Record<string, unknown> = {
  id: 'ffffffffffffffffffffffffffffffff',
  createBy: 'mallory',
  createTime: '2000-01-01 00:00:00',
  updateBy: 'mallory',
  updateTime: '2000-01-01 00:00:00',
  passwordHash: '$argon2id$v=19$m=8,t=1,p=1$aGFja2Vk$aGFja2Vk',
  password_hash: 'x',
  salt: 'hackedsalt',
  status: 3,
  delFlag: 1,
  sendStatus: '1',
  sender: 'mallory',
  sendTime: '2000-01-01 00:00:00',
  projectNo: 'HACK-0001',
  orgCode: 'Z99Z99',
  orgType: '9',
  failedLogins: 99,
  lockedUntil: '2999-01-01 00:00:00',
  mustChangePassword: false,
  username: 'mallory',
  roleCode: 'mallory',
  isLeaf: false,
  tenantId: 9,
  readFlag: 1,
  dictId: 'ffffffffffffffffffffffffffff0002',
};

const rowOf = async (table: PgTable, column: string, value: unknown): Promise<Record<string, unknown> | undefined> => {
  const col = getTableColumns(table)[column];
  const [row] = await t.database.db
    .select()
    .from(table)
    .where(eq(col, value as string))
    .limit(1);
  return row;
};

/** The columns a hostile value reached: those the form does not name and whose stored value is the hostile one. */
function taken(row: Record<string, unknown>, formKeys: string[]): string[] {
  return Object.keys(HOSTILE).filter((k) => !formKeys.includes(k) && k in row && String(row[k]) === String(HOSTILE[k]));
}

describe(`mass assignment is impossible (${TEST_DB})`, () => {
  it('every POST/PUT route is a sampled create/edit or exempt with a reason', () => {
    const unknown = t.app.routeTable
      .filter((r) => r.method === 'POST' || r.method === 'PUT')
      .map((r) => `${r.method} ${r.url.replace(/^\/api/, '')}`)
      .filter((k) => !WRITE_SAMPLES[k] && !WRITE_EXEMPT[k] && !isImportRoute(k));
    expect(unknown).toEqual([]);
    for (const key of Object.keys(WRITE_SAMPLES))
      expect(
        t.app.routeTable.some((r) => `${r.method} ${r.url.replace(/^\/api/, '')}` === key),
        key,
      ).toBe(true);
  });

  it('ignores id, audit fields, password hash, salt, status and generated fields on every create and edit', async () => {
    const created = new Map<string, Record<string, unknown>>();
    let n = 900;
    for (const [key, sample] of Object.entries(WRITE_SAMPLES)) {
      const [method, path] = key.split(' ');
      const route = t.app.routeTable.find((r) => r.method === method && r.url === `/api${path}`)!;
      const formKeys = schemaKeys(route.schema?.body).keys;
      const before = sample.edits ? created.get(sample.edits) : undefined;
      if (sample.edits) expect(before, `${key} needs ${sample.edits} first`).toBeDefined();
      const hostile = Object.fromEntries(Object.entries(HOSTILE).filter(([k]) => !formKeys.includes(k)));
      const body = { ...hostile, ...sample.body(ids, ++n, before) };
      const token = path === '/sys/user/register' ? undefined : admin;
      const res = token
        ? await t.as(token, { method: method, url: `/api${path}`, payload: body })
        : await t.app.inject({ method: 'POST', url: `/api${path}`, payload: body });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);

      const id = sample.created ? sample.created(res.json().result) : sample.edits ? String(before!.id) : undefined;
      const row = id ? await rowOf(sample.table, 'id', id) : await rowOf(sample.table, ...sample.findBy!(body));
      expect(row, key).toBeDefined();
      expect(taken(row!, [...formKeys, ...(sample.sameByDefault ?? [])]), key).toEqual([]);
      expect(String(row!.createTime), key).not.toMatch(/^2000/);
      if (sample.edits) {
        // An edit keeps who created the record and when.
        expect(row!.createBy, key).toBe(before!.createBy);
        expect(row!.createTime, key).toBe(before!.createTime);
        if ('updateBy' in row!) expect(row.updateBy, key).toBe('admin');
      } else {
        expect(row!.createBy, key).toBe(path === '/sys/user/register' ? body.username : 'admin');
        created.set(key, row!);
      }
    }
    expect(created.size).toBeGreaterThan(10);
  });

  it("keeps the server's values for a new user: active, password from the form, must change it", async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/sys/user/add',
      payload: {
        ...HOSTILE,
        username: 'massuser',
        realname: '批量',
        password: 'Passw0rd9',
        confirmpassword: 'Passw0rd9',
      },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'massuser'));
    expect(row.status).toBe(1);
    expect(row.mustChangePassword).toBe(true);
    expect(await verifyPassword(row.passwordHash, 'Passw0rd9')).toBe(true);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/register',
      payload: { ...HOSTILE, username: 'massreg', realname: 'x', password: 'Abcdefg1', confirmpassword: 'Abcdefg1' },
    });
    expect(reg.statusCode).toBe(200);
    expect((await t.database.db.select().from(users).where(eq(users.username, 'massreg')))[0].status).toBe(2);
  });

  it('nested rows (unit contacts, project items) take neither foreign ids nor audit fields', async () => {
    const contacts = await t.database.db.select().from(unitContacts).where(eq(unitContacts.name, '安全联系人'));
    const items = await t.database.db.select().from(projectItems).where(eq(projectItems.itemName, '安全检测'));
    expect(contacts.length).toBeGreaterThan(0);
    expect(items.length).toBeGreaterThan(0);
    for (const r of [...contacts, ...items] as Record<string, unknown>[]) {
      expect(r.id).not.toBe('ffffffffffffffffffffffffffff0001');
      expect(r.createBy).not.toBe('mallory');
      expect(String(r.createTime)).not.toMatch(/^2000/);
      expect(r.unitId ?? r.projectId).not.toBe('x');
    }
  });
});
