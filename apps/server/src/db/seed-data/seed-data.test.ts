import { describe, expect, it } from 'vitest';
import { PERM } from '@lims/contracts';
import { isValidCreditCode } from '../../platform/credit-code';
import { grantedIds, permissionRows } from '../seed-system';
import { DEPARTS, parentOrgCode } from './departs';
import { DICTS } from './dicts';
import { PROJECTS } from './projects';
import { ROLES } from './roles';
import { SUPPLIERS } from './suppliers';
import { UNITS } from './units';
import { ADMIN_USER, DEMO_USERS } from './users';

const leaves = (o: object): string[] =>
  Object.values(o).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v as object)));
const dictValues = (code: string) => DICTS.find(([c]) => c === code)![2].map(([v]) => v);

describe('menu seed', () => {
  const rows = permissionRows();

  it('carries every PERM code exactly once', () => {
    const codes = rows.flatMap((r) => (r.perms ?? '').split(',').filter(Boolean));
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(leaves(PERM).sort());
  });

  it('has unique ids, parents that exist, and buttons under page menus', () => {
    const ids = new Set(rows.map((r) => r.id));
    expect(ids.size).toBe(rows.length);
    for (const r of rows) {
      if (r.menuType === 0) expect(r.parentId).toBeNull();
      else expect(ids.has(r.parentId!)).toBe(true);
      if (r.menuType === 2) {
        const parent = rows.find((p) => p.id === r.parentId)!;
        expect(parent.menuType).toBe(1);
        expect(parent.perms).toMatch(/:list$/);
      }
    }
  });

  it('numbers siblings 1, 2, 3 ... and marks leaves', () => {
    for (const r of rows.filter((x) => x.parentId)) {
      const siblings = rows.filter((x) => x.parentId === r.parentId && x.menuType === r.menuType);
      expect(siblings.map((s) => s.sortNo)).toEqual(siblings.map((_, i) => i + 1));
    }
    const home = rows.find((r) => r.name === '首页')!;
    expect(home).toMatchObject({
      menuType: 0,
      sortNo: 0,
      isLeaf: true,
      isRoute: true,
      component: 'dashboard/Analysis',
    });
    for (const top of rows.filter((r) => r.menuType === 0 && r.name !== '首页')) {
      expect(top).toMatchObject({ component: 'layouts/RouteView', isLeaf: false });
    }
    const phone = rows.find((r) => r.perms === PERM.user.phoneField)!;
    expect(phone).toMatchObject({ name: '手机号禁用', permsType: '2', status: '1', menuType: 2 });
  });

  it('grants roles menus that exist; 普通用户 gets no buttons, 实验室人员 no system pages', () => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const role of ROLES) {
      if (role.grants !== 'all') {
        const urls = rows.map((r) => r.url);
        for (const url of role.grants.menus) expect(urls).toContain(url);
      }
    }
    const user = grantedIds(ROLES.find((r) => r.roleCode === 'user')!.grants).map((id) => byId.get(id)!);
    expect(user.some((r) => r.menuType === 2)).toBe(false);
    expect(
      user
        .map((r) => r.perms)
        .filter(Boolean)
        .sort(),
    ).toEqual([PERM.project.list, PERM.supplier.list, PERM.unit.list].sort());
    expect(user.map((r) => r.name)).toEqual(expect.arrayContaining(['首页', '我的消息']));
    const lab = grantedIds(ROLES.find((r) => r.roleCode === 'lab')!.grants).map((id) => byId.get(id)!);
    const labCodes = lab.map((r) => r.perms).filter(Boolean);
    expect(labCodes).toEqual(
      expect.arrayContaining([...leaves(PERM.supplier), ...leaves(PERM.unit), ...leaves(PERM.project)]),
    );
    expect(labCodes.some((c) => /^(user|role|menu|depart|dict|announcement|log):/.test(c!))).toBe(false);
    expect(grantedIds('all')).toHaveLength(rows.length);
  });
});

describe('system and demo data', () => {
  it('departments follow the org-code rule', () => {
    const codes = DEPARTS.map((d) => d.orgCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^([A-Z]\d{2})+$/);
      const parent = parentOrgCode(code);
      if (parent) expect(codes).toContain(parent);
    }
  });

  it('dictionaries have unique codes and values', () => {
    expect(new Set(DICTS.map(([c]) => c)).size).toBe(DICTS.length);
    for (const [, , items] of DICTS) expect(new Set(items.map(([v]) => v)).size).toBe(items.length);
  });

  it('accounts reference roles and departments that exist and have distinct contacts', () => {
    const all = [ADMIN_USER, ...DEMO_USERS];
    for (const key of ['username', 'email', 'phone', 'workNo'] as const) {
      expect(new Set(all.map((u) => u[key])).size).toBe(all.length);
    }
    for (const u of all) {
      for (const r of u.roles) expect(ROLES.map((x) => x.roleCode)).toContain(r);
      for (const d of u.departs) expect(DEPARTS.map((x) => x.orgCode)).toContain(d);
      expect(u.departs).toContain(u.orgCode);
    }
  });

  it('suppliers: valid credit codes, dictionary values, expired and soon-to-expire ones', () => {
    for (const s of SUPPLIERS) {
      expect(isValidCreditCode(s.creditCode)).toBe(true);
      expect(dictValues('supplier_type')).toContain(s.supplierType);
      expect(dictValues('supplier_status')).toContain(s.status);
    }
    expect(SUPPLIERS.some((s) => s.expiryInDays < 0)).toBe(true);
    expect(SUPPLIERS.some((s) => s.expiryInDays >= 0 && s.expiryInDays <= 30)).toBe(true);
    expect(SUPPLIERS.filter((s) => s.expiryInDays > 30).length).toBeGreaterThan(SUPPLIERS.length / 2);
    expect(new Set(SUPPLIERS.map((s) => s.code)).size).toBe(SUPPLIERS.length);
  });

  it('units: valid credit codes and exactly one primary contact each', () => {
    for (const u of UNITS) {
      if (u.creditCode) expect(isValidCreditCode(u.creditCode)).toBe(true);
      expect(dictValues('unit_type')).toContain(u.unitType);
      expect(u.contacts.length).toBeGreaterThanOrEqual(1);
      expect(u.contacts.length).toBeLessThanOrEqual(3);
      expect(u.contacts.filter((c) => c.isPrimary)).toHaveLength(1);
    }
  });

  it('projects: every status, known units, managers and departments, unique numbers', () => {
    expect(new Set(PROJECTS.map((p) => p.status))).toEqual(new Set(dictValues('project_status')));
    const numbers = PROJECTS.map((p) => `${p.createdDaysAgo}/${p.seq}`);
    expect(new Set(numbers).size).toBe(PROJECTS.length);
    expect(PROJECTS.some((p) => p.dueInDays >= 0 && p.dueInDays <= 7 && p.status === '2')).toBe(true);
    for (const p of PROJECTS) {
      expect(UNITS.map((u) => u.code)).toContain(p.unitCode);
      expect(['lisi', 'admin']).toContain(p.manager);
      expect(DEPARTS.map((d) => d.orgCode)).toContain(p.departCode);
      expect(dictValues('test_type')).toContain(p.testType);
      expect(p.amount).toMatch(/^\d+\.\d{2}$/);
      expect(p.items.length).toBeGreaterThanOrEqual(1);
      expect(p.items.length).toBeLessThanOrEqual(4);
      for (const it of p.items) expect(Number.isInteger(it.codeLines) && it.codeLines >= 0).toBe(true);
    }
  });
});
