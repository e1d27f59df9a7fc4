import type { DictLoader } from '../list-query';

export type ExcelColumnType = 'string' | 'number' | 'integer' | 'date' | 'datetime' | 'boolean';

/** One column of an entity's export, import and template. */
export type ExcelColumn = {
  /** API field name (as list records carry it and the row schema expects it). */
  field: string;
  /** Chinese header text. */
  title: string;
  type: ExcelColumnType;
  /** Dictionary code: exported as the item's text, imported from text (or value) back to the value. */
  dict?: string;
  /** Column width in characters (default from the title). */
  width?: number;
  /** Import: the column must be present and the cell filled. */
  required?: boolean;
  /** Exported only (e.g. createTime): left out of the template and ignored on import. */
  exportOnly?: boolean;
};

/** The columns an import reads and its template shows. */
export const importColumns = (columns: readonly ExcelColumn[]): ExcelColumn[] => columns.filter((c) => !c.exportOnly);

/** value → text, per dictionary code used by the columns. */
export type DictTexts = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** Loads the dictionaries the columns use, once each. */
export async function loadColumnDicts(
  columns: readonly ExcelColumn[],
  loadDict: DictLoader | undefined,
): Promise<DictTexts> {
  const maps = new Map<string, ReadonlyMap<string, string>>();
  if (!loadDict) return maps;
  for (const code of new Set(columns.flatMap((c) => (c.dict ? [c.dict] : [])))) maps.set(code, await loadDict(code));
  return maps;
}

/** Text that a spreadsheet program could take for a formula (or DDE): = + - @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a single quote to text that would start a formula, so a spreadsheet shows it as text. */
export function neutralize(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Undoes `neutralize` on import (a quote before a formula character is ours). */
export function unneutralize(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A header cell compared loosely: trimmed, inner spaces dropped, a leading `*` (required mark) ignored. */
export function headerKey(text: string): string {
  return text
    .replace(/\s+/g, '')
    .replace(/^\*/, '')
    .replace(/[（(]必填[)）]$/, '');
}

/** Column width in characters: the declared one, or enough for the title (CJK counts double). */
export function columnWidth(column: ExcelColumn): number {
  if (column.width) return column.width;
  const titleWidth = Array.from(column.title).reduce((w, c) => w + (c.charCodeAt(0) > 0xff ? 2 : 1), 0);
  const byType = column.type === 'datetime' ? 20 : column.type === 'date' ? 12 : 10;
  return Math.min(50, Math.max(byType, titleWidth + 4));
}

/** A worksheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetNameOf(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, '_').slice(0, 31) || 'Sheet1';
}

/** Checks a column list once, when a module declares it (bad declarations fail at start-up). */
export function assertColumns(columns: readonly ExcelColumn[]): void {
  const fields = new Set<string>();
  const titles = new Set<string>();
  for (const c of columns) {
    if (!c.field || !c.title) throw new Error('excel: every column needs a field and a title');
    if (fields.has(c.field) || titles.has(headerKey(c.title)))
      throw new Error(`excel: duplicate column ${c.field}/${c.title}`);
    fields.add(c.field);
    titles.add(headerKey(c.title));
  }
}
