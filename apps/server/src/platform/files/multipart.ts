import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { AppError, badRequest } from '../reply';
import { MAX_UPLOAD_BYTES } from '@lims/contracts';
import { FILE_MSG } from './messages';

/** Registers @fastify/multipart in this plugin context once (a module calls it before adding upload routes). */
export async function ensureMultipart(app: FastifyInstance): Promise<void> {
  if (app.hasRequestDecorator('parts') || app.hasContentTypeParser('multipart/form-data')) return;
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });
  // An answer given before the body was read to its end (an error) drops the rest of the body.
  app.addHook('onSend', async (request) => {
    if (request.isMultipart()) drainUnreadBody(request);
  });
}

/**
 * Reads and drops what is left of a request body nobody will read. Once busboy has stopped (its file
 * stream failed) the request stays paused, and Node does not read on either, so a kept-alive
 * connection would never see its next request and a shutdown would wait for it.
 */
export function drainUnreadBody(req: FastifyRequest): void {
  const raw = req.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

/** True for the error a too-large file produces (busboy's limit, as @fastify/multipart reports it). */
export function isTooLargeError(err: unknown): boolean {
  const e = err as { code?: string; status?: number } | null;
  return e?.code === 'FST_REQ_FILE_TOO_LARGE' || (err instanceof AppError && err.status === 413);
}

/**
 * Maps a failure while reading a multipart body to the envelope's statuses: too large → 413, a
 * second file → 400, a malformed or truncated body → 400; system errors (disk full …) pass through.
 */
export function multipartError(err: unknown, tooLargeMessage: string = FILE_MSG.tooLarge): unknown {
  if (err instanceof AppError) return err;
  if (isTooLargeError(err)) return new AppError(413, tooLargeMessage);
  const e = err as { code?: string; statusCode?: number; syscall?: string } | null;
  if (e?.code === 'FST_FILES_LIMIT') return badRequest(FILE_MSG.tooManyFiles);
  if (e?.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest(FILE_MSG.notMultipart);
  if (!(err instanceof Error) || e?.syscall || (e?.statusCode ?? 400) >= 500) return err;
  return badRequest(FILE_MSG.badMultipart);
}

export type BufferedUpload = { buffer: Buffer; fileName: string; fields: Record<string, string> };

/** Plain field values sent with the file (only those before the file part are known at that point). */
function fieldValues(part: MultipartFile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const v = Array.isArray(value) ? value[0] : value;
    if (v && v.type === 'field' && typeof v.value === 'string') out[name] = v.value;
  }
  return out;
}

/**
 * Reads the one file of a multipart request (field `file`, or the first file part) into memory,
 * at most `maxBytes` (413 with `tooLargeMessage` beyond). For imports and other small files.
 */
export async function readUploadBuffer(
  req: FastifyRequest,
  maxBytes: number = MAX_UPLOAD_BYTES,
  tooLargeMessage: string = FILE_MSG.tooLarge,
): Promise<BufferedUpload> {
  if (!req.isMultipart()) throw badRequest(FILE_MSG.notMultipart);
  try {
    const part = await req.file({ limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: true });
    if (!part) throw badRequest(FILE_MSG.noFile);
    const buffer = await part.toBuffer();
    if (part.file.truncated || buffer.length > maxBytes) throw new AppError(413, tooLargeMessage);
    return { buffer, fileName: part.filename ?? '', fields: fieldValues(part) };
  } catch (err) {
    throw multipartError(err, tooLargeMessage);
  }
}
