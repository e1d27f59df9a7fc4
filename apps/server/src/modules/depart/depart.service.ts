import { and, count, countDistinct, eq, inArray, like, ne, notInArray, or, sql } from 'drizzle-orm';
import { DEPART_MSG, type DepartEdit, type DepartForm } from '@lims/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { departs, userDeparts, users } from '../../db/schema';
import { insertRecord, isUniqueViolation, updateRecord } from '../../platform/crud';
import { escapeLike } from '../../platform/list-query/values';
import { deleteUnlessReferenced } from '../../platform/record-checks';
import { AppError, badRequest, conflict, notFound } from '../../platform/reply';
import { nextOrgCode, SEGMENT_LENGTH } from './org-code';

/** Advisory-lock namespace: adds under one parent (and deletes of that parent) take turns. */
const LOCK_NAMESPACE = 7_240_017;
const MAX_ATTEMPTS = 8;
const ORG_CODE_MAX = 64;

async function lockParent(tx: DbOrTx, parentId: string | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${parentId ?? ''}))`);
}

function checkCategory(topLevel: boolean, category: string | undefined): void {
  if (category === undefined) return;
  if (topLevel && category !== '1') throw badRequest(DEPART_MSG.topMustBeCompany);
  if (!topLevel && category === '1') throw badRequest(DEPART_MSG.childNotCompany);
}

/**
 * Adds a department with the next org code under its parent. The code is computed and inserted in
 * one transaction holding the parent's lock, so concurrent adds take turns; a unique violation
 * (a code taken by a row outside the lock) retries with a fresh code.
 */
export async function addDepart(db: Db, form: DepartForm, username: string): Promise<{ id: string; orgCode: string }> {
  const topLevel = form.parentId === null;
  checkCategory(topLevel, form.orgCategory);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await lockParent(tx, form.parentId);
        let parentCode = '';
        if (form.parentId) {
          const [parent] = await tx
            .select({ orgCode: departs.orgCode })
            .from(departs)
            .where(eq(departs.id, form.parentId))
            .limit(1);
          if (!parent) throw badRequest(DEPART_MSG.parentNotFound);
          parentCode = parent.orgCode;
        }
        if (parentCode.length + SEGMENT_LENGTH > ORG_CODE_MAX) throw badRequest(DEPART_MSG.tooDeep);
        const pattern = `${escapeLike(parentCode)}${'_'.repeat(SEGMENT_LENGTH)}`;
        const taken = await tx.select({ code: departs.orgCode }).from(departs).where(like(departs.orgCode, pattern));
        const orgCode = nextOrgCode(
          parentCode,
          taken.map((r) => r.code),
        );
        if (!orgCode) throw badRequest(DEPART_MSG.codesExhausted);
        const id = await insertRecord(
          tx,
          departs,
          {
            ...form,
            orgCategory: form.orgCategory ?? (topLevel ? '1' : '2'),
            orgType: topLevel ? '1' : '2',
            orgCode,
          },
          username,
        );
        return { id, orgCode };
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (attempt >= MAX_ATTEMPTS) throw conflict(DEPART_MSG.codesExhausted);
    }
  }
}

/** Edits a department; its parent and org code stay (sent unchanged or omitted is fine, a change is a 400). */
export async function editDepart(db: Db, body: DepartEdit, username: string): Promise<void> {
  const { id, parentId, orgCode, ...values } = body;
  const [current] = await db
    .select({ parentId: departs.parentId, orgCode: departs.orgCode })
    .from(departs)
    .where(eq(departs.id, id))
    .limit(1);
  if (!current) throw notFound(DEPART_MSG.notFound);
  if (parentId !== null && parentId !== current.parentId) throw badRequest(DEPART_MSG.parentLocked);
  if (orgCode !== null && orgCode !== current.orgCode) throw badRequest(DEPART_MSG.orgCodeLocked);
  checkCategory(current.parentId === null, values.orgCategory);
  const { orgCategory, ...rest } = values;
  await updateRecord(db, departs, id, orgCategory ? { ...rest, orgCategory } : rest, username, DEPART_MSG.notFound);
}

/**
 * Refuses (400, naming the department and what it still holds) while one of `ids` has a
 * sub-department outside `ids` or users (members or users whose current login department it is).
 */
async function refuseDepartsInUse(db: DbOrTx, ids: string[]): Promise<void> {
  const rows = await db
    .select({ id: departs.id, name: departs.departName, orgCode: departs.orgCode })
    .from(departs)
    .where(inArray(departs.id, ids));
  for (const r of rows) {
    const [kids] = await db
      .select({ n: count() })
      .from(departs)
      .where(and(eq(departs.parentId, r.id), ne(departs.id, r.id), notInArray(departs.id, ids)));
    const [people] = await db
      .select({ n: countDistinct(users.id) })
      .from(users)
      .leftJoin(userDeparts, and(eq(userDeparts.userId, users.id), eq(userDeparts.depId, r.id)))
      .where(or(eq(userDeparts.depId, r.id), eq(users.orgCode, r.orgCode)));
    const children = kids?.n ?? 0;
    const members = people?.n ?? 0;
    if (children || members) throw new AppError(400, DEPART_MSG.inUse(r.name, children, members));
  }
}

/**
 * Deletes departments in one transaction, refused while one is in use (`refuseDepartsInUse`); a member
 * added meanwhile fails the delete on its key and gets the same answer. Returns how many went.
 */
export async function deleteDeparts(db: Db, ids: string[]): Promise<number> {
  return deleteUnlessReferenced(db, refuseDepartsInUse, (check) =>
    db.transaction(async (tx) => {
      for (const id of [...ids].sort()) await lockParent(tx, id);
      await check(tx, ids);
      const deleted = await tx.delete(departs).where(inArray(departs.id, ids)).returning({ id: departs.id });
      return deleted.length;
    }),
  );
}
