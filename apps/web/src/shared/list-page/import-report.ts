/** One refused row of an import, as the server reports it. */
export type ImportRowError = { row: number | string; field: string; message: string };
export type ImportReport = { fileName: string; message: string; errors: ImportRowError[] };

/** `result.errors` of a refused import, when the server sent a usable list. */
export function importErrorsOf(result: unknown): ImportRowError[] | null {
  const errors = (result as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  return errors.map((e: Partial<Record<keyof ImportRowError, unknown>>) => ({
    row: typeof e?.row === 'number' || typeof e?.row === 'string' ? e.row : '',
    field: typeof e?.field === 'string' ? e.field : '',
    message: typeof e?.message === 'string' ? e.message : typeof e?.message === 'number' ? String(e.message) : '',
  }));
}
