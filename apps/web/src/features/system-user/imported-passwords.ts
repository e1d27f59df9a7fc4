import type { UserImportResult } from '@lims/contracts';

export type ImportedPassword = UserImportResult['passwords'][number];

/** The import answer's generated passwords, or null when it has none. */
export function importedPasswords(result: unknown): ImportedPassword[] | null {
  const rows = (result as Partial<UserImportResult> | null)?.passwords;
  return Array.isArray(rows) && rows.length > 0 ? rows : null;
}
