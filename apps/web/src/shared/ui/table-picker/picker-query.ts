/** SPEC section 9: filter popups show 10 rows per page. */
export const PICKER_PAGE_SIZE = 10;

export type PickerPage<T> = { records: T[]; total: number };

/** What a picker's fetch may resolve with: the page itself, or an envelope around it. */
export type PickerAnswer<T> =
  PickerPage<T> | { success: boolean; code?: number; message?: string; result?: PickerPage<T> | null };

export type PickerParams = { pageNo: number; pageSize: number } & Record<string, string | number>;

/** A search failure whose message the picker shows as a warning. */
export class PickerWarning extends Error {}

/** SPEC section 5: a column search wraps the trimmed term with `*` on both sides; blank → no filter. */
export function wrapSearchTerm(term: string | undefined | null): string | undefined {
  const t = (term ?? '').trim();
  return t ? `*${t}*` : undefined;
}

/** The fetch params of a page: pageNo, pageSize and each column filter as `*term*`. */
export function pickerParams(pageNo: number, filters: Record<string, string>): PickerParams {
  const params: PickerParams = { pageNo, pageSize: PICKER_PAGE_SIZE };
  for (const [field, term] of Object.entries(filters)) {
    const wrapped = wrapSearchTerm(term);
    if (wrapped) params[field] = wrapped;
  }
  return params;
}

function isPage<T>(x: unknown): x is PickerPage<T> {
  return typeof x === 'object' && x !== null && Array.isArray((x as PickerPage<T>).records);
}

/**
 * The page in an answer. An envelope with success false or code 510 (SPEC section 8) becomes a
 * PickerWarning carrying the server's message.
 */
export function readPickerAnswer<T>(answer: PickerAnswer<T>): PickerPage<T> {
  if ('success' in answer && (answer.success === false || answer.code === 510)) {
    throw new PickerWarning(answer.message || '查询失败');
  }
  const page = 'success' in answer ? answer.result : answer;
  if (!isPage<T>(page)) return { records: [], total: 0 };
  return { records: page.records, total: Number(page.total) || page.records.length };
}
