import { createHash, randomBytes } from 'node:crypto';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, notFound } from '../reply';
import type { SessionUser } from '../sessions';
import { contentDisposition, extensionOf, safeFileName } from './content-disposition';
import { findFileById, findFileByPath, insertFileRow, type FileRow } from './files.repo';
import { MAX_UPLOAD_BYTES } from '@lims/contracts';
import { FILE_MSG } from './messages';
import { drainUnreadBody, multipartError } from './multipart';
import { checkUploadQuota, lockUserUploads } from './quota';
import type { FileStorage } from './storage';
import { BIZ_RE, FILE_ID_RE, monthFolder, STORED_PATH_RE } from './stored-path';
import { IMAGE_MIME, isAcceptedExtension, verifyUploadContent } from './upload-types';

export type StoredFile = { id: string; filePath: string; fileName: string; url: string; size: number; mime: string };

type Received = { tmpPath: string; fileName: string; size: number; sha256: string; truncated: boolean };

/** Streams the file part to a staging file, hashing and counting as it goes. */
async function receiveToTemp(
  file: NodeJS.ReadableStream & { truncated?: boolean },
  storage: FileStorage,
  fileName: string,
): Promise<Received> {
  const tmpPath = path.join(storage.stagingDir, `${randomBytes(16).toString('hex')}.part`);
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(file, tap, storage.createStagingStream(tmpPath));
  } catch (err) {
    await unlink(tmpPath).catch(() => undefined);
    throw err;
  }
  return { tmpPath, fileName, size, sha256: hash.digest('hex'), truncated: file.truncated === true };
}

/** A full disk (ENOSPC, a quota: EDQUOT; PostgreSQL's disk_full 53100) is the user's 507, not a bug's 500. */
export function storageError(err: unknown): unknown {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  const code = e?.cause?.code ?? e?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === '53100' ? new AppError(507, FILE_MSG.diskFull) : err;
}

/**
 * The URL of a stored file: images through the image route, signed (`?expires=&sign=`) when a signer
 * is given so an `<img>` shows them without a session for the signature's lifetime; everything else
 * by download (which needs a session).
 */
export function fileUrl(
  apiBase: string,
  row: { id: string; storagePath: string },
  sign?: (storagePath: string) => string,
): string {
  if (!IMAGE_MIME.has(extensionOf(row.storagePath))) return `${apiBase}/sys/common/download/${row.id}`;
  const url = `${apiBase}/sys/common/static/${row.storagePath}`;
  return sign ? `${url}?${sign(row.storagePath)}` : url;
}

/**
 * Receives a multipart upload (field `file`, optional field or query `biz`), checks size, extension
 * and content, stores it as `<uploadDir>/<biz>/<yyyyMM>/<32 hex>.<ext>` and records it in `files`.
 */
export async function storeUpload(app: FastifyInstance, req: FastifyRequest, user: SessionUser): Promise<StoredFile> {
  try {
    return await receiveUpload(app, req, user);
  } catch (err) {
    // What the handler did not read of the body is read and dropped, so the connection can carry the
    // next request (busboy stops reading once its file stream fails, and Node then never would).
    drainUnreadBody(req);
    throw storageError(err);
  }
}

async function receiveUpload(app: FastifyInstance, req: FastifyRequest, user: SessionUser): Promise<StoredFile> {
  if (!req.isMultipart()) throw badRequest(FILE_MSG.notMultipart);
  await checkUploadQuota(app.db, user.username, app.config.uploadQuota);
  const storage = app.fileStorage;
  await mkdir(storage.stagingDir, { recursive: true });
  const query = req.query as Record<string, unknown> | undefined;
  let biz = typeof query?.biz === 'string' ? query.biz : '';
  let received: Received | undefined;
  try {
    try {
      for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })) {
        if (part.type === 'field') {
          if (part.fieldname === 'biz' && typeof part.value === 'string') biz = part.value;
          continue;
        }
        const fileName = safeFileName(part.filename ?? '');
        if (!isAcceptedExtension(extensionOf(fileName))) {
          part.file.resume();
          throw badRequest(FILE_MSG.typeNotAllowed(extensionOf(fileName)));
        }
        received = await receiveToTemp(part.file, storage, fileName);
        if (received.truncated) throw new AppError(413, FILE_MSG.tooLarge);
      }
    } catch (err) {
      throw multipartError(err);
    }
    if (!received) throw badRequest(FILE_MSG.noFile);
    biz = biz.trim() || 'temp';
    if (!BIZ_RE.test(biz)) throw badRequest(FILE_MSG.badBiz);
    if (received.size === 0) throw badRequest(FILE_MSG.emptyFile);
    const ext = extensionOf(received.fileName);
    if (!isAcceptedExtension(ext)) throw badRequest(FILE_MSG.typeNotAllowed(ext));
    const mime = await verifyUploadContent(ext, received.tmpPath, MAX_UPLOAD_BYTES);
    const storagePath = `${biz}/${monthFolder(app.config.timeZone)}/${randomBytes(16).toString('hex')}.${ext}`;
    if (!STORED_PATH_RE.test(storagePath)) throw badRequest(FILE_MSG.badBiz);
    await storage.save(storagePath, received.tmpPath);
    const row = {
      storagePath,
      originalName: received.fileName,
      mime,
      size: received.size,
      sha256: received.sha256,
      biz,
    };
    let id: string;
    try {
      // The final quota check and the insert, one at a time per user: parallel uploads cannot all pass.
      id = await app.db.transaction(async (tx) => {
        await lockUserUploads(tx, user.username);
        await checkUploadQuota(tx, user.username, app.config.uploadQuota, row.size);
        return insertFileRow(tx, row, user.username);
      });
    } catch (err) {
      await storage.remove([storagePath]).catch(() => undefined);
      throw err;
    }
    const signer = await app.fileUrls.ready();
    return {
      id,
      filePath: storagePath,
      fileName: received.fileName,
      url: fileUrl(app.config.apiBase, { id, storagePath }, signer.sign),
      size: row.size,
      mime,
    };
  } catch (err) {
    if (received) await unlink(received.tmpPath).catch(() => undefined);
    throw err;
  }
}

/** The files row a download reference names: a file id or a stored relative path; 404 otherwise. */
export async function findStoredFile(app: FastifyInstance, ref: string): Promise<FileRow> {
  const row = FILE_ID_RE.test(ref)
    ? await findFileById(app.db, ref)
    : STORED_PATH_RE.test(ref)
      ? await findFileByPath(app.db, ref)
      : undefined;
  if (!row) throw notFound(FILE_MSG.unknownFile);
  return row;
}

/** Sends a stored file with its type, length and disposition; 404 when its content is gone. */
export async function sendStoredFile(
  app: FastifyInstance,
  reply: FastifyReply,
  row: FileRow,
  opts: { disposition: 'attachment' | 'inline'; cacheControl: string },
): Promise<FastifyReply> {
  const stored = await app.fileStorage.read(row.storagePath);
  if (!stored) throw notFound(FILE_MSG.unknownFile);
  return reply
    .header('content-type', row.mime)
    .header('content-length', String(stored.size))
    .header('content-disposition', contentDisposition(row.originalName, opts.disposition))
    .header('cache-control', opts.cacheControl)
    .send(stored.body);
}
