import type { PdfDoc as Doc } from './pdf-document';

export type PdfColumn = { title: string; width: number; align?: 'left' | 'center' | 'right' };

/** How one row is drawn: a background and, per cell, a colour and the bold face. */
export type PdfRowStyle = { fill?: string; color?: Record<number, string>; bold?: Record<number, boolean> };

export type PdfTableOptions = {
  columns: PdfColumn[];
  rows: string[][];
  styles?: (PdfRowStyle | undefined)[];
  fontSize?: number;
  /** Font names registered on the document. */
  font: string;
  boldFont: string;
  /** Space kept free at the bottom of each page (for the footer). */
  bottomReserve?: number;
  /** false: no header row (a label/value grid). */
  header?: boolean;
  /** Background of whole columns (label cells). */
  columnFill?: Record<number, string>;
  /** Called after a page break, before the header is repeated (draws the page's running header). */
  onNewPage?: () => void;
};

const PAD_X = 4;
const PAD_Y = 3;
const LINE = '#8c8c8c';
const HEAD_FILL = '#f0f2f5';

/**
 * A ruled table that breaks across pages, repeating its header row on each page. Cells wrap; a row
 * is never split between pages. Text stays real text (drawn with the document's embedded font).
 */
export function drawTable(doc: Doc, opts: PdfTableOptions): void {
  const size = opts.fontSize ?? 8.5;
  const left = doc.page.margins.left;
  const total = opts.columns.reduce((s, c) => s + c.width, 0);
  const bottom = () => doc.page.height - doc.page.margins.bottom - (opts.bottomReserve ?? 0);

  const heightOf = (cells: string[], bold: boolean) => {
    doc.font(bold ? opts.boldFont : opts.font).fontSize(size);
    let h = 0;
    cells.forEach((text, i) => {
      const w = opts.columns[i].width - PAD_X * 2;
      h = Math.max(h, doc.heightOfString(text || ' ', { width: w, lineGap: 1 }));
    });
    return h + PAD_Y * 2;
  };

  const drawRow = (cells: string[], y: number, h: number, style: PdfRowStyle | undefined, head: boolean) => {
    const fill = head ? HEAD_FILL : style?.fill;
    if (fill) doc.rect(left, y, total, h).fill(fill);
    let x = left;
    if (!head) {
      for (const [i, col] of opts.columns.entries()) {
        const colFill = opts.columnFill?.[i];
        if (colFill) doc.rect(x, y, col.width, h).fill(colFill);
        x += col.width;
      }
      x = left;
    }
    cells.forEach((text, i) => {
      const col = opts.columns[i];
      const bold = head || style?.bold?.[i] === true;
      doc
        .font(bold ? opts.boldFont : opts.font)
        .fontSize(size)
        .fillColor(style?.color?.[i] ?? '#1f1f1f')
        .text(text, x + PAD_X, y + PAD_Y, {
          width: col.width - PAD_X * 2,
          align: head ? 'center' : (col.align ?? 'left'),
          lineGap: 1,
        });
      x += col.width;
    });
    doc.lineWidth(0.5).strokeColor(LINE);
    doc.rect(left, y, total, h).stroke();
    x = left;
    for (const col of opts.columns.slice(0, -1)) {
      x += col.width;
      doc
        .moveTo(x, y)
        .lineTo(x, y + h)
        .stroke();
    }
    doc.fillColor('#1f1f1f');
  };

  const withHeader = opts.header !== false;
  const header = opts.columns.map((c) => c.title);
  const headH = withHeader ? heightOf(header, true) : 0;
  let y = doc.y;
  if (y + headH * 2 > bottom()) {
    doc.addPage();
    opts.onNewPage?.();
    y = doc.y;
  }
  if (withHeader) drawRow(header, y, headH, undefined, true);
  y += headH;
  opts.rows.forEach((cells, r) => {
    const style = opts.styles?.[r];
    const h = heightOf(cells, Object.values(style?.bold ?? {}).some(Boolean));
    if (y + h > bottom()) {
      doc.addPage();
      opts.onNewPage?.();
      y = doc.y;
      if (withHeader) drawRow(header, y, headH, undefined, true);
      y += headH;
    }
    drawRow(cells, y, h, style, false);
    y += h;
  });
  doc.x = left;
  doc.y = y;
}
