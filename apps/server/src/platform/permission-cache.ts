import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { permissionDataRules, permissions, rolePermissions, userRoles } from '../db/schema';

/** Splits a perms column ("a,b") into codes. */
export function splitCodes(perms: string | null): string[] {
  return (perms ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A data rule as the cache keeps it (`data-scope.ts` turns it into a condition per request). */
export type ScopeRule = { id: string; ruleColumn: string; ruleConditions: string; ruleValue: string };

/**
 * What narrows one list code for a user: per grant of a menu carrying the code (a role's grant),
 * the active rules chosen for it. A row is visible when it matches every rule of one grant.
 */
export type ScopeRules = ScopeRule[][];

const idList = (text: string | null) => (text ?? '').split(',').filter(Boolean);

/**
 * Which permission codes each user holds, and the data rules that narrow their lists, cached in
 * memory until a role, grant, menu or rule changes (`invalidate()`, which tells the other instances
 * too), so the guard and the data scope cost no query on a warm cache.
 */
export function createPermissionCache(db: Db, opts: { broadcast?: (userIds?: string[]) => void } = {}) {
  const byUser = new Map<string, Promise<Set<string>>>();
  const scopesByUser = new Map<string, Promise<Map<string, ScopeRules>>>();
  let uncontrolled: Promise<Set<string>> | undefined;

  async function loadUser(userId: string): Promise<Set<string>> {
    const rows = await db
      .selectDistinct({ perms: permissions.perms, menuType: permissions.menuType, status: permissions.status })
      .from(userRoles)
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(eq(userRoles.userId, userId), isNotNull(permissions.perms)));
    const codes = new Set<string>();
    for (const r of rows) {
      if (r.menuType === 2 && r.status !== '1') continue;
      for (const c of splitCodes(r.perms)) codes.add(c);
    }
    return codes;
  }

  /**
   * The user's data rules by list code. A code is narrowed only when every grant carrying it has an
   * active rule: a role granting the menu without rules lets the user see every row (roles add up).
   */
  async function loadScopes(userId: string): Promise<Map<string, ScopeRules>> {
    const grants = await db
      .select({
        permissionId: permissions.id,
        perms: permissions.perms,
        menuType: permissions.menuType,
        status: permissions.status,
        ruleIds: rolePermissions.dataRuleIds,
      })
      .from(userRoles)
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(eq(userRoles.userId, userId), isNotNull(permissions.perms)));
    const ruleIds = [...new Set(grants.flatMap((g) => idList(g.ruleIds)))];
    const rules =
      ruleIds.length === 0
        ? []
        : await db
            .select({
              id: permissionDataRules.id,
              permissionId: permissionDataRules.permissionId,
              ruleColumn: permissionDataRules.ruleColumn,
              ruleConditions: permissionDataRules.ruleConditions,
              ruleValue: permissionDataRules.ruleValue,
            })
            .from(permissionDataRules)
            .where(and(inArray(permissionDataRules.id, ruleIds), eq(permissionDataRules.status, '1')));
    const byId = new Map(rules.map(({ permissionId, ...r }) => [r.id, { permissionId, rule: r }]));
    const open = new Set<string>();
    const narrowed = new Map<string, Map<string, ScopeRule[]>>();
    for (const g of grants) {
      if (g.menuType === 2 && g.status !== '1') continue;
      const active = idList(g.ruleIds).flatMap((id) => {
        const found = byId.get(id);
        return found && found.permissionId === g.permissionId ? [found.rule] : [];
      });
      for (const code of splitCodes(g.perms)) {
        if (active.length === 0) open.add(code);
        else {
          const sets = narrowed.get(code) ?? new Map<string, ScopeRule[]>();
          sets.set(
            active
              .map((r) => r.id)
              .sort()
              .join(','),
            active,
          );
          narrowed.set(code, sets);
        }
      }
    }
    return new Map([...narrowed].filter(([code]) => !open.has(code)).map(([code, sets]) => [code, [...sets.values()]]));
  }

  async function loadUncontrolled(): Promise<Set<string>> {
    const rows = await db
      .select({ perms: permissions.perms })
      .from(permissions)
      .where(and(eq(permissions.menuType, 2), eq(permissions.status, '0')));
    return new Set(rows.flatMap((r) => splitCodes(r.perms)));
  }

  return {
    async codesOf(userId: string): Promise<Set<string>> {
      let p = byUser.get(userId);
      if (!p) {
        p = loadUser(userId);
        byUser.set(userId, p);
        p.catch(() => byUser.delete(userId));
      }
      return p;
    },

    /** The data rules narrowing `code` (a list code) for the user; undefined when none does. */
    async scopeOf(user: { id: string }, code: string): Promise<ScopeRules | undefined> {
      let p = scopesByUser.get(user.id);
      if (!p) {
        p = loadScopes(user.id);
        scopesByUser.set(user.id, p);
        const loading = p;
        p.catch(() => {
          if (scopesByUser.get(user.id) === loading) scopesByUser.delete(user.id);
        });
      }
      return (await p).get(code);
    },

    /** SPEC section 6: allowed when the code is not controlled (status 0) or the user holds it. */
    async allows(user: { id: string }, code: string): Promise<boolean> {
      uncontrolled ??= loadUncontrolled();
      if ((await uncontrolled).has(code)) return true;
      return (await this.codesOf(user.id)).has(code);
    },

    /** Drops cached codes (of some users, or all) here and tells the other instances to do the same. */
    invalidate(userIds?: string[]): void {
      this.invalidateLocal(userIds);
      opts.broadcast?.(userIds);
    },

    invalidateLocal(userIds?: string[]): void {
      if (userIds) {
        for (const id of userIds) {
          byUser.delete(id);
          scopesByUser.delete(id);
        }
      } else {
        byUser.clear();
        scopesByUser.clear();
      }
      uncontrolled = undefined;
    },
  };
}

export type PermissionCache = ReturnType<typeof createPermissionCache>;
