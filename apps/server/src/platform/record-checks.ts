import type { DictCache } from './dict-cache';
import { badRequest } from './reply';

/**
 * Checks the business records (suppliers, customer units, projects) share: dictionary membership,
 * foreign-key violations. (The credit code's check character is part of the contract's schema.)
 */

/** One dictionary value to check: [dictionary code, value (null: nothing to check), message when unknown]. */
export type DictCheck = readonly [code: string, value: string | null | undefined, message: string];

/** 400 with the check's message when a value is not an item of its dictionary. */
export async function assertDictValues(dictCache: DictCache, checks: readonly DictCheck[]): Promise<void> {
  for (const [code, value, message] of checks) {
    if (value === null || value === undefined) continue;
    if (!(await dictCache.textMap(code)).has(value)) throw badRequest(message);
  }
}

/** A PostgreSQL foreign-key violation (a referenced row went away, or is still referenced), whichever driver. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
}
