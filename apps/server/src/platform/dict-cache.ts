import { asc, eq } from 'drizzle-orm';
import type { DictOption } from '@lims/contracts';
import type { Db } from '../db/client';
import { dictItems, dicts } from '../db/schema';

/**
 * Every dictionary's items, read once and kept until a dictionary changes (`invalidate()`).
 * Options keep disabled items (flagged) so old records still show their text.
 */
export function createDictCache(db: Db, opts: { broadcast?: () => void } = {}) {
  let all: Promise<Map<string, DictOption[]>> | undefined;

  async function load(): Promise<Map<string, DictOption[]>> {
    const rows = await db
      .select({ code: dicts.dictCode, value: dictItems.itemValue, text: dictItems.itemText, status: dictItems.status })
      .from(dicts)
      .leftJoin(dictItems, eq(dicts.id, dictItems.dictId))
      .orderBy(asc(dicts.dictCode), asc(dictItems.sortOrder), asc(dictItems.itemValue));
    const map = new Map<string, DictOption[]>();
    for (const r of rows) {
      let options = map.get(r.code);
      if (!options) map.set(r.code, (options = []));
      // A dictionary without items still exists: its row comes back once, with no item.
      if (r.value === null || r.text === null) continue;
      options.push({ value: r.value, text: r.text, title: r.text, ...(r.status === 1 ? {} : { disabled: true }) });
    }
    return map;
  }

  function allDicts(): Promise<Map<string, DictOption[]>> {
    if (!all) {
      all = load();
      all.catch(() => (all = undefined));
    }
    return all;
  }

  return {
    /** The options of a dictionary code, or undefined when there is no such dictionary. */
    options: async (code: string): Promise<DictOption[] | undefined> => (await allDicts()).get(code),
    /** value → text of a dictionary (for `<field>_dictText` and exports). */
    textMap: async (code: string): Promise<ReadonlyMap<string, string>> =>
      new Map(((await allDicts()).get(code) ?? []).map((o) => [o.value, o.text])),
    /** Drops the cache here and tells the other instances to do the same. */
    invalidate: (): void => {
      all = undefined;
      opts.broadcast?.();
    },

    invalidateLocal: (): void => {
      all = undefined;
    },
  };
}

export type DictCache = ReturnType<typeof createDictCache>;
