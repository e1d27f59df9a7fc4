import { createHash, randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REPORT_MSG } from '@lims/contracts';
import { files, reports } from '../../../db/schema';
import { findFileById, monthFolder, storageError, type FileRow } from '../../../platform/files';
import { insertFileRow } from '../../../platform/files/files.repo';
import { notFound } from '../../../platform/reply';
import { loadCoaData } from './coa-data';
import { renderCoaPdf, type CoaData } from './coa-pdf';

/** Folder (and `files.biz`) of generated certificates and their frozen contents. */
export const REPORT_BIZ = 'lims-report';
const snapshotName = (reportNo: string) => `${reportNo}.json`;

/** Stores generated content as a file (`lims-report/<yyyyMM>/<hex>.<ext>`); answers the files row id. */
async function storeContent(
  app: FastifyInstance,
  content: Buffer,
  meta: { name: string; ext: 'pdf' | 'json'; mime: string; username: string },
): Promise<{ id: string; storagePath: string }> {
  const storage = app.fileStorage;
  await mkdir(storage.stagingDir, { recursive: true });
  const staged = path.join(storage.stagingDir, `${randomBytes(16).toString('hex')}.part`);
  const storagePath = `${REPORT_BIZ}/${monthFolder(app.config.timeZone)}/${randomBytes(16).toString('hex')}.${meta.ext}`;
  try {
    await writeFile(staged, content, { mode: 0o600 });
    await storage.save(storagePath, staged);
  } catch (err) {
    await unlink(staged).catch(() => undefined);
    throw storageError(err);
  }
  const row = {
    storagePath,
    originalName: meta.name,
    mime: meta.mime,
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
    biz: REPORT_BIZ,
  };
  try {
    return { id: await insertFileRow(app.db, row, meta.username), storagePath };
  } catch (err) {
    await storage.remove([storagePath]).catch(() => undefined);
    throw err;
  }
}

/** Removes files rows and their stored content (a missing one is no error). */
export async function removeReportFiles(app: FastifyInstance, ids: (string | null)[]): Promise<void> {
  for (const id of ids) {
    if (!id) continue;
    const gone = await app.db.delete(files).where(eq(files.id, id)).returning({ path: files.storagePath });
    await app.fileStorage.remove(gone.map((g) => g.path));
  }
}

/** The contents frozen when the report was published (later result changes do not reach it). */
async function readSnapshot(app: FastifyInstance, reportNo: string): Promise<CoaData | undefined> {
  const [row] = await app.db
    .select()
    .from(files)
    .where(and(eq(files.biz, REPORT_BIZ), eq(files.originalName, snapshotName(reportNo))))
    .orderBy(desc(files.createTime))
    .limit(1);
  const stored = row ? await app.fileStorage.read(row.storagePath) : undefined;
  if (!stored) return undefined;
  const body = Buffer.isBuffer(stored.body) ? stored.body : await streamToBuffer(stored.body);
  return JSON.parse(body.toString('utf8')) as CoaData;
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Freezes a report's contents at publication (stored beside its PDF). */
export async function freezeReport(app: FastifyInstance, reportId: string, username: string): Promise<void> {
  const data = await loadCoaData(app.db, reportId, app.dictCache.textMap);
  if (!data) throw notFound(REPORT_MSG.notFound);
  await storeContent(app, Buffer.from(JSON.stringify(data)), {
    name: snapshotName(data.reportNo),
    ext: 'json',
    mime: 'application/json',
    username,
  });
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
  const frozen = live.issuedAt ? await readSnapshot(app, live.reportNo) : undefined;
  const data: CoaData = frozen ? { ...frozen, statusText: live.statusText, voided: live.voided, draft: false } : live;
  const pdf = await renderCoaPdf(data);
  const stored = await storeContent(app, pdf, {
    name: `检测报告-${data.reportNo}${data.voided ? '-已作废' : ''}.pdf`,
    ext: 'pdf',
    mime: 'application/pdf',
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
