import { createHash, randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { storageError } from './file-store';
import { insertFileRow } from './files.repo';
import { monthFolder } from './stored-path';

export type GeneratedFile = {
  /** The download name (e.g. 检测报告-BG202611270001.pdf). */
  name: string;
  ext: string;
  mime: string;
  /** The folder and `files.biz` (e.g. lims-report); its file access rule decides who may read it. */
  biz: string;
  username: string;
};

/**
 * Stores content the server made (a certificate PDF …) like an upload: under
 * `<biz>/<yyyyMM>/<random>.<ext>` in the configured storage, with a files row. Answers the row id
 * and stored path; nothing is left behind when either step fails.
 */
export async function storeGeneratedFile(
  app: FastifyInstance,
  content: Buffer,
  meta: GeneratedFile,
): Promise<{ id: string; storagePath: string }> {
  const storage = app.fileStorage;
  await mkdir(storage.stagingDir, { recursive: true });
  const staged = path.join(storage.stagingDir, `${randomBytes(16).toString('hex')}.part`);
  const storagePath = `${meta.biz}/${monthFolder(app.config.timeZone)}/${randomBytes(16).toString('hex')}.${meta.ext}`;
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
    biz: meta.biz,
  };
  try {
    return { id: await insertFileRow(app.db, row, meta.username), storagePath };
  } catch (err) {
    await storage.remove([storagePath]).catch(() => undefined);
    throw err;
  }
}
