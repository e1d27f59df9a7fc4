import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REPORT_MSG } from '@lims/contracts';
import type { DbOrTx } from '../../../db/client';
import { files, reports } from '../../../db/schema';
import { findFileById, storeGeneratedFile, type FileRow } from '../../../platform/files';
import { notFound } from '../../../platform/reply';
import { loadCoaData, type DictTexts } from './coa-data';
import { renderCoaPdf, type CoaData } from './coa-pdf';

/** Folder (and `files.biz`) of generated certificates. */
export const REPORT_BIZ = 'lims-report';

/** Removes files rows and their stored content (a missing one is no error). */
export async function removeReportFiles(app: FastifyInstance, ids: (string | null)[]): Promise<void> {
  for (const id of ids) {
    if (!id) continue;
    const gone = await app.db.delete(files).where(eq(files.id, id)).returning({ path: files.storagePath });
    await app.fileStorage.remove(gone.map((g) => g.path));
  }
}

/**
 * Freezes a report's contents as issued (call in the publication's transaction): a voided or
 * re-rendered published report shows what was issued, not later corrections.
 */
export async function freezeReport(tx: DbOrTx, reportId: string, dict: DictTexts): Promise<void> {
  const data = await loadCoaData(tx, reportId, dict);
  if (!data) throw notFound(REPORT_MSG.notFound);
  await tx.update(reports).set({ snapshot: data }).where(eq(reports.id, reportId));
}

/**
 * Renders a report's PDF as it stands (a published or voided one from its frozen contents, with
 * the 已作废 mark once voided), stores it and links it to the report in place of the previous file
 * (`replacing`: the file id the caller saw; when another render linked one meanwhile, that one
 * stays and this one is dropped). Answers the linked file.
 */
export async function renderReportFile(
  app: FastifyInstance,
  reportId: string,
  username: string,
  replacing: string | null,
): Promise<FileRow> {
  const live = await loadCoaData(app.db, reportId, app.dictCache.textMap);
  if (!live) throw notFound(REPORT_MSG.notFound);
  const [row] = await app.db.select({ snapshot: reports.snapshot }).from(reports).where(eq(reports.id, reportId));
  const frozen = live.issuedAt && row?.snapshot ? (row.snapshot as CoaData) : undefined;
  const data: CoaData = frozen ? { ...frozen, statusText: live.statusText, voided: live.voided, draft: false } : live;
  const pdf = await renderCoaPdf(data);
  const stored = await storeGeneratedFile(app, pdf, {
    name: `检测报告-${data.reportNo}${data.voided ? '-已作废' : ''}.pdf`,
    ext: 'pdf',
    mime: 'application/pdf',
    biz: REPORT_BIZ,
    username,
  });
  const linked = await app.db
    .update(reports)
    .set({ fileId: stored.id })
    .where(and(eq(reports.id, reportId), replacing ? eq(reports.fileId, replacing) : isNull(reports.fileId)))
    .returning({ id: reports.id });
  if (linked.length === 0) {
    await removeReportFiles(app, [stored.id]);
    const [now] = await app.db.select({ fileId: reports.fileId }).from(reports).where(eq(reports.id, reportId));
    const current = now?.fileId ? await findFileById(app.db, now.fileId) : undefined;
    if (current) return current;
    return renderReportFile(app, reportId, username, now?.fileId ?? null);
  }
  await removeReportFiles(app, [replacing]);
  return (await findFileById(app.db, stored.id))!;
}

/** The report's PDF for download: rendered (and stored) when it has none or its content is gone. */
export async function reportPdfFile(app: FastifyInstance, reportId: string, username: string): Promise<FileRow> {
  const [row] = await app.db.select({ fileId: reports.fileId }).from(reports).where(eq(reports.id, reportId));
  if (!row) throw notFound(REPORT_MSG.notFound);
  const file = row.fileId ? await findFileById(app.db, row.fileId) : undefined;
  if (file && (await app.fileStorage.has(file.storagePath))) return file;
  return renderReportFile(app, reportId, username, row.fileId);
}
