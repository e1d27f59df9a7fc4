import { createInflateRaw } from 'node:zlib';
import { badRequest } from '../reply';
import { EXCEL_MSG } from './messages';

export type ZipLimits = {
  /** Most entries in the archive. */
  maxEntries: number;
  /** Most bytes all entries inflate to, together. */
  maxUncompressedBytes: number;
};

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 500, maxUncompressedBytes: 64 * 1024 * 1024 };

type Entry = { name: string; method: number; flags: number; compressedSize: number; size: number; localOffset: number };

const EOCD_SIG = 0x06054b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const MAX_COMMENT = 0xffff;

const invalid = () => badRequest(EXCEL_MSG.badXlsx);
const bomb = () => badRequest(EXCEL_MSG.zipBomb);

function findEndOfCentralDirectory(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - MAX_COMMENT);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === EOCD_SIG) return i;
  throw invalid();
}

/** The central directory's entries, checked for count, encryption, method and declared total size. */
function readCentralDirectory(buf: Buffer, limits: ZipLimits): { entries: Entry[]; cdOffset: number } {
  const eocd = findEndOfCentralDirectory(buf);
  const total = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (total === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) throw bomb(); // ZIP64: never a 10 MB sheet
  if (total > limits.maxEntries) throw bomb();
  if (cdOffset + cdSize > eocd) throw invalid();
  const entries: Entry[] = [];
  let declared = 0;
  for (let p = cdOffset, i = 0; i < total; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL_SIG) throw invalid();
    const nameLength = buf.readUInt16LE(p + 28);
    const entry: Entry = {
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
    };
    if (entry.flags & 0x1) throw invalid(); // encrypted
    if (entry.method !== 0 && entry.method !== 8) throw invalid();
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw bomb();
    declared += entry.size;
    if (declared > limits.maxUncompressedBytes) throw bomb();
    entries.push(entry);
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return { entries, cdOffset };
}

/** The bytes of an entry's data, located through its local header (which must agree with the directory). */
function entryData(buf: Buffer, entry: Entry, cdOffset: number): Buffer {
  const p = entry.localOffset;
  if (p + 30 > cdOffset || buf.readUInt32LE(p) !== LOCAL_SIG) throw invalid();
  const nameLength = buf.readUInt16LE(p + 26);
  if (buf.toString('utf8', p + 30, p + 30 + nameLength) !== entry.name || buf.readUInt16LE(p + 8) !== entry.method)
    throw invalid();
  const start = p + 30 + nameLength + buf.readUInt16LE(p + 28);
  const end = start + entry.compressedSize;
  if (end > cdOffset) throw invalid();
  return buf.subarray(start, end);
}

const DTD_MARKERS = ['<!doctype', '<!entity'];

/** True when XML text declares a DTD or entities (never needed in a spreadsheet; refused outright). */
function hasDtd(text: string): boolean {
  const lower = text.toLowerCase();
  return DTD_MARKERS.some((m) => lower.includes(m));
}

/**
 * Inflates one entry, counting bytes and stopping as soon as it exceeds its declared size (a lying
 * header cannot get past the limit); XML entries are scanned for DTDs on the way.
 */
function inflateChecked(data: Buffer, entry: Entry): Promise<void> {
  const isXml = /\.(xml|rels|vml)$/i.test(entry.name);
  if (entry.method === 0) {
    if (data.length !== entry.size) return Promise.reject(invalid());
    return isXml && hasDtd(data.toString('latin1')) ? Promise.reject(badRequest(EXCEL_MSG.xmlDtd)) : Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    let tail = '';
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      if (err) reject(err);
      else resolve();
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > entry.size) return finish(bomb());
      if (!isXml) return;
      const text = tail + chunk.toString('latin1');
      if (hasDtd(text)) return finish(badRequest(EXCEL_MSG.xmlDtd));
      tail = text.slice(-16);
    });
    inflate.on('end', () => finish(size === entry.size ? undefined : invalid()));
    inflate.on('error', () => finish(invalid()));
    inflate.end(data);
  });
}

/**
 * Refuses a zip bomb before any parser sees the file: too many entries, too many declared bytes,
 * or an entry that really inflates past its declared size; refuses XML with a DTD or entities (so
 * no external entity can ever be resolved). Reads the central directory itself, as JSZip does.
 */
export async function assertSafeZip(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<void> {
  if (buf.length < 22) throw invalid();
  const { entries, cdOffset } = readCentralDirectory(buf, limits);
  if (entries.length === 0) throw invalid();
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    await inflateChecked(entryData(buf, entry, cdOffset), entry);
  }
}
