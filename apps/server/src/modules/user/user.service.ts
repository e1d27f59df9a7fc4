import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PERM, USER_MSG, type UserAddForm, type UserEditForm } from '@lims/contracts';
import { analysisVerifications, users } from '../../db/schema';
import { ADMIN_USER } from '../../db/seed-data/users';
import { insertRecord, isUniqueViolation, updateRecord } from '../../platform/crud';
import { assertRoleChange, assertUsersWithin } from '../../platform/grant-rule';
import { deleteByIds, parseIdList } from '../../platform/list-query';
import { forgetAccountFailures } from '../../platform/auth-attempts';
import { hashPassword } from '../../platform/passwords';
import { badRequest, conflict, notFound } from '../../platform/reply';
import { isForeignKeyViolation, referencedRecords } from '../../platform/record-checks';
import type { SessionUser } from '../../platform/sessions';
import { userList } from './user.entities';
import { findDeparts, findRoles, replaceLinks, roleIdsOf, takenMessage, uniqueViolationMessage } from './user.repo';

/** The account that can be neither deleted nor frozen. */
export const ADMIN_USERNAME = ADMIN_USER.username;

async function checkedLinks(app: FastifyInstance, roleIds?: string[], departIds?: string[]) {
  const roles = roleIds && (await findRoles(app.db, roleIds));
  if (roleIds && !roles) throw badRequest(USER_MSG.roleNotFound);
  const departs = departIds && (await findDeparts(app.db, departIds));
  if (departIds && !departs) throw badRequest(USER_MSG.departNotFound);
  return { roles, departs };
}

/** Runs a user write; a unique index hit by a concurrent write answers 409 with the field's message. */
async function uniqueWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(uniqueViolationMessage(err));
    throw err;
  }
}

/** The phone field is disabled (`user:form:phone`, 禁用) for an administrator without that code: a sent value is ignored. */
async function mayEditPhone(app: FastifyInstance, actor: SessionUser): Promise<boolean> {
  return app.permissionCache.allows(actor, PERM.user.phoneField);
}

/**
 * Adds a user with roles and departments in one transaction. The administrator chose the
 * password, so the user must change it at first sign-in.
 */
export async function addUser(app: FastifyInstance, form: UserAddForm, actor: SessionUser): Promise<string> {
  const { password, confirmpassword: _confirm, selectedroles = [], selecteddeparts = [], ...profile } = form;
  if (!(await mayEditPhone(app, actor))) profile.phone = undefined;
  const { departs } = await checkedLinks(app, selectedroles, selecteddeparts);
  await assertRoleChange(app, actor, [], selectedroles);
  const taken = await takenMessage(app.db, profile);
  if (taken) throw conflict(taken);
  const passwordHash = await hashPassword(password);
  const id = await uniqueWrite(() =>
    app.db.transaction(async (tx) => {
      const values = {
        ...profile,
        passwordHash,
        mustChangePassword: true,
        status: 1,
        orgCode: departs?.[0]?.orgCode ?? null,
      };
      const newId = await insertRecord(tx, users, values, actor.username);
      await replaceLinks(tx, newId, selectedroles, selecteddeparts);
      return newId;
    }),
  );
  app.permissionCache.invalidate([id]);
  return id;
}

/**
 * Edits a user's profile, roles and departments in one transaction; never the username, password or
 * status. A user outside `scope` (the actor's data rules) is not found.
 */
export async function editUser(
  app: FastifyInstance,
  form: UserEditForm,
  actor: SessionUser,
  scope?: SQL,
): Promise<void> {
  const { id, selectedroles, selecteddeparts, ...profile } = form;
  if (!(await mayEditPhone(app, actor))) profile.phone = undefined;
  const [current] = await app.db
    .select({ orgCode: users.orgCode })
    .from(users)
    .where(and(eq(users.id, id), scope))
    .limit(1);
  if (!current) throw notFound(USER_MSG.userNotFound);
  await assertUsersWithin(app, actor, [id]);
  const { departs } = await checkedLinks(app, selectedroles, selecteddeparts);
  if (selectedroles) await assertRoleChange(app, actor, await roleIdsOf(app.db, id), selectedroles);
  const taken = await takenMessage(app.db, profile, id);
  if (taken) throw conflict(taken);
  const orgCode =
    departs === undefined
      ? undefined
      : departs.some((d) => d.orgCode === current.orgCode)
        ? current.orgCode
        : (departs[0]?.orgCode ?? null);
  await uniqueWrite(() =>
    app.db.transaction(async (tx) => {
      await updateRecord(tx, users, id, { ...profile, orgCode }, actor.username, USER_MSG.userNotFound, scope);
      await replaceLinks(tx, id, selectedroles, selecteddeparts);
    }),
  );
  if (selectedroles) app.permissionCache.invalidate([id]);
}

/** The users of `ids` that exist within `scope` (outside it they count as unknown). */
async function usernamesOf(app: FastifyInstance, ids: string[], scope: SQL | undefined) {
  return app.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(inArray(users.id, ids), scope));
}

/** 400 naming the users who verified a result: the record keeps its verifiers (the key would refuse). */
async function refuseVerifiers(app: FastifyInstance, found: { id: string; username: string }[]): Promise<void> {
  const verifiers = await referencedRecords(
    app.db,
    { childKey: analysisVerifications.verifierId, parentId: users.id, parentName: users.username },
    found.map((u) => u.id),
  );
  if (verifiers.length > 0) throw badRequest(USER_MSG.verifierKept(verifiers.map((u) => u.name).join('、')));
}

/**
 * Deletes users (comma-joined ids); the admin account and the caller's own account are refused, and
 * so are users who verified a result. Users outside `scope` are not found (never deleted).
 */
export async function deleteUsers(
  app: FastifyInstance,
  rawIds: string | undefined,
  actor: SessionUser,
  scope?: SQL,
): Promise<number> {
  const ids = parseIdList(rawIds, 'ids');
  if (ids.length === 0) throw badRequest(USER_MSG.idsRequired);
  const found = await usernamesOf(app, ids, scope);
  if (found.some((u) => u.username === ADMIN_USERNAME)) throw badRequest(USER_MSG.adminProtected);
  if (found.some((u) => u.id === actor.id)) throw badRequest(USER_MSG.selfDelete);
  await assertUsersWithin(
    app,
    actor,
    found.map((u) => u.id),
  );
  await refuseVerifiers(app, found);
  // The sessions table cascades on delete; revoking first makes the intent explicit.
  for (const u of found) await app.sessions.revokeAllOfUser(u.id);
  const n = await deleteByIds(app.db, userList, ids.join(','), { where: scope }).catch(async (err: unknown) => {
    if (isForeignKeyViolation(err)) await refuseVerifiers(app, found);
    throw err;
  });
  app.permissionCache.invalidate(ids);
  return n;
}

/** Freezes (2) or unfreezes (1) users (those within `scope`); freezing ends their live sessions at once. */
export async function setUserStatus(
  app: FastifyInstance,
  rawIds: string,
  status: number,
  actor: SessionUser,
  scope?: SQL,
): Promise<number> {
  const ids = parseIdList(rawIds, 'ids');
  if (ids.length === 0) throw badRequest(USER_MSG.idsRequired);
  const found = await usernamesOf(app, ids, scope);
  if (found.length === 0) throw notFound(USER_MSG.userNotFound);
  if (status === 2 && found.some((u) => u.username === ADMIN_USERNAME)) throw badRequest(USER_MSG.adminFreeze);
  if (status === 2 && found.some((u) => u.id === actor.id)) throw badRequest(USER_MSG.selfFreeze);
  await assertUsersWithin(
    app,
    actor,
    found.map((u) => u.id),
  );
  const updated = await app.db
    .update(users)
    .set({ status, updateBy: actor.username, updateTime: sql`now()` })
    .where(
      and(
        inArray(
          users.id,
          found.map((u) => u.id),
        ),
        scope,
      ),
    )
    .returning({ id: users.id });
  if (status === 2) for (const u of updated) await app.sessions.revokeAllOfUser(u.id);
  return updated.length;
}

/**
 * An administrator sets another user's password: the user must change it at next sign-in, the
 * lock-out counters are cleared and every session of that user ends. A user outside `scope` is not found.
 */
export async function resetPassword(
  app: FastifyInstance,
  username: string,
  password: string,
  actor: SessionUser,
  scope?: SQL,
): Promise<void> {
  const [user] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), scope))
    .limit(1);
  if (!user) throw notFound(USER_MSG.userNotFound);
  await assertUsersWithin(app, actor, [user.id]);
  const passwordHash = await hashPassword(password);
  await app.db
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: true,
      passwordChangedAt: sql`now()`,
      failedLogins: 0,
      lockedUntil: null,
      updateBy: actor.username,
      updateTime: sql`now()`,
    })
    .where(eq(users.id, user.id));
  await app.sessions.revokeAllOfUser(user.id);
  await forgetAccountFailures(app.db, username);
}
