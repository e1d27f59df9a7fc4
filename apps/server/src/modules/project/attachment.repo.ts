import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ProjectAttachment } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { files, projectAttachments, users } from '../../db/schema';
import { IMAGE_MIME, extensionOf, fileUrl, type FileRow, type FileStorage } from '../../platform/files';
import { toDateTime } from '../../platform/time';

const a = projectAttachments;

/** The attachment as the API answers it: images link to the image route (signed with `sign`), other files to downloadFile. */
export function toAttachment(
  apiBase: string,
  row: typeof projectAttachments.$inferSelect & { createByName?: string | null },
  sign?: (storagePath: string) => string,
): ProjectAttachment {
  const isImage = IMAGE_MIME.has(extensionOf(row.filePath));
  const download = `${apiBase}/fj/xmfj/downloadFile?filePath=${encodeURIComponent(row.filePath)}&fileName=${encodeURIComponent(row.fileName)}`;
  return {
    id: row.id,
    projectId: row.projectId,
    fileName: row.fileName,
    filePath: row.filePath,
    fileSize: row.fileSize,
    isImage,
    url: isImage ? fileUrl(apiBase, { id: row.fileId, storagePath: row.filePath }, sign) : download,
    createTime: toDateTime(row.createTime),
    createBy: row.createBy,
    /** 上传人: the uploader's real name (the account name when the account is gone or has none). */
    createByName: row.createByName || row.createBy,
  };
}

/** A project's attachments, oldest first; `where` narrows them further (e.g. to projects in the user's data scope). */
export async function attachmentsOf(db: DbOrTx, projectId: string, where?: SQL) {
  const rows = await db
    .select({ row: a, createByName: users.realname })
    .from(a)
    .leftJoin(users, eq(users.username, a.createBy))
    .where(and(eq(a.projectId, projectId), where))
    .orderBy(asc(a.createTime), asc(a.id));
  return rows.map((r) => ({ ...r.row, createByName: r.createByName }));
}

/**
 * The stored file behind an attachment path: `filePath` must equal a stored attachment's path (of
 * `projectId` when given, and within `where`). Compared as a bound value; nothing on disk is looked at with it.
 */
export async function findAttachmentFile(
  db: DbOrTx,
  filePath: string,
  projectId?: string,
  where?: SQL,
): Promise<(FileRow & { fileName: string }) | undefined> {
  const [row] = await db
    .select({ file: files, fileName: a.fileName })
    .from(a)
    .innerJoin(files, eq(files.id, a.fileId))
    .where(and(eq(a.filePath, filePath), projectId ? eq(a.projectId, projectId) : undefined, where))
    .limit(1);
  return row ? { ...row.file, fileName: row.fileName } : undefined;
}

/**
 * Deletes attachments (by attachment ids or by project ids, within `where`) and their `files` rows;
 * answers the stored paths to unlink after commit.
 */
export async function removeAttachments(
  tx: DbOrTx,
  by: { ids: string[] } | { projectIds: string[] },
  where?: SQL,
): Promise<string[]> {
  const which = 'ids' in by ? inArray(a.id, by.ids) : inArray(a.projectId, by.projectIds);
  const gone = await tx.delete(a).where(and(which, where)).returning({ fileId: a.fileId });
  if (gone.length === 0) return [];
  const removed = await tx
    .delete(files)
    .where(
      inArray(
        files.id,
        gone.map((g) => g.fileId),
      ),
    )
    .returning({ storagePath: files.storagePath });
  return removed.map((r) => r.storagePath);
}

/** Deletes a `files` row no attachment uses (an upload whose attachment row failed); answers its path. */
export async function removeFileRow(db: DbOrTx, fileId: string): Promise<string[]> {
  const rows = await db.delete(files).where(eq(files.id, fileId)).returning({ storagePath: files.storagePath });
  return rows.map((r) => r.storagePath);
}

/** Removes stored files from the storage (every process's view of them); a missing file is no error. */
export async function unlinkStoredFiles(storage: FileStorage, storagePaths: string[]): Promise<void> {
  await storage.remove(storagePaths);
}

/** True when the file is an attachment of a project within `where` (the user's data rules on 检测项目). */
export async function isAttachmentInScope(db: DbOrTx, fileId: string, where?: SQL): Promise<boolean> {
  const [row] = await db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.fileId, fileId), where))
    .limit(1);
  return row !== undefined;
}
