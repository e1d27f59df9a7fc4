import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/client';
import { permissions, roles } from '../../db/schema';

type Call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) => Promise<LightMyRequestResponse>;

/**
 * Helpers of the data-rule tests: configure rules on a menu (菜单管理 → 数据规则) and choose them
 * for a role (角色管理 → 授权), through the API as an administrator (`call` sends as one).
 */
export function dataRuleKit(db: Db, call: Call) {
  const expectOk = (res: LightMyRequestResponse, what: string) => {
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res.json().result;
  };
  return {
    async menuId(url: string): Promise<string> {
      return (await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.url, url)))[0].id;
    },
    async roleId(roleCode: string): Promise<string> {
      return (await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, roleCode)))[0].id;
    },
    /** Adds an enabled rule to the menu; answers its id. */
    async addRule(
      permissionId: string,
      rule: { ruleColumn: string; ruleConditions: string; ruleValue: string; ruleName?: string },
    ): Promise<string> {
      const body = {
        permissionId,
        status: '1',
        ruleName: `${rule.ruleColumn} ${rule.ruleConditions} ${rule.ruleValue}`,
        ...rule,
      };
      return expectOk(await call('POST', '/sys/permission/addPermissionRule', body), 'add rule') as string;
    },
    async setRuleStatus(
      id: string,
      rule: { ruleColumn: string; ruleConditions: string; ruleValue: string },
      status: '0' | '1',
    ): Promise<void> {
      expectOk(
        await call('PUT', '/sys/permission/editPermissionRule', { id, ruleName: 'edited', ...rule, status }),
        'edit rule',
      );
    },
    /** The rules the role applies on the menu (the role must hold the menu). */
    async chooseRules(permissionId: string, roleId: string, ruleIds: string[]): Promise<void> {
      expectOk(
        await call('POST', '/sys/role/datarule', { permissionId, roleId, dataRuleIds: ruleIds.join(',') }),
        'choose rules',
      );
    },
  };
}
