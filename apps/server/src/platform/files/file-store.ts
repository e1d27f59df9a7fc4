import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, notFound } from '../reply';
import type { SessionUser } from '../sessions';
import { contentDisposition, extensionOf, safeFileName } from './content-disposition';
import { findFileById, findFileByPath, insertFileRow, type FileRow } from './files.repo';
import { FILE_MSG, MAX_UPLOAD_BYTES } from './messages';
import { multipartError } from './multipart';
import { BIZ_RE, FILE_ID_RE, monthFolder, resolveStoredPath, STORED_PATH_RE } from './stored-path';
import { IMAGE_MIME, isAcceptedExtension, verifyUploadContent } from './upload-types';

export type StoredFile = { id: string; filePath: string; fileName: string; url: string; size: number; mime: string };

type Received = { tmpPath: string; fileName: string; size: number; sha256: string; truncated: boolean };

/** Streams the file part to a temporary file under the upload root, hashing and counting as it goes. */
async function receiveToTemp(file: NodeJS.ReadableStream & { truncated?: boolean }, tmpDir: string, fileName: string): Promise<Received> {
  const tmpPath = path.join(tmpDir, `${randomBytes(16).toString('hex')}.part`);
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
    await pipeline(file, tap, createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    await unlink(tmpPath).catch(() => undefined);
    throw err;
  }
  return { tmpPath, fileName, size, sha256: hash.digest('hex'), truncated: file.truncated === true };
}

/** The public URL of a stored file: images through the static route, everything else by download. */
export function fileUrl(apiBase: string, row: { id: string; storagePath: string }): string {
  return IMAGE_MIME.has(extensionOf(row.storagePath))
    ? `${apiBase}/sys/common/static/${row.storagePath}`
    : `${apiBase}/sys/common/download/${row.id}`;
}

/**
 * Receives a multipart upload (field `file`, optional field or query `biz`), checks size, extension
 * and content, stores it as `<uploadDir>/<biz>/<yyyyMM>/<32 hex>.<ext>` and records it in `files`.
 */
export async function storeUpload(app: FastifyInstance, req: FastifyRequest, user: SessionUser): Promise<StoredFile> {
  if (!req.isMultipart()) throw badRequest(FILE_MSG.notMultipart);
  const uploadDir = path.resolve(app.config.uploadDir);
  const tmpDir = path.join(uploadDir, '.tmp');
  await mkdir(tmpDir, { recursive: true });
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
        received = await receiveToTemp(part.file, tmpDir, fileName);
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
    const target = resolveStoredPath(uploadDir, storagePath);
    if (!target) throw badRequest(FILE_MSG.badBiz);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(received.tmpPath, target);
    const row = { storagePath, originalName: received.fileName, mime, size: received.size, sha256: received.sha256, biz };
    let id: string;
    try {
      id = await insertFileRow(app.db, row, user.username);
    } catch (err) {
      await unlink(target).catch(() => undefined);
      throw err;
    }
    return { id, filePath: storagePath, fileName: received.fileName, url: fileUrl(app.config.apiBase, { id, storagePath }), size: row.size, mime };
  } catch (err) {
    if (received) await unlink(received.tmpPath).catch(() => undefined);
    throw err;
  }
}

/** The files row a download reference names: a file id or a stored relative path; 404 otherwise. */
export async function findStoredFile(app: FastifyInstance, ref: string): Promise<FileRow> {
  const row = FILE_ID_RE.test(ref) ? await findFileById(app.db, ref)
    : STORED_PATH_RE.test(ref) ? await findFileByPath(app.db, ref) : undefined;
  if (!row) throw notFound(FILE_MSG.unknownFile);
  return row;
}

/** Streams a stored file (confined to the upload root) with its type, length and disposition. */
export async function sendStoredFile(
  app: FastifyInstance,
  reply: FastifyReply,
  row: FileRow,
  opts: { disposition: 'attachment' | 'inline'; cacheControl: string },
): Promise<FastifyReply> {
  const full = resolveStoredPath(app.config.uploadDir, row.storagePath);
  const info = full ? await stat(full).catch(() => undefined) : undefined;
  if (!full || !info?.isFile()) throw notFound(FILE_MSG.unknownFile);
  return reply
    .header('content-type', row.mime)
    .header('content-length', String(info.size))
    .header('content-disposition', contentDisposition(row.originalName, opts.disposition))
    .header('cache-control', opts.cacheControl)
    .send(createReadStream(full));
}
