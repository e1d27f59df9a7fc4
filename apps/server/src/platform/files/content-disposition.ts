/**
 * `Content-Disposition` with an ASCII fallback name and the RFC 5987 UTF-8 name
 * (`filename*=UTF-8''%E4%BE%9B…`), so Chinese names survive every browser.
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const clean = safeFileName(fileName);
  const fallback = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_') || 'download';
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A file name as a user gave it, without folders, control characters or excess length. */
export function safeFileName(name: string, maxLength = 200): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = Array.from(base)
    .filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f')
    .join('')
    .trim();
  if (clean.length <= maxLength) return clean || 'file';
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, maxLength - ext.length) + ext;
}

/** The lower-case extension of a file name, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
