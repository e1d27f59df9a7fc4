import { existsSync } from 'node:fs';
import { cjkFont, type CjkFont } from '../../../platform/pdf/cjk-font';
import { newPdf, type PdfDoc } from '../../../platform/pdf/pdf-document';
import { drawTable } from '../../../platform/pdf/pdf-table';
import type { CoaData } from './coa-types';

export { limitText, type CoaData } from './coa-types';

type Doc = PdfDoc;

const MARGIN = 42;
const FOOTER = 26;
const INK = '#1f1f1f';
const MUTED = '#595959';
const RED = '#cf1322';
const FONT = 'cjk';
const BOLD = 'cjk-bold';

/** The bold face next to the regular one (Noto CJK ships both); the regular one when there is none. */
function boldOf(font: CjkFont): CjkFont {
  const path = font.path.replace('Regular', 'Bold');
  if (path === font.path || !existsSync(path)) return font;
  return { path, family: font.family?.replace('Regular', 'Bold') };
}

/** A numbered section heading, on a new page when less than `keep` points are left below it. */
function sectionTitle(doc: Doc, title: string, keep = 60): void {
  if (doc.y + keep > doc.page.height - MARGIN - FOOTER) doc.addPage();
  doc.moveDown(0.6);
  const y = doc.y;
  doc.rect(MARGIN, y + 2, 3, 11).fill('#1677ff');
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(INK)
    .text(title, MARGIN + 9, y, { lineGap: 2 });
  doc.x = MARGIN;
  doc.moveDown(0.3);
}

/** Label/value pairs, two per line, as a ruled grid with shaded labels. */
function infoGrid(doc: Doc, pairs: [string, string][], width: number): void {
  const labelW = 66;
  const valueW = width / 2 - labelW;
  const rows: string[][] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const [a, b] = [pairs[i], pairs[i + 1] ?? ['', '']];
    rows.push([a[0], a[1] || '—', b[0], b[0] ? b[1] || '—' : '']);
  }
  drawTable(doc, {
    font: FONT,
    boldFont: BOLD,
    fontSize: 9,
    header: false,
    columnFill: { 0: '#f0f2f5', 2: '#f0f2f5' },
    columns: [
      { title: '', width: labelW },
      { title: '', width: valueW },
      { title: '', width: labelW },
      { title: '', width: valueW },
    ],
    rows,
    styles: rows.map(() => ({ color: { 0: MUTED, 2: MUTED } })),
  });
}

/** Title, number, version and status on the first page. */
function titleBlock(doc: Doc, d: CoaData, width: number): void {
  doc
    .font(BOLD)
    .fontSize(22)
    .fillColor(INK)
    .text('检 测 报 告', MARGIN, MARGIN + 6, { width, align: 'center' });
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor(MUTED)
    .text('CERTIFICATE OF ANALYSIS', { width, align: 'center', characterSpacing: 2 });
  doc.moveDown(0.8);
  const y = doc.y;
  doc.font(FONT).fontSize(10).fillColor(INK);
  doc.text(`报告编号：${d.reportNo}`, MARGIN, y);
  doc.text(`版本：第 ${d.versionNo} 版`, MARGIN + width / 2 - 40, y, { width: 80, align: 'center' });
  doc.text(`签发日期：${d.issuedAt ? d.issuedAt.slice(0, 10) : '未签发'}`, MARGIN, y, { width, align: 'right' });
  doc.moveDown(0.4);
  doc
    .lineWidth(1.2)
    .strokeColor(INK)
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .stroke();
  doc
    .lineWidth(0.4)
    .moveTo(MARGIN, doc.y + 2.5)
    .lineTo(MARGIN + width, doc.y + 2.5)
    .stroke();
  doc.x = MARGIN;
  doc.moveDown(0.5);
  if (d.previousNo) {
    doc
      .font(FONT)
      .fontSize(9)
      .fillColor(RED)
      .text(
        `本报告为修订版，替代报告 ${d.previousNo}（原报告作废）。修订原因：${d.amendReason ?? '—'}`,
        MARGIN,
        doc.y,
        {
          width,
        },
      );
    doc.fillColor(INK);
  }
}

/** Report number on every page, 第 x 页 共 y 页 at the bottom, and the 草稿 / 已作废 mark. */
function decoratePages(doc: Doc, d: CoaData, width: number): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footY = doc.page.height - MARGIN + 4;
    doc
      .lineWidth(0.4)
      .strokeColor('#bfbfbf')
      .moveTo(MARGIN, footY - 6)
      .lineTo(MARGIN + width, footY - 6)
      .stroke();
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    if (i > range.start) {
      doc.text(`检测报告  ${d.reportNo}  第 ${d.versionNo} 版`, MARGIN, 22, { width, lineBreak: false });
      if (!d.voided && !d.draft) doc.text(d.project.name, MARGIN, 22, { width, align: 'right', lineBreak: false });
      doc
        .lineWidth(0.4)
        .strokeColor('#bfbfbf')
        .moveTo(MARGIN, 34)
        .lineTo(MARGIN + width, 34)
        .stroke();
    }
    doc.text(`报告编号：${d.reportNo}（第 ${d.versionNo} 版）`, MARGIN, footY, { width, lineBreak: false });
    doc.text(`第 ${i - range.start + 1} 页 共 ${range.count} 页`, MARGIN, footY, {
      width,
      align: 'right',
      lineBreak: false,
    });
    if (d.voided || d.draft) watermark(doc, d.voided ? '已作废' : '草稿', d.voided ? RED : '#8c8c8c');
    doc.page.margins.bottom = bottomMargin;
  }
}

function watermark(doc: Doc, text: string, color: string): void {
  const cx = doc.page.width / 2;
  const cy = doc.page.height / 2;
  doc.save();
  doc.rotate(-35, { origin: [cx, cy] });
  doc.font(BOLD).fontSize(110).fillColor(color).fillOpacity(0.13);
  const w = doc.widthOfString(text);
  doc.text(text, cx - w / 2, cy - 60, { lineBreak: false });
  doc.restore();
  doc.save();
  doc
    .lineWidth(1.5)
    .strokeColor(color)
    .rect(doc.page.width - MARGIN - 74, 12, 74, 24)
    .stroke();
  doc
    .font(BOLD)
    .fontSize(13)
    .fillColor(color)
    .text(text, doc.page.width - MARGIN - 74, 16, { width: 74, align: 'center', lineBreak: false });
  doc.restore();
}

/** Renders the certificate as a PDF (A4, CJK font embedded as a subset, real text). */
export async function renderCoaPdf(d: CoaData, font: CjkFont = cjkFont()): Promise<Buffer> {
  const { doc, bytes } = await newPdf({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `检测报告 ${d.reportNo}`, Subject: d.project.name, Creator: 'LIMS 管理平台' },
  });
  doc.registerFont(FONT, font.path, font.family);
  const bold = boldOf(font);
  doc.registerFont(BOLD, bold.path, bold.family);
  const width = doc.page.width - MARGIN * 2;

  titleBlock(doc, d, width);

  sectionTitle(doc, '一、委托及项目信息');
  infoGrid(
    doc,
    [
      ['委托单位', d.customer.unitName],
      ['单位地址', d.customer.address],
      ['联系人', d.customer.contactName],
      ['联系电话', d.customer.contactPhone],
      ['项目编号', d.project.projectNo],
      ['项目名称', d.project.name],
      ['检测类别', d.project.testTypeText],
      ['项目负责人', d.project.managerName],
      ['样品数量', `${d.samples.length} 个`],
      ['检测项次', `${d.results.length} 项`],
    ],
    width,
  );

  const table = { font: FONT, boldFont: BOLD };
  sectionTitle(doc, '二、样品信息');
  drawTable(doc, {
    ...table,
    columns: [
      { title: '序号', width: 30, align: 'center' },
      { title: '样品编号', width: 92 },
      { title: '样品名称', width: 96 },
      { title: '样品类型', width: 52, align: 'center' },
      { title: '数量', width: 52, align: 'right' },
      { title: '接收状态', width: 50, align: 'center' },
      { title: '接收人', width: 48, align: 'center' },
      { title: '接收时间', width: width - 420, align: 'center' },
    ],
    rows: d.samples.map((s, i) => [
      String(i + 1),
      s.sampleNo,
      s.name,
      s.typeText,
      s.quantity,
      s.conditionText,
      s.receivedBy,
      s.receivedAt,
    ]),
  });

  sectionTitle(doc, '三、检测结果');
  drawTable(doc, {
    ...table,
    columns: [
      { title: '样品编号', width: 88 },
      { title: '检测项目', width: 82 },
      { title: '检测方法/标准', width: width - 88 - 82 - 44 - 74 - 64 - 40 },
      { title: '单位', width: 44, align: 'center' },
      { title: '限值', width: 74, align: 'center' },
      { title: '结果', width: 64, align: 'right' },
      { title: '判定', width: 40, align: 'center' },
    ],
    rows: d.results.map((r) => [
      r.sampleNo,
      r.itemName,
      r.standard || '—',
      r.unit || '—',
      r.limit,
      r.unit ? `${r.result} ${r.unit}` : r.result,
      r.outOfSpec === true ? '超标' : r.outOfSpec === false ? '合格' : '—',
    ]),
    styles: d.results.map((r) =>
      r.outOfSpec ? { fill: '#fff1f0', color: { 5: RED, 6: RED }, bold: { 5: true, 6: true } } : undefined,
    ),
  });
  const over = d.results.filter((r) => r.outOfSpec).length;
  doc.moveDown(0.3);
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor(over ? RED : INK)
    .text(
      over ? `共 ${d.results.length} 项检测，其中 ${over} 项超标。` : `共 ${d.results.length} 项检测，均未超标。`,
      MARGIN,
    );

  sectionTitle(doc, '四、检测、复核与批准', 190);
  drawTable(doc, {
    ...table,
    fontSize: 9.5,
    columns: [
      { title: '职责', width: 80, align: 'center' },
      { title: '姓名', width: width - 80 - 150 },
      { title: '日期时间', width: 150, align: 'center' },
    ],
    rows: d.signatures.map((s) => [s.role, s.names || '—', s.at || '—']),
  });
  doc.moveDown(0.8);
  doc
    .font(FONT)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      '声明：1. 本报告仅对所检样品负责。2. 未经本实验室书面批准，不得部分复制本报告。3. 报告无审批人签字无效。',
      MARGIN,
      doc.y,
      {
        width,
      },
    );
  doc.moveDown(0.3).text('（以下空白）', { width, align: 'center' });

  decoratePages(doc, d, width);
  doc.end();
  return bytes;
}
