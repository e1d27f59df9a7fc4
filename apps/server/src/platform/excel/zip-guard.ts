import type { Readable } from 'node:stream';
import yauzl, { type Entry } from 'yauzl';
import { AppError, badRequest } from '../reply';
import { EXCEL_MSG } from './messages';

export type ZipLimits = {
  /** Most entries in the archive. */
  maxEntries: number;
  /** Most bytes all entries inflate to, together. */
  maxUncompressedBytes: number;
};

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 500, maxUncompressedBytes: 64 * 1024 * 1024 };

const STORED = 0;
const DEFLATE = 8;

const invalid = () => badRequest(EXCEL_MSG.badXlsx);
const bomb = () => badRequest(EXCEL_MSG.zipBomb);

const DTD_MARKERS = ['<!doctype', '<!entity'];

/** True when XML text declares a DTD or entities (never needed in a spreadsheet; refused outright). */
function hasDtd(text: string): boolean {
  const lower = text.toLowerCase();
  return DTD_MARKERS.some((m) => lower.includes(m));
}

/**
 * The central directory's entries, checked for count, encryption, method and declared total size
 * before anything is inflated.
 */
async function readEntries(zip: yauzl.ZipFile, limits: ZipLimits): Promise<Entry[]> {
  if (zip.entryCount > limits.maxEntries) throw bomb();
  const entries: Entry[] = [];
  let declared = 0;
  for await (const entry of zip.eachEntry()) {
    if (entry.isEncrypted()) throw invalid();
    if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATE) throw invalid();
    declared += entry.uncompressedSize;
    if (declared > limits.maxUncompressedBytes) throw bomb();
    entries.push(entry);
  }
  return entries;
}

/**
 * Inflates one entry through yauzl, which checks the local header and counts the bytes against the
 * declared size, failing as soon as they exceed it (a lying header cannot get past the limit); XML
 * entries are scanned for DTDs on the way.
 */
async function inflateChecked(zip: yauzl.ZipFile, entry: Entry): Promise<void> {
  const isXml = /\.(xml|rels|vml)$/i.test(entry.fileName);
  const stream: Readable = await zip.openReadStreamPromise(entry);
  let tail = '';
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (!isXml) continue;
      const text = tail + chunk.toString('latin1');
      if (hasDtd(text)) throw badRequest(EXCEL_MSG.xmlDtd);
      tail = text.slice(-16);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // yauzl's byte count: more bytes than declared is a bomb, anything else a broken archive.
    if (err instanceof Error && err.message.startsWith('too many bytes')) throw bomb();
    throw invalid();
  } finally {
    stream.destroy();
  }
}

/**
 * Refuses a zip bomb before any parser sees the file: too many entries, too many declared bytes,
 * or an entry that really inflates past its declared size; refuses XML with a DTD or entities (so
 * no external entity can ever be resolved). The archive is read with yauzl (entry sizes validated).
 */
export async function assertSafeZip(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<void> {
  if (buf.length < 22) throw invalid();
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw invalid();
  }
  try {
    const entries = await readEntries(zip, limits).catch((err: unknown) => {
      throw err instanceof AppError ? err : invalid();
    });
    if (entries.length === 0) throw invalid();
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      await inflateChecked(zip, entry);
    }
  } finally {
    zip.close();
  }
}
