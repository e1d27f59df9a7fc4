import path from 'node:path';

/** A stored file's relative path: `<biz>/<yyyyMM>/<32 hex>.<ext>` — the only shape ever looked up. */
export const STORED_PATH_RE = /^[a-z0-9_-]{1,50}\/\d{6}\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/;
export const FILE_ID_RE = /^[0-9a-f]{32}$/;
export const BIZ_RE = /^[a-z0-9_-]{1,50}$/;

/**
 * The absolute path of a stored file, or null when the relative path is not one we generate or
 * would leave the upload root (checked after resolving, whatever the input looked like).
 */
export function resolveStoredPath(uploadDir: string, storagePath: string): string | null {
  if (!STORED_PATH_RE.test(storagePath)) return null;
  const root = path.resolve(uploadDir);
  const full = path.resolve(root, storagePath);
  return full.startsWith(root + path.sep) ? full : null;
}

/** `yyyyMM` of now in the configured time zone (the month folder of new uploads). */
export function monthFolder(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}${get('month')}`;
}
