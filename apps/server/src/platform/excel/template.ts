import { loadExcelJs } from './load-exceljs';
import { columnWidth, importColumns, sheetNameOf, type DictTexts, type ExcelColumn } from './columns';
import { EXCEL_MSG } from './messages';

const FORMAT_TEXT: Record<ExcelColumn['type'], string> = {
  string: '文本',
  number: '数字',
  integer: '整数',
  date: '日期，如 2026-01-31',
  datetime: '时间，如 2026-01-31 08:30:00',
  boolean: '是 / 否',
};

/** Texts a dictionary column accepts. */
const optionsOf = (column: ExcelColumn, dicts: DictTexts): string[] =>
  column.dict ? [...new Set(dicts.get(column.dict)?.values() ?? [])] : [];

/**
 * The import template: sheet 1 has just the header row (bold, frozen; required columns and
 * dictionary columns carry a note; dictionary columns a drop-down when the list is short), sheet
 * 2 (填写说明) lists each column's format and allowed texts.
 */
export async function buildImportTemplate(
  columns: readonly ExcelColumn[],
  opts: { sheetName: string; dicts: DictTexts },
): Promise<Buffer> {
  columns = importColumns(columns);
  const { Workbook } = await loadExcelJs();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet(sheetNameOf(opts.sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.title, key: c.field, width: columnWidth(c) }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  columns.forEach((column, i) => {
    const options = optionsOf(column, opts.dicts);
    const notes = [column.required ? '必填' : '', options.length ? `可选：${options.join('、')}` : ''].filter(Boolean);
    const cell = header.getCell(i + 1);
    if (notes.length) cell.note = notes.join('\n');
    if (column.required) cell.font = { bold: true, color: { argb: 'FFCF1322' } };
    const list = options.join(',');
    if (options.length && list.length <= 250 && !/["]/.test(list)) {
      const letter = sheet.getColumn(i + 1).letter;
      for (let r = 2; r <= 1001; r++) {
        sheet.getCell(`${letter}${r}`).dataValidation = {
          type: 'list',
          allowBlank: true,
          formulae: [`"${list}"`],
          showErrorMessage: false,
        };
      }
    }
  });

  const help = workbook.addWorksheet(EXCEL_MSG.templateHelpSheet);
  help.columns = [{ width: 20 }, { width: 10 }, { width: 30 }, { width: 60 }];
  help.addRow([...EXCEL_MSG.templateHelpHeader]).font = { bold: true };
  for (const column of columns) {
    help.addRow([
      column.title,
      column.required ? EXCEL_MSG.yes : EXCEL_MSG.no,
      FORMAT_TEXT[column.type],
      optionsOf(column, opts.dicts).join('、'),
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
