import { and, count, eq, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isRecordId } from '../list-query/parse-params';
import { shown } from '../list-query/messages';
import { badRequest } from '../reply';
import { checkTargetOf, childCheckTargetOf, type CheckTarget } from './allow-list';

export const DUPLICATE_MSG = {
  available: '该值可用！',
  /** A taken value's message when its target names none (each target names its field: 供应商编码已存在！…). */
  taken: '该值不可用，系统中已存在！',
  notAllowed: (table: string, field: string) => `不支持校验该表或字段: ${shown(table)}.${shown(field)}`,
  badDataId: '参数 dataId 不正确',
  parentRequired: '参数 parentId 不能为空',
  badParentId: '参数 parentId 不正确',
} as const;

export type DuplicateQuery = { tableName: string; fieldName: string; fieldVal?: string; dataId?: string };

function checkedId(raw: string | undefined, message: string): string | undefined {
  const id = raw?.trim();
  if (!id) return undefined;
  if (!isRecordId(id)) throw badRequest(message);
  return id;
}

async function isTaken(
  db: DbOrTx,
  target: CheckTarget,
  value: string,
  dataId: string | undefined,
  extra?: SQL,
): Promise<boolean> {
  const where = and(eq(target.column, value), dataId ? ne(target.idColumn, dataId) : undefined, extra);
  const [row] = await db.select({ n: count() }).from(target.table).where(where);
  return (row?.n ?? 0) > 0;
}

/** The value to check; none for an empty one (an optional field left blank is never taken, as in the original). */
function valueOf(q: DuplicateQuery): string | undefined {
  return q.fieldVal?.trim() || undefined;
}

/**
 * Whether `fieldVal` is already used in an allow-listed (table, field), other than by `dataId`: the message
 * naming the field when it is (e.g. 供应商编码已存在！), otherwise null.
 * An unknown pair is a 400 naming it; names never reach SQL.
 */
export async function isDuplicate(db: DbOrTx, q: DuplicateQuery): Promise<string | null> {
  const target = checkTargetOf(q.tableName, q.fieldName);
  if (!target) throw badRequest(DUPLICATE_MSG.notAllowed(q.tableName, q.fieldName));
  const value = valueOf(q);
  const dataId = checkedId(q.dataId, DUPLICATE_MSG.badDataId);
  return value !== undefined && (await isTaken(db, target, value, dataId)) ? target.taken : null;
}

/** The same within the children of one parent (e.g. a dictionary item's value within its dictionary). */
export async function isChildDuplicate(db: DbOrTx, q: DuplicateQuery & { parentId?: string }): Promise<string | null> {
  const target = childCheckTargetOf(q.tableName, q.fieldName);
  if (!target) throw badRequest(DUPLICATE_MSG.notAllowed(q.tableName, q.fieldName));
  const value = valueOf(q);
  const parentId = checkedId(q.parentId, DUPLICATE_MSG.badParentId);
  const dataId = checkedId(q.dataId, DUPLICATE_MSG.badDataId);
  if (value === undefined) return null;
  if (!parentId) throw badRequest(DUPLICATE_MSG.parentRequired);
  return (await isTaken(db, target, value, dataId, eq(target.parentColumn, parentId))) ? target.taken : null;
}
