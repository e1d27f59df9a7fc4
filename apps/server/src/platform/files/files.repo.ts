import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

export async function insertFileRow(
  db: DbOrTx,
  row: { storagePath: string; originalName: string; mime: string; size: number; sha256: string; biz: string },
  username: string,
): Promise<string> {
  const [inserted] = await db
    .insert(files)
    .values({ ...row, createBy: username })
    .returning({ id: files.id });
  return inserted.id;
}

export async function findFileById(db: DbOrTx, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

export async function findFileByPath(db: DbOrTx, storagePath: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.storagePath, storagePath)).limit(1);
  return row;
}
