import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';
import { customerUnits, departs, users } from '../../db/schema';
import { kit } from '../supplier/business.test-kit';

/** Shared helpers of the project, attachment and dashboard API tests. */
export function projectKit(t: TestApp, admin: () => string) {
  const base = kit(t, admin);
  const db = t.database.db;
  const ids = {
    async unit(code: string) {
      return (await db.select({ id: customerUnits.id }).from(customerUnits).where(eq(customerUnits.code, code)))[0].id;
    },
    async user(username: string) {
      return (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
    },
    async depart(orgCode: string) {
      return (await db.select({ id: departs.id }).from(departs).where(eq(departs.orgCode, orgCode)))[0].id;
    },
  };
  /** Adds a project through the API; answers its id (throws on failure). */
  const addProject = async (form: Record<string, unknown>, token = admin()): Promise<string> => {
    const res = await base.send(
      'POST',
      '/project/jcXmProject/add',
      { customerUnitId: await ids.unit('KH0001'), ...form },
      token,
    );
    if (res.statusCode !== 200) throw new Error(`add project: ${res.statusCode} ${res.body}`);
    return res.json().result as string;
  };
  const detail = async (id: string) => (await base.get(`/project/jcXmProject/queryById?id=${id}`)).json().result;
  return { ...base, ids, addProject, detail };
}
