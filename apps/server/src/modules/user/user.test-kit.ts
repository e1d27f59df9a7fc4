import { count, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';
import { departs, roles, users } from '../../db/schema';

/** Shared helpers of the user and role API tests. */
export const api = (p: string) => `/api${p}`;
export const NEW_PASSWORD = 'Passw0rd9';
/** Anything that must never leave the server in a user answer. */
export const SECRET_RE = /password_?hash|passwordHash|\$argon2|failed_?logins|failedLogins|locked_?until|lockedUntil/i;

export function kit(t: TestApp, admin: () => string) {
  const get = (url: string, token = admin()) => t.as(token, { method: 'GET', url: api(url) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin()) =>
    t.as(token, { method, url: api(url), ...(payload ? { payload } : {}) });
  const db = t.database.db;
  return {
    get,
    send,
    async departId(orgCode: string): Promise<string> {
      const [row] = await db.select({ id: departs.id }).from(departs).where(eq(departs.orgCode, orgCode));
      return row.id;
    },
    async roleId(roleCode: string): Promise<string> {
      const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, roleCode));
      return row.id;
    },
    async userRow(username: string) {
      const [row] = await db.select().from(users).where(eq(users.username, username));
      return row;
    },
    async userCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row.n;
    },
    /** Adds a user through the API (password NEW_PASSWORD) and returns the id. */
    async addUser(username: string, extra: Record<string, unknown> = {}): Promise<string> {
      const res = await send('POST', '/sys/user/add', {
        username,
        realname: `测试${username}`,
        password: NEW_PASSWORD,
        confirmpassword: NEW_PASSWORD,
        ...extra,
      });
      if (res.statusCode !== 200) throw new Error(`add ${username}: ${res.statusCode} ${res.body}`);
      return res.json().result as string;
    },
  };
}
