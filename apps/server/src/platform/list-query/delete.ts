import { and, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../reply';
import type { ListEntity } from './entity-spec';
import { LIST_MSG } from './messages';
import { isRecordId, MAX_IDS, parseIdList } from './parse-params';

export type DeleteOptions = {
  /** A fixed condition (e.g. a data scope): rows outside it are not deleted (they count as unknown ids). */
  where?: SQL;
  /** Runs first, in the same transaction (children, files, audit), with the ids to delete (within `where`). */
  before?: (tx: DbOrTx, ids: string[]) => Promise<void>;
};

const asText = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

async function deleteIds(db: DbOrTx, entity: ListEntity, ids: string[], opts: DeleteOptions): Promise<number> {
  return db.transaction(async (tx) => {
    const targets =
      opts.where === undefined
        ? ids
        : (
            await tx
              .select({ id: entity.idColumn })
              .from(entity.table)
              .where(and(inArray(entity.idColumn, ids), opts.where))
          ).map((r) => String(r.id));
    if (targets.length === 0) return 0;
    await opts.before?.(tx, targets);
    const deleted = await tx
      .delete(entity.table)
      .where(and(inArray(entity.idColumn, targets), opts.where))
      .returning({ id: entity.idColumn });
    return deleted.length;
  });
}

/** Deletes the record `id` (query param); returns how many rows went (0 or 1). */
export async function deleteById(
  db: DbOrTx,
  entity: ListEntity,
  id: unknown,
  opts: DeleteOptions = {},
): Promise<number> {
  const text = asText(id)?.trim();
  if (!text) throw badRequest(LIST_MSG.idRequired('id'));
  if (!isRecordId(text)) throw badRequest(LIST_MSG.badSingleId);
  return deleteIds(db, entity, [text], opts);
}

/** Deletes the records in `ids` (comma-joined, trailing comma tolerated, at most 1000) in one transaction. */
export async function deleteByIds(
  db: DbOrTx,
  entity: ListEntity,
  ids: unknown,
  opts: DeleteOptions = {},
): Promise<number> {
  const list = parseIdList(asText(ids), 'ids', MAX_IDS);
  if (list.length === 0) throw badRequest(LIST_MSG.idRequired('ids'));
  return deleteIds(db, entity, list, opts);
}
