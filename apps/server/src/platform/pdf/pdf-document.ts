import type PDFKit from 'pdfkit';

export type PdfDoc = InstanceType<typeof PDFKit>;
type PdfOptions = ConstructorParameters<typeof PDFKit>[0];

let loading: Promise<typeof PDFKit> | undefined;

/**
 * pdfkit, loaded the first time a PDF is made (it holds about 24 MB of fonts and tables that a
 * server which never prints a label or a report need not carry).
 */
export function loadPdfKit(): Promise<typeof PDFKit> {
  loading ??= import('pdfkit').then(
    (m) => (m as unknown as { default?: typeof PDFKit }).default ?? (m as unknown as typeof PDFKit),
  );
  return loading;
}

/** A new PDF document and the promise of its bytes once `doc.end()` is called. */
export async function newPdf(options: PdfOptions): Promise<{ doc: PdfDoc; bytes: Promise<Buffer> }> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
