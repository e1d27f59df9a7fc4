import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PERM, PERMISSION_MSG, USER_MSG } from '@lims/contracts';
import type { DbOrTx } from '../db/client';
import { permissions, rolePermissions, roles, userRoles, users } from '../db/schema';
import { splitCodes } from './permission-cache';
import { forbidden } from './reply';

/**
 * The grant rule (as in Kubernetes RBAC and Keycloak): nobody grants what they do not hold.
 * An actor may assign, remove or re-label only permissions, and roles made of permissions, that
 * they hold themselves; and may change, freeze, reset or delete only users whose permissions are a
 * subset of their own. "Holds" is what the guard allows (granted codes plus uncontrolled buttons).
 */
type Actor = { id: string };

type Leaves<T> = T extends string ? T[] : { [K in keyof T]: Leaves<T[K]> }[keyof T];
const leaves = (node: unknown): string[] =>
  typeof node === 'string' ? [node] : Object.values(node as object).flatMap(leaves);
/**
 * The codes the server enforces (every API route requires one of them). A code outside this set (a
 * label an administrator gave a menu added later) guards no data, so granting it is no escalation.
 */
export const ENFORCED_CODES: ReadonlySet<string> = new Set(leaves(PERM) as Leaves<typeof PERM>);

/**
 * Whether the actor holds a code: through the permission cache, or — inside a transaction (`tx`), where
 * the cache's own queries would wait for it on PGlite's single connection — read through `tx`.
 */
async function holder(app: FastifyInstance, actor: Actor, tx?: DbOrTx): Promise<(code: string) => Promise<boolean>> {
  if (!tx) return (code) => app.permissionCache.allows(actor, code);
  const roleIds = (await tx.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, actor.id))).map(
    (r) => r.id,
  );
  const held = new Set([...(await codesOfRoles(tx, roleIds)).values()].flatMap((codes) => [...codes]));
  const uncontrolled = await tx
    .select({ perms: permissions.perms })
    .from(permissions)
    .where(and(eq(permissions.menuType, 2), eq(permissions.status, '0')));
  for (const r of uncontrolled) for (const c of splitCodes(r.perms)) held.add(c);
  return async (code) => held.has(code);
}

/** The enforced codes of `codes` the actor does not hold. */
export async function codesBeyond(
  app: FastifyInstance,
  actor: Actor,
  codes: Iterable<string>,
  tx?: DbOrTx,
): Promise<string[]> {
  const holds = await holder(app, actor, tx);
  const missing: string[] = [];
  for (const code of new Set(codes)) if (ENFORCED_CODES.has(code) && !(await holds(code))) missing.push(code);
  return missing;
}

/** Codes each role grants, read as the permission cache reads them (a disabled button grants nothing). */
export async function codesOfRoles(db: DbOrTx, roleIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map(roleIds.map((id) => [id, new Set<string>()]));
  if (roleIds.length === 0) return out;
  const rows = await db
    .select({
      roleId: rolePermissions.roleId,
      perms: permissions.perms,
      menuType: permissions.menuType,
      status: permissions.status,
    })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(inArray(rolePermissions.roleId, roleIds), isNotNull(permissions.perms)));
  for (const r of rows) {
    if (r.menuType === 2 && r.status !== '1') continue;
    for (const c of splitCodes(r.perms)) out.get(r.roleId)?.add(c);
  }
  return out;
}

/** 403 unless every role of `roleIds` grants only codes the actor holds (`tx`: inside that transaction). */
export async function assertRolesWithin(
  app: FastifyInstance,
  actor: Actor,
  roleIds: string[],
  tx?: DbOrTx,
): Promise<void> {
  if (roleIds.length === 0) return;
  const db = tx ?? app.db;
  const byRole = await codesOfRoles(db, roleIds);
  const beyond: string[] = [];
  for (const [roleId, codes] of byRole) if ((await codesBeyond(app, actor, codes, tx)).length) beyond.push(roleId);
  if (beyond.length === 0) return;
  const names = await db
    .select({ name: roles.roleName })
    .from(roles)
    .where(inArray(roles.id, beyond))
    .orderBy(asc(roles.roleCode));
  throw forbidden(USER_MSG.roleBeyondActor(names.map((n) => n.name).join('、')));
}

/**
 * A change of a user's roles from `before` to `after`: needs 分配角色 (`user:role`) when anything
 * changes, and every role added or removed must lie within the actor's permissions.
 */
export async function assertRoleChange(
  app: FastifyInstance,
  actor: Actor,
  before: string[],
  after: string[],
  tx?: DbOrTx,
): Promise<void> {
  const changed = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
  if (changed.length === 0) return;
  if (!(await (await holder(app, actor, tx))(PERM.user.role))) throw forbidden(USER_MSG.roleAssignDenied);
  await assertRolesWithin(app, actor, [...new Set(changed)], tx);
}

/** 403 unless every user of `userIds` holds only codes the actor holds (the actor always covers himself). */
export async function assertUsersWithin(app: FastifyInstance, actor: Actor, userIds: string[]): Promise<void> {
  const beyond: string[] = [];
  for (const id of new Set(userIds)) {
    if (id === actor.id) continue;
    if ((await codesBeyond(app, actor, await app.permissionCache.codesOf(id))).length) beyond.push(id);
  }
  if (beyond.length === 0) return;
  const names = await app.db
    .select({ name: users.realname })
    .from(users)
    .where(inArray(users.id, beyond))
    .orderBy(asc(users.username));
  throw forbidden(USER_MSG.userBeyondActor(names.map((n) => n.name).join('、')));
}

/** 403 unless the actor holds every code the permission rows (menus, buttons) of `ids` carry. */
export async function assertPermissionsWithin(app: FastifyInstance, actor: Actor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await app.db
    .select({ name: permissions.name, perms: permissions.perms })
    .from(permissions)
    .where(and(inArray(permissions.id, ids), isNotNull(permissions.perms)))
    .orderBy(asc(permissions.sortNo), asc(permissions.id));
  const beyond: string[] = [];
  for (const r of rows) if ((await codesBeyond(app, actor, splitCodes(r.perms))).length) beyond.push(r.name);
  if (beyond.length) throw forbidden(PERMISSION_MSG.permissionBeyondActor(beyond.join('、')));
}

/** 403 unless the role grants only codes the actor holds (so nobody below 管理员 changes the 管理员 role). */
export async function assertRoleWithin(app: FastifyInstance, actor: Actor, roleId: string): Promise<void> {
  const codes = (await codesOfRoles(app.db, [roleId])).get(roleId) ?? new Set<string>();
  if ((await codesBeyond(app, actor, codes)).length === 0) return;
  const [role] = await app.db.select({ name: roles.roleName }).from(roles).where(eq(roles.id, roleId)).limit(1);
  throw forbidden(PERMISSION_MSG.roleBeyondActor(role?.name ?? roleId));
}
