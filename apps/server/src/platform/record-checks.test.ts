import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client';
import { deleteUnlessReferenced, isForeignKeyViolation } from './record-checks';
import { badRequest } from './reply';

const db = {} as DbOrTx;
const tx = { tx: true } as unknown as DbOrTx;
const fkViolation = () =>
  Object.assign(new Error('update or delete violates foreign key constraint'), { code: '23503' });

/** `refuse` that answers 400 for the ids it is told are referenced, and logs each call. */
function refuser(referenced: string[]) {
  const calls: { inTx: boolean; ids: string[] }[] = [];
  const refuse = async (on: DbOrTx, ids: string[]) => {
    calls.push({ inTx: on === tx, ids });
    await Promise.resolve();
    const hit = ids.filter((id) => referenced.includes(id));
    if (hit.length) throw badRequest(`以下记录仍被引用：${hit.join('、')}！`);
  };
  return { calls, refuse };
}

describe('deleteUnlessReferenced', () => {
  it('checks in the delete transaction before the rows go, and deletes when nothing refers to them', async () => {
    const { calls, refuse } = refuser([]);
    const n = await deleteUnlessReferenced(db, refuse, async (check) => {
      await check(tx, ['a', 'b']);
      return 2;
    });
    expect(n).toBe(2);
    expect(calls).toEqual([{ inTx: true, ids: ['a', 'b'] }]);
  });

  it('answers the 400 of the check, and deletes nothing', async () => {
    const { refuse } = refuser(['b']);
    let deleted = false;
    const run = deleteUnlessReferenced(db, refuse, async (check) => {
      await check(tx, ['a', 'b']);
      deleted = true;
      return 2;
    });
    await expect(run).rejects.toMatchObject({ status: 400, message: '以下记录仍被引用：b！' });
    expect(deleted).toBe(false);
  });

  it('a reference added after the check (the key refuses the delete) gets the same 400', async () => {
    const referenced: string[] = [];
    const { calls, refuse } = refuser(referenced);
    const run = deleteUnlessReferenced(db, refuse, async (check) => {
      await check(tx, ['a']);
      referenced.push('a'); // another process registers a row under "a" meanwhile
      throw fkViolation();
    });
    await expect(run).rejects.toMatchObject({ status: 400, message: '以下记录仍被引用：a！' });
    expect(calls).toEqual([
      { inTx: true, ids: ['a'] },
      { inTx: false, ids: ['a'] },
    ]);
  });

  it('other failures, and a key violation the check cannot explain, pass through as they are', async () => {
    const { calls, refuse } = refuser([]);
    await expect(
      deleteUnlessReferenced(db, refuse, async (check) => {
        await check(tx, ['a']);
        throw new Error('connection lost');
      }),
    ).rejects.toThrow('connection lost');
    expect(calls).toHaveLength(1);
    const fk = deleteUnlessReferenced(db, refuse, async (check) => {
      await check(tx, ['a']);
      throw fkViolation();
    });
    await expect(fk).rejects.toSatisfy(isForeignKeyViolation);
  });
});
