import { and, eq, inArray, sql } from 'drizzle-orm';
import { isPolicyPassword } from '@lims/contracts';
import { generatePolicyPassword, hashPassword } from '../platform/passwords';
import type { Db, DbOrTx } from './client';
import { appMeta, permissions, roles, userRoles, users } from './schema';
import { seedDemoBusiness } from './seed-demo';
import { RETIRED_BUTTONS } from './seed-data/menus';
import { ADMIN_USER, DEMO_USERS } from './seed-data/users';
import { seedId, seedSystemData, seedUsers, type NewUser } from './seed-system';

/** The password of every demo account (demo install without ADMIN_PASSWORD). */
export const DEMO_PASSWORD = 'Lims@2026';

/**
 * Raise when the seed data changes: a database seeded with an older version then gets the rows
 * it misses (stable ids, insert-if-absent); one seeded with this version is left alone, so a demo
 * record an administrator deleted does not come back on restart.
 */
export const SEED_VERSION = 4;

const VERSION_KEY = 'seed_version';
/** 'demo' or 'production', recorded by the first seed: a production database never gets demo data. */
const MODE_KEY = 'seed_mode';
/** Serialises concurrent first starts of several instances on one PostgreSQL. */
const SEED_LOCK = 7_240_002;

export type SeedOptions = {
  /** Production: system data and the admin account only; the admin must change the password at first login. */
  production: boolean;
  /** ADMIN_PASSWORD: the admin password of a new database. */
  adminPassword?: string;
};

type SeedMode = 'demo' | 'production';
type Meta = { version: number; mode?: SeedMode };

async function readMeta(db: DbOrTx): Promise<Meta> {
  const rows = await db
    .select()
    .from(appMeta)
    .where(inArray(appMeta.key, [VERSION_KEY, MODE_KEY]));
  const get = (key: string) => rows.find((r) => r.key === key)?.value;
  const mode = get(MODE_KEY);
  return {
    version: Number(get(VERSION_KEY) ?? 0) || 0,
    mode: mode === 'demo' || mode === 'production' ? mode : undefined,
  };
}

async function writeMeta(tx: DbOrTx, key: string, value: string, overwrite: boolean): Promise<void> {
  const insert = tx.insert(appMeta).values({ key, value });
  if (overwrite) {
    await insert.onConflictDoUpdate({ target: appMeta.key, set: { value, updateTime: sql`now()` } });
  } else {
    await insert.onConflictDoNothing();
  }
}

function demoAccountsNote(opts: SeedOptions): string[] {
  const names = [ADMIN_USER, ...DEMO_USERS]
    .map((u) => `${u.username}(${u.realname}${u.status === 2 ? '，已冻结' : ''})`)
    .join(' ');
  const admin = opts.adminPassword && opts.adminPassword !== DEMO_PASSWORD ? '；admin 的密码取自 ADMIN_PASSWORD' : '';
  return [`演示账号: ${names}，初始密码 ${DEMO_PASSWORD}${admin}`];
}

/**
 * Seed version 2 made the permission manager a role (权限管理员) instead of an account name: the demo
 * `manager` account a version-1 seed created (its stable id, not any account of that name) gets it.
 */
async function giveSeededManagerItsRole(tx: DbOrTx): Promise<void> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, 'perm_manager')).limit(1);
  const userId = seedId('user:manager');
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.username, 'manager')))
    .limit(1);
  if (role && user) await tx.insert(userRoles).values({ userId: user.id, roleId: role.id }).onConflictDoNothing();
}

/**
 * Seed version 3 dropped buttons of actions their pages do not have (RETIRED_BUTTONS, e.g. 部门管理's
 * 导出 / 导入): an older database loses those button rows, and with them (cascade) their role grants.
 */
async function removeRetiredButtons(tx: DbOrTx): Promise<void> {
  await tx
    .delete(permissions)
    .where(and(eq(permissions.menuType, 2), inArray(permissions.perms, [...RETIRED_BUTTONS])));
}

/**
 * Writes the system data (menus, roles, departments, dictionaries, admin account) and, in a demo
 * install, the demo accounts and business records — once, in one transaction, recording
 * `seed_version` in app_meta. Returns lines for the start-up banner.
 */
export async function seedDatabase(db: Db, opts: SeedOptions): Promise<{ notes: string[] }> {
  const recorded = await readMeta(db);
  const production = opts.production || recorded.mode === 'production';
  if (recorded.version >= SEED_VERSION) return { notes: production ? [] : demoAccountsNote(opts) };

  if (opts.adminPassword !== undefined && !isPolicyPassword(opts.adminPassword)) {
    throw new Error('ADMIN_PASSWORD 不符合密码规则: 至少 8 位，且包含大写字母、小写字母和数字');
  }
  const generated = opts.adminPassword === undefined && production ? generatePolicyPassword() : undefined;
  const adminPassword = opts.adminPassword ?? generated ?? DEMO_PASSWORD;
  // Hash each distinct password once (argon2id costs ~50 ms).
  const adminHash = hashPassword(adminPassword);
  const demoHash = production ? undefined : adminPassword === DEMO_PASSWORD ? adminHash : hashPassword(DEMO_PASSWORD);
  const [admin, demo] = await Promise.all([adminHash, demoHash]);
  const hashes = { admin, demo };

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const before = (await readMeta(tx)).version;
    if (before >= SEED_VERSION) return undefined; // another instance got there first
    await seedSystemData(tx);
    if (!production && before === 1) await giveSeededManagerItsRole(tx);
    if (before >= 1 && before < 3) await removeRetiredButtons(tx);
    const accounts: NewUser[] = [
      { seed: ADMIN_USER, passwordHash: hashes.admin, mustChangePassword: production, withContact: !production },
    ];
    if (!production && hashes.demo) {
      accounts.push(
        ...DEMO_USERS.map((seed) => ({
          seed,
          passwordHash: hashes.demo!,
          mustChangePassword: false,
          withContact: true,
        })),
      );
    }
    const users = await seedUsers(tx, accounts);
    if (!production) await seedDemoBusiness(tx);
    await writeMeta(tx, VERSION_KEY, String(SEED_VERSION), true);
    await writeMeta(tx, MODE_KEY, production ? 'production' : 'demo', false);
    return users;
  });
  if (!created) return { notes: production ? [] : demoAccountsNote(opts) };

  const notes = [`已写入初始数据 (种子版本 ${SEED_VERSION}，${production ? '生产模式' : '演示模式'})`];
  if (!production) return { notes: [...notes, ...demoAccountsNote(opts)] };
  if (created.includes(ADMIN_USER.username)) {
    notes.push(
      generated
        ? `管理员账号 admin 的初始密码: ${generated}  (只显示这一次，首次登录后须修改)`
        : '管理员账号 admin 的初始密码取自 ADMIN_PASSWORD，首次登录后须修改',
    );
  }
  return { notes };
}
