import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PERM } from '@lims/contracts';
import { verifyPassword } from '../platform/passwords';
import { openTestDatabase } from '../../test/test-database';
import type { Database, Db } from './client';
import * as s from './schema';
import { DEMO_PASSWORD, seedDatabase } from './seed';
import { addDays } from '../platform/time';
import { seedToday } from './seed-demo';

const TABLES = {
  permissions: s.permissions,
  roles: s.roles,
  rolePermissions: s.rolePermissions,
  departs: s.departs,
  dicts: s.dicts,
  dictItems: s.dictItems,
  users: s.users,
  userRoles: s.userRoles,
  userDeparts: s.userDeparts,
  suppliers: s.suppliers,
  customerUnits: s.customerUnits,
  unitContacts: s.unitContacts,
  projects: s.projects,
  projectItems: s.projectItems,
  docNoCounters: s.docNoCounters,
  samples: s.samples,
  analyses: s.analyses,
  analysisVerifications: s.analysisVerifications,
  reports: s.reports,
  reportSamples: s.reportSamples,
  limsAudit: s.limsAudit,
  appMeta: s.appMeta,
};
const BUSINESS = [
  ...['suppliers', 'customerUnits', 'unitContacts', 'projects', 'projectItems', 'docNoCounters'],
  ...['samples', 'analyses', 'analysisVerifications', 'reports', 'reportSamples', 'limsAudit'],
];

/**
 * Fresh migrated databases (in-memory PGlite, or PostgreSQL with TEST_DB=postgres): those of the
 * current test are closed after it, those of a describe block after the file.
 */
const perTest: Database[] = [];
const perBlock: Database[] = [];
afterEach(async () => {
  await Promise.all(perTest.splice(0).map((d) => d.close()));
});
afterAll(async () => {
  await Promise.all(perBlock.splice(0).map((d) => d.close()));
});

async function freshDb(list = perTest): Promise<Db> {
  const database = await openTestDatabase();
  list.push(database);
  return database.db;
}

async function counts(db: Db): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, t]) => [name, await db.$count(t)] as const),
  );
  return Object.fromEntries(entries);
}

async function user(db: Db, username: string) {
  const [row] = await db.select().from(s.users).where(eq(s.users.username, username));
  return row;
}

async function codesOfRole(db: Db, roleCode: string): Promise<string[]> {
  const rows = await db
    .select({ perms: s.permissions.perms })
    .from(s.rolePermissions)
    .innerJoin(s.roles, eq(s.roles.id, s.rolePermissions.roleId))
    .innerJoin(s.permissions, eq(s.permissions.id, s.rolePermissions.permissionId))
    .where(eq(s.roles.roleCode, roleCode));
  return rows.map((r) => r.perms).filter((p): p is string => !!p);
}

describe('seedDatabase (demo)', () => {
  let db: Db;
  let firstNotes: string[];
  beforeAll(async () => {
    db = await freshDb(perBlock);
    firstNotes = (await seedDatabase(db, { production: false })).notes;
  });

  it('seeds everything once; a second run changes nothing', async () => {
    const first = { notes: firstNotes };
    expect(first.notes.join('\n')).toContain(DEMO_PASSWORD);
    const before = await counts(db);
    for (const [name, n] of Object.entries(before)) expect(n, name).toBeGreaterThan(0);
    expect(before.users).toBe(8);

    const second = await seedDatabase(db, { production: false });
    expect(await counts(db)).toEqual(before);
    expect(second.notes.join('\n')).toContain('admin');

    const admin = await user(db, 'admin');
    expect(await verifyPassword(admin.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(admin).toMatchObject({
      realname: '管理员',
      orgCode: 'A01',
      mustChangePassword: false,
      email: 'admin@lims.local',
    });
    expect((await user(db, 'wangwu')).status).toBe(2);
    expect(await verifyPassword((await user(db, 'zhangsan')).passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it('gives roles, departments and the menu tree their shape', async () => {
    const perms = await db.select().from(s.permissions);
    expect((await codesOfRole(db, 'admin')).length).toBe(perms.filter((p) => p.perms).length);
    const userCodes = await codesOfRole(db, 'user');
    expect(userCodes.sort()).toEqual([PERM.project.list, PERM.supplier.list, PERM.unit.list].sort());
    expect(await codesOfRole(db, 'lab')).toEqual(
      expect.arrayContaining([PERM.supplier.add, PERM.project.attachmentUpload]),
    );

    const lisi = await user(db, 'lisi');
    const lisiDeparts = await db
      .select({ code: s.departs.orgCode })
      .from(s.userDeparts)
      .innerJoin(s.departs, eq(s.departs.id, s.userDeparts.depId))
      .where(eq(s.userDeparts.userId, lisi.id));
    expect(lisiDeparts.map((d) => d.code).sort()).toEqual(['A01A03', 'A01A07']);
    expect(lisi.orgCode).toBe('A01A07');

    const [a01, a01a07] = await Promise.all(
      ['A01', 'A01A07'].map(async (code) => (await db.select().from(s.departs).where(eq(s.departs.orgCode, code)))[0]),
    );
    expect(a01).toMatchObject({ departName: '检测中心', parentId: null, orgCategory: '1', orgType: '1' });
    expect(a01a07).toMatchObject({ departName: '环境检测实验室', parentId: a01.id, orgCategory: '2', orgType: '2' });

    const [sex] = await db.select().from(s.dicts).where(eq(s.dicts.dictCode, 'sex'));
    const items = await db.select().from(s.dictItems).where(eq(s.dictItems.dictId, sex.id));
    expect(items.map((i) => [i.itemValue, i.itemText, i.sortOrder, i.status]).sort()).toEqual([
      ['1', '男', 1, 1],
      ['2', '女', 2, 1],
    ]);
  });

  it('places demo dates around the seed date and keeps project numbers ahead', async () => {
    const today = await seedToday(db);
    const expiries = (await db.select().from(s.suppliers)).map((x) => x.qualificationExpiry!);
    expect(expiries.some((d) => d < today)).toBe(true);
    expect(expiries.some((d) => d >= today && d <= addDays(today, 30))).toBe(true);

    const projects = await db.select().from(s.projects);
    expect(projects.some((p) => p.dueDate! >= today && p.dueDate! <= addDays(today, 7) && p.status === '2')).toBe(true);
    for (const p of projects) expect(p.projectNo).toMatch(/^XM\d{8}\d{4}$/);
    const counters = new Map(
      (await db.select().from(s.docNoCounters).where(eq(s.docNoCounters.prefix, 'XM'))).map((c) => [c.day, c.last]),
    );
    for (const p of projects)
      expect(counters.get(p.projectNo.slice(2, 10))).toBeGreaterThanOrEqual(Number(p.projectNo.slice(10)));

    const contacts = await db.select().from(s.unitContacts).where(eq(s.unitContacts.isPrimary, true));
    expect(contacts.length).toBe(await db.$count(s.customerUnits));
  });
});

describe('seedDatabase (re-runs)', () => {
  it('leaves deleted records deleted; only a newer seed version adds missing rows, without duplicates', async () => {
    const db = await freshDb();
    await seedDatabase(db, { production: false });
    const before = await counts(db);
    await db.delete(s.users).where(eq(s.users.username, 'zhangsan'));
    await db.delete(s.suppliers).where(eq(s.suppliers.code, 'GYS0001'));
    await seedDatabase(db, { production: false });
    expect(await user(db, 'zhangsan')).toBeUndefined();
    expect(await db.$count(s.suppliers, eq(s.suppliers.code, 'GYS0001'))).toBe(0);

    const [button] = await db.select().from(s.permissions).where(eq(s.permissions.perms, PERM.user.add));
    await db.delete(s.permissions).where(eq(s.permissions.id, button.id));
    await db.update(s.appMeta).set({ value: '0' }).where(eq(s.appMeta.key, 'seed_version'));
    await seedDatabase(db, { production: false });
    expect(await counts(db)).toEqual(before);
    expect(await db.$count(s.permissions, eq(s.permissions.id, button.id))).toBe(1);
    expect((await user(db, 'zhangsan')).realname).toBe('张三');
  });
});

describe('seedDatabase (buttons of actions a page does not have)', () => {
  it('部门管理 has 添加/编辑/删除 only; upgrading a version-2 database drops its 导出/导入 and their grants', async () => {
    const db = await freshDb();
    await seedDatabase(db, { production: false });
    const [depart] = await db.select().from(s.permissions).where(eq(s.permissions.perms, PERM.depart.list));
    const buttons = await db.select().from(s.permissions).where(eq(s.permissions.parentId, depart.id));
    expect(buttons.map((b) => b.perms).sort()).toEqual([PERM.depart.add, PERM.depart.delete, PERM.depart.edit].sort());

    const [adminRole] = await db.select().from(s.roles).where(eq(s.roles.roleCode, 'admin'));
    const old = ['depart:export', 'depart:import'].map((perms, i) => ({
      parentId: depart.id,
      name: i ? '导入' : '导出',
      menuType: 2,
      perms,
      permsType: '1',
      sortNo: 4 + i,
      isRoute: false,
      isLeaf: true,
      status: '1',
    }));
    const inserted = await db.insert(s.permissions).values(old).returning({ id: s.permissions.id });
    await db.insert(s.rolePermissions).values(inserted.map((r) => ({ roleId: adminRole.id, permissionId: r.id })));
    await db.update(s.appMeta).set({ value: '2' }).where(eq(s.appMeta.key, 'seed_version'));
    await seedDatabase(db, { production: false });
    const ids = inserted.map((r) => r.id);
    expect(await db.$count(s.permissions, inArray(s.permissions.id, ids))).toBe(0);
    expect(await db.$count(s.rolePermissions, inArray(s.rolePermissions.permissionId, ids))).toBe(0);
    expect(await db.$count(s.permissions, eq(s.permissions.perms, PERM.depart.add))).toBe(1);
  }, 180_000);
});

describe('seedDatabase (the permission manager is a role)', () => {
  const rolesOf = async (db: Db, username: string) =>
    (
      await db
        .select({ code: s.roles.roleCode })
        .from(s.userRoles)
        .innerJoin(s.roles, eq(s.roles.id, s.userRoles.roleId))
        .innerJoin(s.users, eq(s.users.id, s.userRoles.userId))
        .where(eq(s.users.username, username))
    )
      .map((r) => r.code)
      .sort();

  it('gives the demo manager the 权限管理员 role, the administrator 分配角色; production has the role and no manager', async () => {
    const db = await freshDb();
    await seedDatabase(db, { production: false });
    expect(await rolesOf(db, 'manager')).toEqual(['perm_manager', 'user']);
    const [assign] = await db.select().from(s.permissions).where(eq(s.permissions.perms, PERM.user.role));
    const adminRole = (await db.select().from(s.roles).where(eq(s.roles.roleCode, 'admin')))[0];
    expect(await db.$count(s.rolePermissions, eq(s.rolePermissions.permissionId, assign.id))).toBe(1);
    expect(
      (await db.select().from(s.rolePermissions).where(eq(s.rolePermissions.permissionId, assign.id)))[0].roleId,
    ).toBe(adminRole.id);

    const prod = await freshDb();
    await seedDatabase(prod, { production: true });
    expect(await prod.$count(s.roles, eq(s.roles.roleCode, 'perm_manager'))).toBe(1);
    expect(await user(prod, 'manager')).toBeUndefined();
  }, 180_000);

  it('upgrading a version-1 demo database gives the seeded manager account the role (not a look-alike)', async () => {
    const db = await freshDb();
    await seedDatabase(db, { production: false });
    const role = (await db.select().from(s.roles).where(eq(s.roles.roleCode, 'perm_manager')))[0];
    await db.delete(s.userRoles).where(eq(s.userRoles.roleId, role.id));
    await db.update(s.appMeta).set({ value: '1' }).where(eq(s.appMeta.key, 'seed_version'));
    await seedDatabase(db, { production: false });
    expect(await rolesOf(db, 'manager')).toEqual(['perm_manager', 'user']);

    const other = await freshDb();
    await seedDatabase(other, { production: false });
    await other.delete(s.users).where(eq(s.users.username, 'manager'));
    await other.insert(s.users).values({ username: 'manager', realname: '陌生人', passwordHash: 'x', status: 1 });
    await other.update(s.appMeta).set({ value: '1' }).where(eq(s.appMeta.key, 'seed_version'));
    await seedDatabase(other, { production: false });
    expect(await rolesOf(other, 'manager')).toEqual([]);
  }, 180_000);
});

describe('seedDatabase (production and ADMIN_PASSWORD)', () => {
  it('production: system data and admin only, generated password shown once, change required', async () => {
    const db = await freshDb();
    const { notes } = await seedDatabase(db, { production: true });
    const c = await counts(db);
    expect(c.users).toBe(1);
    for (const name of BUSINESS) expect(c[name], name).toBe(0);
    for (const name of ['permissions', 'roles', 'rolePermissions', 'departs', 'dicts', 'dictItems']) {
      expect(c[name], name).toBeGreaterThan(0);
    }
    const admin = await user(db, 'admin');
    expect(admin.mustChangePassword).toBe(true);
    expect(admin.email).toBeNull();
    const line = notes.find((n) => n.includes('初始密码'))!;
    const password = /初始密码: (\S+)/.exec(line)![1];
    expect(await verifyPassword(admin.passwordHash, password)).toBe(true);
    expect(await verifyPassword(admin.passwordHash, DEMO_PASSWORD)).toBe(false);

    const again = await seedDatabase(db, { production: true });
    expect(again.notes.join('\n')).not.toContain(password);
    expect(await counts(db)).toEqual(c);
    // A production database never receives demo data, even if later started without production.
    await seedDatabase(db, { production: false });
    expect((await counts(db)).users).toBe(1);
  });

  it('production honours a valid ADMIN_PASSWORD, refuses one that breaks the policy, and prints neither', async () => {
    const db = await freshDb();
    await expect(seedDatabase(db, { production: true, adminPassword: 'short' })).rejects.toThrow(/ADMIN_PASSWORD/);
    expect(await db.$count(s.users)).toBe(0);
    expect(await db.$count(s.appMeta)).toBe(0);

    const { notes } = await seedDatabase(db, { production: true, adminPassword: 'Prod#Secret2026' });
    const admin = await user(db, 'admin');
    expect(await verifyPassword(admin.passwordHash, 'Prod#Secret2026')).toBe(true);
    expect(admin.mustChangePassword).toBe(true);
    expect(notes.join('\n')).not.toContain('Prod#Secret2026');
    expect(notes.join('\n')).toContain('ADMIN_PASSWORD');
  });

  it('demo honours ADMIN_PASSWORD for admin only', async () => {
    const db = await freshDb();
    await seedDatabase(db, { production: false, adminPassword: 'Demo#Admin2026' });
    const rows = await db
      .select()
      .from(s.users)
      .where(inArray(s.users.username, ['admin', 'lisi']));
    const byName = new Map(rows.map((r) => [r.username, r]));
    expect(await verifyPassword(byName.get('admin')!.passwordHash, 'Demo#Admin2026')).toBe(true);
    expect(await verifyPassword(byName.get('lisi')!.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(byName.get('admin')!.mustChangePassword).toBe(false);
  });
});
