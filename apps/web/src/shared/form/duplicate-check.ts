import type { FormRule as Rule } from 'antd';
import { http, type QueryParams } from '../http/api-client';
import { isApiError } from '../http/api-error';

/** What to check: an allow-listed table/field; `dataId` excludes the record being edited. */
export type DuplicateTarget = {
  tableName: string;
  fieldName: string;
  dataId?: string;
  /** Checks among the rows of one parent (GET /sys/duplicate/checkChild). */
  parentId?: string;
};

export const DUPLICATE_TAKEN = '该值不可用，系统中已存在！';

/**
 * A uniqueness check (GET `path` with `params`): null when the value is free, the server's message
 * when it is taken (409). Any other failure is not the user's problem here: the save checks again.
 */
export async function checkTaken(path: string, params: QueryParams): Promise<string | null> {
  try {
    await http.get<unknown>(path, params, { silent: true });
    return null;
  } catch (err) {
    if (isApiError(err) && err.status === 409) return err.message || DUPLICATE_TAKEN;
    return null;
  }
}

/** GET /sys/duplicate/check (or checkChild) for `value`. */
export function checkDuplicate(target: DuplicateTarget, value: string): Promise<string | null> {
  const path = target.parentId === undefined ? '/sys/duplicate/check' : '/sys/duplicate/checkChild';
  return checkTaken(path, { ...target, fieldVal: value });
}

/**
 * A Form rule checking the trimmed, non-empty value on blur with `check` (null: free; otherwise the
 * message shown under the field). SPEC: unique values are checked as the user leaves the field.
 */
export function blurCheckRule(check: (value: string) => Promise<string | null>): Rule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      const v = typeof value === 'string' ? value.trim() : '';
      if (!v) return;
      const taken = await check(v);
      if (taken) throw new Error(taken);
    },
  };
}

/** The duplicate check of an allow-listed table/field as a Form rule (on blur). */
export function duplicateRule(target: DuplicateTarget): Rule {
  return blurCheckRule((v) => checkDuplicate(target, v));
}
