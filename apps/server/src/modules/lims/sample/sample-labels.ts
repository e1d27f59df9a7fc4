import type { LimsSettings } from '@lims/contracts';
import { cjkFont, useCjkFont } from '../../../platform/pdf/cjk-font';
import { newPdf } from '../../../platform/pdf/pdf-document';

/** What one label shows. */
export type LabelData = {
  sampleNo: string;
  projectName: string | null;
  sampleName: string;
  /** yyyy-MM-dd, or null while not received. */
  receivedDate: string | null;
};

const MM = 72 / 25.4;

/** A barcode as PNG (bwip-js, loaded on the first label, renders Code 128 and QR without a canvas). */
async function barcodePng(bcid: 'code128' | 'qrcode', text: string): Promise<Buffer> {
  const { default: bwipjs } = await import('bwip-js/node');
  return bwipjs.toBuffer(
    bcid === 'code128' ? { bcid, text, scale: 3, height: 10, includetext: false } : { bcid, text, scale: 4 },
  );
}

/**
 * Sample labels as one PDF, one label per page of the configured label size (实验室设置): the sample
 * number as a Code 128 barcode (what a hand scanner types into the list's search box) and as a QR
 * code, the number in plain text, the project, the sample name and the received date. The Chinese
 * text is real text in an embedded subset of the CJK font.
 */
export async function renderLabels(labels: LabelData[], size: Pick<LimsSettings, 'labelWidthMm' | 'labelHeightMm'>) {
  const font = cjkFont();
  const w = size.labelWidthMm * MM;
  const h = size.labelHeightMm * MM;
  const { doc, bytes } = await newPdf({ size: [w, h], margin: 0, autoFirstPage: false, info: { Title: '样品标签' } });
  const pad = Math.max(1.5 * MM, Math.min(w, h) * 0.05);
  const qr = Math.min(h * 0.5, w * 0.32);
  const barH = h * 0.24;
  const fontSize = Math.max(5, Math.min(10, h * 0.075));
  for (const label of labels) {
    doc.addPage({ size: [w, h], margin: 0 });
    useCjkFont(doc, 'cjk', font);
    const [code, square] = await Promise.all([
      barcodePng('code128', label.sampleNo),
      barcodePng('qrcode', label.sampleNo),
    ]);
    doc.image(code, pad, pad, { fit: [w - 2 * pad, barH], align: 'center', valign: 'center' });
    const top = pad + barH + pad * 0.4;
    const textW = w - 3 * pad - qr;
    doc.image(square, w - pad - qr, h - pad - qr, { fit: [qr, qr] });
    const lines = [
      { text: label.sampleNo, size: fontSize * 1.25 },
      { text: `项目：${label.projectName ?? ''}`, size: fontSize },
      { text: `样品：${label.sampleName}`, size: fontSize },
      { text: `接收：${label.receivedDate ?? '未接收'}`, size: fontSize },
    ];
    let y = top;
    for (const line of lines) {
      doc.fontSize(line.size).text(line.text, pad, y, { width: textW, ellipsis: true, height: line.size * 1.3 });
      y += line.size * 1.35;
    }
  }
  doc.end();
  return bytes;
}
