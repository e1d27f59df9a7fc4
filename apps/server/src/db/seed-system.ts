import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from './client';
import {
  departs,
  dictItems,
  dicts,
  permissions,
  rolePermissions,
  roles,
  userDeparts,
  userRoles,
  users,
} from './schema';
import { DEPARTS, parentOrgCode } from './seed-data/departs';
import { DICTS } from './seed-data/dicts';
import { MENU_TREE, type ButtonSeed, type MenuSeed } from './seed-data/menus';
import { ROLES, type RoleSeed } from './seed-data/roles';
import type { UserSeed } from './seed-data/users';

const CREATE_BY = 'admin';

/** A stable 32-character id for a seeded row: the same key always gives the same id. */
export function seedId(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

const menuId = (m: MenuSeed) => seedId(`menu:${m.url}`);
const buttonId = (b: ButtonSeed) => seedId(`perm:${b.perms}`);

type PermissionRow = typeof permissions.$inferInsert & { id: string };

/** The menu tree as permission rows: top menus (type 0), sub-menus (type 1), buttons (type 2). */
export function permissionRows(tree: MenuSeed[] = MENU_TREE): PermissionRow[] {
  const rows: PermissionRow[] = [];
  const visit = (m: MenuSeed, parentId: string | null, sortNo: number) => {
    rows.push({
      id: menuId(m),
      parentId,
      name: m.name,
      url: m.url,
      component: m.component,
      componentName: m.componentName ?? null,
      icon: m.icon ?? null,
      menuType: parentId === null ? 0 : 1,
      perms: m.perms ?? null,
      permsType: '1',
      sortNo,
      isRoute: true,
      isLeaf: !m.children?.length,
      status: '1',
      createBy: CREATE_BY,
    });
    m.children?.forEach((c, i) => visit(c, menuId(m), i + 1));
    m.buttons?.forEach((b, i) =>
      rows.push({
        id: buttonId(b),
        parentId: menuId(m),
        name: b.name,
        menuType: 2,
        perms: b.perms,
        permsType: b.permsType ?? '1',
        sortNo: i + 1,
        isRoute: false,
        isLeaf: true,
        status: '1',
        createBy: CREATE_BY,
      }),
    );
  };
  tree.forEach((m, i) => visit(m, null, m.sortNo ?? i));
  return rows;
}

/** Permission ids a role is granted: named menus with every menu below them (and their buttons if asked). */
export function grantedIds(grants: RoleSeed['grants'], tree: MenuSeed[] = MENU_TREE): string[] {
  if (grants === 'all') return permissionRows(tree).map((r) => r.id);
  const ids: string[] = [];
  const collect = (m: MenuSeed) => {
    ids.push(menuId(m));
    if (grants.buttons) m.buttons?.forEach((b) => ids.push(buttonId(b)));
    m.children?.forEach(collect);
  };
  const collectReadOnly = (m: MenuSeed) => {
    ids.push(menuId(m));
    m.children?.forEach(collectReadOnly);
  };
  const find = (menus: MenuSeed[], urls: string[], take: (m: MenuSeed) => void) =>
    menus.forEach((m) => (urls.includes(m.url) ? take(m) : find(m.children ?? [], urls, take)));
  find(tree, grants.menus, collect);
  find(tree, grants.readOnly ?? [], collectReadOnly);
  return [...new Set(ids)];
}

const toMap = (rows: { id: string; key: string }[]) => new Map(rows.map((r) => [r.key, r.id]));

/** Ids by natural key: rows that predate the seed may carry other ids than the stable ones. */
export const lookupIds = {
  roles: async (tx: DbOrTx, codes: string[]) =>
    toMap(await tx.select({ id: roles.id, key: roles.roleCode }).from(roles).where(inArray(roles.roleCode, codes))),
  departs: async (tx: DbOrTx, codes: string[]) =>
    toMap(
      await tx.select({ id: departs.id, key: departs.orgCode }).from(departs).where(inArray(departs.orgCode, codes)),
    ),
  dicts: async (tx: DbOrTx, codes: string[]) =>
    toMap(await tx.select({ id: dicts.id, key: dicts.dictCode }).from(dicts).where(inArray(dicts.dictCode, codes))),
  users: async (tx: DbOrTx, names: string[]) =>
    toMap(await tx.select({ id: users.id, key: users.username }).from(users).where(inArray(users.username, names))),
};

/** Menus and buttons, roles and their grants, departments, dictionaries. */
export async function seedSystemData(tx: DbOrTx): Promise<void> {
  await tx.insert(permissions).values(permissionRows()).onConflictDoNothing();

  await tx
    .insert(roles)
    .values(
      ROLES.map((r) => ({
        id: seedId(`role:${r.roleCode}`),
        roleCode: r.roleCode,
        roleName: r.roleName,
        description: r.description,
        createBy: CREATE_BY,
      })),
    )
    .onConflictDoNothing();
  const roleIds = await lookupIds.roles(
    tx,
    ROLES.map((r) => r.roleCode),
  );
  const grants = ROLES.flatMap((r) => {
    const roleId = roleIds.get(r.roleCode);
    return roleId ? grantedIds(r.grants).map((permissionId) => ({ roleId, permissionId })) : [];
  });
  if (grants.length) await tx.insert(rolePermissions).values(grants).onConflictDoNothing();

  const order = new Map<string, number>();
  await tx
    .insert(departs)
    .values(
      DEPARTS.map((d) => {
        const parent = parentOrgCode(d.orgCode);
        const departOrder = (order.get(parent) ?? 0) + 1;
        order.set(parent, departOrder);
        return {
          id: seedId(`depart:${d.orgCode}`),
          parentId: parent ? seedId(`depart:${parent}`) : null,
          departName: d.departName,
          departOrder,
          orgCategory: parent ? '2' : '1',
          orgType: parent ? '2' : '1',
          orgCode: d.orgCode,
          mobile: d.mobile ?? null,
          address: d.address ?? null,
          status: '1',
          createBy: CREATE_BY,
        };
      }),
    )
    .onConflictDoNothing();

  await tx
    .insert(dicts)
    .values(
      DICTS.map(([dictCode, dictName]) => ({
        id: seedId(`dict:${dictCode}`),
        dictCode,
        dictName,
        type: 0,
        createBy: CREATE_BY,
      })),
    )
    .onConflictDoNothing();
  const dictIds = await lookupIds.dicts(
    tx,
    DICTS.map(([code]) => code),
  );
  const items = DICTS.flatMap(([code, , values]) => {
    const dictId = dictIds.get(code);
    return dictId
      ? values.map(([itemValue, itemText], i) => ({
          id: seedId(`dict:${code}:${itemValue}`),
          dictId,
          itemValue,
          itemText,
          sortOrder: i + 1,
          status: 1,
          createBy: CREATE_BY,
        }))
      : [];
  });
  await tx.insert(dictItems).values(items).onConflictDoNothing();
}

export type NewUser = { seed: UserSeed; passwordHash: string; mustChangePassword: boolean; withContact: boolean };

/** Inserts the accounts that do not exist yet, with their roles and departments; returns the usernames created. */
export async function seedUsers(tx: DbOrTx, list: NewUser[]): Promise<string[]> {
  if (!list.length) return [];
  const created = await tx
    .insert(users)
    .values(
      list.map(({ seed: u, passwordHash, mustChangePassword, withContact }) => ({
        id: seedId(`user:${u.username}`),
        username: u.username,
        realname: u.realname,
        passwordHash,
        mustChangePassword,
        sex: u.sex,
        email: withContact ? u.email : null,
        phone: withContact ? u.phone : null,
        orgCode: u.orgCode,
        status: u.status,
        workNo: u.workNo,
        post: u.post ?? null,
        createBy: CREATE_BY,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id, username: users.username });
  if (!created.length) return [];

  const bySeed = new Map(list.map((l) => [l.seed.username, l.seed]));
  const roleIds = await lookupIds.roles(tx, [...new Set(list.flatMap((l) => l.seed.roles))]);
  const departIds = await lookupIds.departs(tx, [...new Set(list.flatMap((l) => l.seed.departs))]);
  const present = <T>(v: T | undefined): v is T => v !== undefined;
  const roleRows = created.flatMap((u) =>
    bySeed
      .get(u.username)!
      .roles.map((c) => roleIds.get(c))
      .filter(present)
      .map((roleId) => ({ userId: u.id, roleId })),
  );
  const departRows = created.flatMap((u) =>
    bySeed
      .get(u.username)!
      .departs.map((c) => departIds.get(c))
      .filter(present)
      .map((depId) => ({ userId: u.id, depId })),
  );
  if (roleRows.length) await tx.insert(userRoles).values(roleRows).onConflictDoNothing();
  if (departRows.length) await tx.insert(userDeparts).values(departRows).onConflictDoNothing();
  return created.map((u) => u.username);
}
