import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fileContents } from '../../db/schema';
import { resolveStoredPath } from './stored-path';

/**
 * Where stored files live. An upload is first received into a staging file on this machine (hashed,
 * counted and checked by content there), then `save`d under its stored path; every process of an
 * installation must see the same files, so with several processes the driver is `database`.
 */
export type FileStorage = {
  kind: 'local' | 'database';
  /** Folder of staging files (this machine; removed after each upload). */
  stagingDir: string;
  /** The write stream of a staging file (tests inject one that fails like a full disk). */
  createStagingStream(file: string): Writable;
  /** Moves a staged file into storage under `storagePath`. */
  save(storagePath: string, stagedFile: string): Promise<void>;
  /** The stored content, or undefined when there is none. */
  read(storagePath: string): Promise<{ size: number; body: Readable | Buffer } | undefined>;
  /** Whether content is stored under `storagePath`. */
  has(storagePath: string): Promise<boolean>;
  /** Removes stored files; missing ones are no error. */
  remove(storagePaths: string[]): Promise<void>;
};

export type LocalStorageOptions = { createStagingStream?: (file: string) => Writable };

/** Files under `<root>/<biz>/<yyyyMM>/…` on this machine's disk (PGlite's default: one process). */
export function localFileStorage(root: string, opts: LocalStorageOptions = {}): FileStorage {
  const uploadDir = path.resolve(root);
  return {
    kind: 'local',
    stagingDir: path.join(uploadDir, '.tmp'),
    createStagingStream: opts.createStagingStream ?? ((file) => createWriteStream(file, { flags: 'wx', mode: 0o600 })),
    async save(storagePath, stagedFile) {
      const target = resolveStoredPath(uploadDir, storagePath);
      if (!target) throw new Error(`bad stored path ${storagePath}`);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(stagedFile, target);
    },
    async read(storagePath) {
      const full = resolveStoredPath(uploadDir, storagePath);
      // Opened before answering: a delete meanwhile cannot turn a started download into a stream error.
      const handle = full ? await open(full, 'r').catch(() => undefined) : undefined;
      if (!handle) return undefined;
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return undefined;
      }
      return { size: info.size, body: handle.createReadStream() };
    },
    async has(storagePath) {
      const full = resolveStoredPath(uploadDir, storagePath);
      return full ? (await stat(full).catch(() => undefined))?.isFile() === true : false;
    },
    async remove(storagePaths) {
      for (const storagePath of storagePaths) {
        const full = resolveStoredPath(uploadDir, storagePath);
        if (full) await unlink(full).catch(() => undefined);
      }
    },
  };
}

/**
 * Files as rows of `file_contents` (bytea) in the installation's database: every process behind a
 * load balancer reads what another stored, a delete is gone for all, and the database backup holds
 * them. Staging files stay on this machine's disk (`stagingDir`) for the few milliseconds of a check.
 */
export function databaseFileStorage(
  db: Db,
  stagingDir: string,
  opts: LocalStorageOptions & { legacy?: FileStorage } = {},
): FileStorage {
  // Files stored on this machine's disk before the installation moved to the database driver are
  // still read (and deleted) there, so an upgrade does not turn them into 404s on this machine.
  const legacy = opts.legacy;
  return {
    kind: 'database',
    stagingDir,
    createStagingStream: opts.createStagingStream ?? ((file) => createWriteStream(file, { flags: 'wx', mode: 0o600 })),
    async save(storagePath, stagedFile) {
      const content = await readFile(stagedFile);
      await db.insert(fileContents).values({ storagePath, content, size: content.length });
      await unlink(stagedFile).catch(() => undefined);
    },
    async read(storagePath) {
      const [row] = await db
        .select({ content: fileContents.content })
        .from(fileContents)
        .where(eq(fileContents.storagePath, storagePath))
        .limit(1);
      if (!row) return legacy?.read(storagePath);
      const body = Buffer.isBuffer(row.content) ? row.content : Buffer.from(row.content);
      return { size: body.length, body };
    },
    async has(storagePath) {
      return (
        (await db.$count(fileContents, eq(fileContents.storagePath, storagePath))) > 0 ||
        (await legacy?.has(storagePath)) === true
      );
    },
    async remove(storagePaths) {
      if (storagePaths.length > 0) await db.delete(fileContents).where(inArray(fileContents.storagePath, storagePaths));
      await legacy?.remove(storagePaths);
    },
  };
}

/** FILE_STORAGE: `local` or `database`; `auto` (default) is `database` on PostgreSQL, `local` on PGlite. */
export type FileStorageSetting = 'auto' | 'local' | 'database';

export function createFileStorage(
  setting: FileStorageSetting,
  database: { db: Db; kind: 'pglite' | 'postgres' },
  uploadDir: string,
  opts: LocalStorageOptions = {},
): FileStorage {
  const kind = setting === 'auto' ? (database.kind === 'postgres' ? 'database' : 'local') : setting;
  return kind === 'database'
    ? databaseFileStorage(database.db, path.join(path.resolve(uploadDir), '.tmp'), {
        ...opts,
        legacy: localFileStorage(uploadDir),
      })
    : localFileStorage(uploadDir, opts);
}
