import { inArray, or } from 'drizzle-orm';
import { USER_MSG, type UserImportRow } from '@lims/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import { departs, roles, userDeparts, userRoles, users } from '../../db/schema';
import { duplicateRowErrors, type ImportRowError, type InsertRows } from '../../platform/excel';
import { assertRoleChange } from '../../platform/grant-rule';
import { generatePolicyPassword, hashPassword } from '../../platform/passwords';
import type { SessionUser } from '../../platform/sessions';

export type GeneratedPassword = { username: string; realname: string; password: string };

const UNIQUE = [
  { key: 'username', title: '账号', message: USER_MSG.usernameTaken },
  { key: 'workNo', title: '工号', message: USER_MSG.workNoTaken },
  { key: 'email', title: '邮箱', message: USER_MSG.emailTaken },
  { key: 'phone', title: '手机号码', message: USER_MSG.phoneTaken },
] as const;
type UniqueKey = (typeof UNIQUE)[number]['key'];

const splitCodes = (s: string | null | undefined) => [
  ...new Set(
    (s ?? '')
      .split(/[,，]/)
      .map((x) => x.trim())
      .filter(Boolean),
  ),
];

/** Values of the four unique fields already taken in the database, among those of the rows. */
async function takenValues(tx: DbOrTx, rows: UserImportRow[]): Promise<Record<UniqueKey, Set<string>>> {
  const lists = Object.fromEntries(
    UNIQUE.map((u) => [u.key, rows.flatMap((r) => (r[u.key] ? [r[u.key]!] : []))]),
  ) as Record<UniqueKey, string[]>;
  const conds = [
    lists.username.length ? inArray(users.username, lists.username) : undefined,
    lists.workNo.length ? inArray(users.workNo, lists.workNo) : undefined,
    lists.email.length ? inArray(users.email, lists.email) : undefined,
    lists.phone.length ? inArray(users.phone, lists.phone) : undefined,
  ].filter((c) => c !== undefined);
  const found =
    conds.length === 0
      ? []
      : await tx
          .select({ username: users.username, workNo: users.workNo, email: users.email, phone: users.phone })
          .from(users)
          .where(or(...conds));
  const out = Object.fromEntries(UNIQUE.map((u) => [u.key, new Set<string>()])) as Record<UniqueKey, Set<string>>;
  for (const f of found) for (const u of UNIQUE) if (f[u.key]) out[u.key].add(f[u.key]!);
  return out;
}

/** Every row problem: unknown role or department codes, values taken in the database or repeated in the file. */
async function rowErrors(
  tx: Tx,
  rows: UserImportRow[],
  rowNumbers: number[],
  roleIds: Map<string, string>,
  departIds: Map<string, string>,
) {
  const errors: ImportRowError[] = [];
  rows.forEach((r, i) => {
    const row = rowNumbers[i];
    const unknownRoles = splitCodes(r.roleCodes).filter((c) => !roleIds.has(c));
    if (unknownRoles.length)
      errors.push({ row, field: '角色编码', message: `角色编码不存在：${unknownRoles.join('、')}` });
    const unknownDeparts = splitCodes(r.orgCodes).filter((c) => !departIds.has(c));
    if (unknownDeparts.length)
      errors.push({ row, field: '部门编码', message: `部门编码不存在：${unknownDeparts.join('、')}` });
  });
  const taken = await takenValues(tx, rows);
  const duplicates = duplicateRowErrors(
    rows,
    rowNumbers,
    UNIQUE.map((u) => ({ ...u, value: (r: UserImportRow) => r[u.key], taken: taken[u.key] })),
  );
  // A stable sort keeps each row's own order: codes first, then the unique fields.
  return [...errors, ...duplicates].sort((a, b) => a.row - b.row);
}

/** argon2id hashes, a few at a time (each costs tens of milliseconds on the thread pool). */
async function hashAll(passwords: string[], concurrency = 8): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < passwords.length; i += concurrency)
    out.push(...(await Promise.all(passwords.slice(i, i + concurrency).map(hashPassword))));
  return out;
}

/**
 * The insert step of a user import. Each user gets a generated policy password (stored only as
 * its hash, must be changed at first sign-in); `generated` collects the plain ones for the answer.
 * Roles named in the file follow the grant rule (分配角色, and only roles within the importer's permissions).
 */
export function userImporter(app: FastifyInstance, generated: GeneratedPassword[]): InsertRows<UserImportRow> {
  return async (tx: Tx, rows: UserImportRow[], actor: SessionUser, rowNumbers: number[]) => {
    const roleIds = new Map(
      (await tx.select({ id: roles.id, code: roles.roleCode }).from(roles)).map((r) => [r.code, r.id]),
    );
    const departIds = new Map(
      (await tx.select({ id: departs.id, code: departs.orgCode }).from(departs)).map((d) => [d.code, d.id]),
    );
    const errors = await rowErrors(tx, rows, rowNumbers, roleIds, departIds);
    if (errors.length > 0) return errors;
    await assertRoleChange(
      app,
      actor,
      [],
      [...new Set(rows.flatMap((r) => splitCodes(r.roleCodes).map((c) => roleIds.get(c)!)))],
      tx,
    );
    const passwords = rows.map(() => generatePolicyPassword());
    const hashes = await hashAll(passwords);
    for (let i = 0; i < rows.length; i += 200) {
      const chunk = rows.slice(i, i + 200);
      const inserted = await tx
        .insert(users)
        .values(
          chunk.map(({ roleCodes, orgCodes, ...profile }, j) => ({
            ...profile,
            passwordHash: hashes[i + j],
            mustChangePassword: true,
            status: 1,
            orgCode: splitCodes(orgCodes)[0] ?? null,
            createBy: actor.username,
          })),
        )
        .returning({ id: users.id, username: users.username });
      const idOf = new Map(inserted.map((u) => [u.username, u.id]));
      const roleLinks = chunk.flatMap((r) =>
        splitCodes(r.roleCodes).map((c) => ({ userId: idOf.get(r.username)!, roleId: roleIds.get(c)! })),
      );
      const departLinks = chunk.flatMap((r) =>
        splitCodes(r.orgCodes).map((c) => ({ userId: idOf.get(r.username)!, depId: departIds.get(c)! })),
      );
      if (roleLinks.length) await tx.insert(userRoles).values(roleLinks);
      if (departLinks.length) await tx.insert(userDeparts).values(departLinks);
    }
    generated.push(...rows.map((r, i) => ({ username: r.username, realname: r.realname, password: passwords[i] })));
  };
}
