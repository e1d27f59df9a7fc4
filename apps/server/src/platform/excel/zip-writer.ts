import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';

/** Raised (as the writer's rejection) when the output went away before the archive was finished. */
export class ZipAborted extends Error {
  constructor() {
    super('zip output closed');
    this.name = 'ZipAborted';
  }
}

type Entry = { name: Buffer; crc: number; compressed: number; size: number; offset: number; streamed: boolean };

const LOCAL_SIG = 0x04034b50;
const DESCRIPTOR_SIG = 0x08074b50;
const CENTRAL_SIG = 0x02014b50;
const EOCD_SIG = 0x06054b50;
const MAX_32 = 0xffffffff;
const FLAG_UTF8 = 0x0800;
const FLAG_DESCRIPTOR = 0x0008;
const DEFLATE = 8;
const VERSION = 20;
// 2026-01-01 00:00 in MS-DOS time: the archive's entries carry a fixed time (the bytes do not depend on the clock).
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

function localHeader(name: Buffer, flags: number, crc: number, compressed: number, size: number): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(LOCAL_SIG, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(flags, 6);
  b.writeUInt16LE(DEFLATE, 8);
  b.writeUInt16LE(DOS_TIME, 10);
  b.writeUInt16LE(DOS_DATE, 12);
  b.writeUInt32LE(crc, 14);
  b.writeUInt32LE(compressed, 18);
  b.writeUInt32LE(size, 22);
  b.writeUInt16LE(name.length, 26);
  return Buffer.concat([b, name]);
}

function centralHeader(e: Entry): Buffer {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(CENTRAL_SIG, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(VERSION, 6);
  b.writeUInt16LE(FLAG_UTF8 | (e.streamed ? FLAG_DESCRIPTOR : 0), 8);
  b.writeUInt16LE(DEFLATE, 10);
  b.writeUInt16LE(DOS_TIME, 12);
  b.writeUInt16LE(DOS_DATE, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(e.compressed, 20);
  b.writeUInt32LE(e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  b.writeUInt32LE(e.offset, 42);
  return Buffer.concat([b, e.name]);
}

/**
 * A zip archive written front to back into a stream, waiting for `drain` so that memory stays
 * flat whatever the size: small entries deflated at once, one big entry at a time streamed through
 * zlib (sizes and CRC in a data descriptor after it). No ZIP64: an archive past 4 GiB is refused.
 * Every wait also ends when the output closes or errors: the pending call then rejects ZipAborted.
 */
export class ZipWriter {
  readonly #out: Writable;
  readonly #entries: Entry[] = [];
  readonly #abort = new AbortController();
  #offset = 0;
  #streaming = false;

  constructor(out: Writable) {
    this.#out = out;
    const abort = () => this.#abort.abort();
    out.once('close', abort);
    out.once('error', abort);
  }

  /** True once the output closed or failed: nothing more can be written. */
  get aborted(): boolean {
    return this.#abort.signal.aborted || this.#out.destroyed;
  }

  async #put(chunk: Buffer): Promise<void> {
    if (this.aborted) throw new ZipAborted();
    this.#offset += chunk.length;
    if (this.#offset > MAX_32) throw new Error('zip: archive over 4 GiB');
    if (!this.#out.write(chunk)) await this.#wait(this.#out, 'drain');
  }

  async #wait(emitter: NodeJS.EventEmitter, event: string): Promise<void> {
    try {
      await once(emitter, event, { signal: this.#abort.signal });
    } catch (err) {
      if (this.#abort.signal.aborted) throw new ZipAborted();
      throw err;
    }
  }

  /** Adds a small entry whole (deflated in one call). */
  async addFile(name: string, content: string | Buffer): Promise<void> {
    if (this.#streaming) throw new Error('zip: an entry is being streamed');
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const packed = deflateRawSync(data);
    const nameBuf = Buffer.from(name, 'utf8');
    const entry: Entry = {
      name: nameBuf,
      crc: crc32(data),
      compressed: packed.length,
      size: data.length,
      offset: this.#offset,
      streamed: false,
    };
    await this.#put(localHeader(nameBuf, FLAG_UTF8, entry.crc, entry.compressed, entry.size));
    await this.#put(packed);
    this.#entries.push(entry);
  }

  /**
   * Starts a streamed entry: `write` resolves once zlib and the output can take more (so a caller
   * awaiting it never runs ahead of the reader); `end` finishes the entry.
   */
  async openEntry(name: string, level = constants.Z_DEFAULT_COMPRESSION): Promise<ZipEntryStream> {
    if (this.#streaming) throw new Error('zip: an entry is being streamed');
    this.#streaming = true;
    const nameBuf = Buffer.from(name, 'utf8');
    const entry: Entry = { name: nameBuf, crc: 0, compressed: 0, size: 0, offset: this.#offset, streamed: true };
    await this.#put(localHeader(nameBuf, FLAG_UTF8 | FLAG_DESCRIPTOR, 0, 0, 0));
    const deflate = createDeflateRaw({ level });
    const pumped = this.#pump(deflate, entry);
    pumped.catch(() => deflate.destroy());
    // Settles only if the pump fails (e.g. the output went away): ends a wait for zlib's drain.
    const failed = pumped.then(() => new Promise<never>(() => undefined));
    failed.catch(() => undefined);
    return {
      write: async (chunk: Buffer) => {
        if (this.aborted) throw new ZipAborted();
        entry.crc = crc32(chunk, entry.crc);
        entry.size += chunk.length;
        if (entry.size > MAX_32) throw new Error('zip: entry over 4 GiB');
        if (!deflate.write(chunk)) await Promise.race([this.#wait(deflate, 'drain'), failed]);
      },
      end: async () => {
        deflate.end();
        await pumped;
        const d = Buffer.alloc(16);
        d.writeUInt32LE(DESCRIPTOR_SIG, 0);
        d.writeUInt32LE(entry.crc, 4);
        d.writeUInt32LE(entry.compressed, 8);
        d.writeUInt32LE(entry.size, 12);
        await this.#put(d);
        this.#entries.push(entry);
        this.#streaming = false;
      },
    };
  }

  async #pump(deflate: DeflateRaw, entry: Entry): Promise<void> {
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      entry.compressed += chunk.length;
      await this.#put(chunk);
    }
  }

  /** Writes the central directory and the end record; does not end the output. */
  async finish(): Promise<void> {
    if (this.#streaming) throw new Error('zip: an entry is being streamed');
    const start = this.#offset;
    for (const e of this.#entries) await this.#put(centralHeader(e));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(EOCD_SIG, 0);
    end.writeUInt16LE(this.#entries.length, 8);
    end.writeUInt16LE(this.#entries.length, 10);
    end.writeUInt32LE(this.#offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.#put(end);
  }
}

export type ZipEntryStream = {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
};
