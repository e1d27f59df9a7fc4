/**
 * The XML parts of a plain .xlsx (SpreadsheetML): one or more sheets of inline strings and
 * numbers, a bold header row frozen at the top, column widths. Just what an export needs.
 */

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT_SHEET = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';

/** Excel's most rows in one sheet (header included). */
export const MAX_SHEET_ROWS = 1_048_576;

// XML 1.0 forbids these control characters: finding them is the point.
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex
const ESCAPE_ALL = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text for an XML element or attribute: & < > " escaped, characters XML 1.0 forbids dropped. */
export function escapeXml(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPE_ALL, (c) => ESCAPES[c] ?? '') : text;
}

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/**
 * A text cell as an inline string (`xml:space` kept when the text starts or ends with blanks).
 * Written whole even past Excel's 32 767 characters a cell (docs/decisions.md, 系统通告): the
 * import reads it back complete.
 */
function textCell(ref: string, text: string, style: string): string {
  const keep = isSpace(text.charCodeAt(0)) || isSpace(text.charCodeAt(text.length - 1)) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${keep}>${escapeXml(text)}</t></is></c>`;
}

/** A date cell: Excel's serial day number shown with a date (yyyy-mm-dd) or date-time format. */
export type DateCell = { serial: number; withTime: boolean };
export type SheetCell = string | number | DateCell | null;

/** Style indexes of STYLES_XML's cellXfs: date and date-time number formats. */
const DATE_STYLE = ' s="2"';
const DATETIME_STYLE = ' s="3"';

/** Renders rows of cells; the column letters are computed once. */
export class RowWriter {
  readonly #letters: string[];

  constructor(columnCount: number) {
    this.#letters = Array.from({ length: columnCount }, (_, i) => columnLetters(i));
  }

  /** One `<row>`: numbers as numbers (finite ones), dates as styled serials, text as inline strings, null/'' left out. */
  row(rowNumber: number, cells: readonly SheetCell[], bold = false): string {
    const style = bold ? ' s="1"' : '';
    let xml = `<row r="${rowNumber}">`;
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i];
      if (v === null || v === undefined || v === '') continue;
      const ref = this.#letters[i] + rowNumber;
      if (typeof v === 'number') xml += Number.isFinite(v) ? `<c r="${ref}"${style}><v>${v}</v></c>` : '';
      else if (typeof v === 'object')
        xml += `<c r="${ref}"${v.withTime ? DATETIME_STYLE : DATE_STYLE}><v>${v.serial}</v></c>`;
      else xml += textCell(ref, v, style);
    }
    return `${xml}</row>`;
  }
}

/** A sheet up to its first data row: frozen header, column widths, the bold header row. */
export function sheetHead(titles: readonly string[], widths: readonly number[], selected: boolean): string {
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  const header = new RowWriter(titles.length).row(1, titles, true);
  return (
    `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
    `<sheetViews><sheetView${selected ? ' tabSelected="1"' : ''} workbookViewId="0">` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>${header}`
  );
}

export const SHEET_TAIL = '</sheetData></worksheet>';

export const STYLES_XML =
  `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>' +
  '<numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

export const sheetPath = (n: number) => `xl/worksheets/sheet${n}.xml`;

export function workbookXml(sheetNames: readonly string[]): string {
  const sheets = sheetNames
    .map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  return `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`;
}

export function workbookRelsXml(sheetCount: number): string {
  let rels = '';
  for (let i = 1; i <= sheetCount; i++)
    rels += `<Relationship Id="rId${i}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`;
  rels += `<Relationship Id="rId${sheetCount + 1}" Type="${NS_REL}/styles" Target="styles.xml"/>`;
  return `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">${rels}</Relationships>`;
}

export const ROOT_RELS_XML =
  `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

export function contentTypesXml(sheetCount: number): string {
  let sheets = '';
  for (let i = 1; i <= sheetCount; i++) sheets += `<Override PartName="/${sheetPath(i)}" ContentType="${CT_SHEET}"/>`;
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    `${sheets}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`
  );
}
