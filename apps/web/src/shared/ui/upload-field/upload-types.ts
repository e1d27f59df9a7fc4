import { fileUrl } from '../../http/api-client';
import { getRuntimeConfig } from '../../config/runtime-config';

import {
  ACCEPTED_UPLOAD_EXTENSIONS,
  IMAGE_UPLOAD_EXTENSIONS,
  MAX_UPLOAD_BYTES,
  UPLOAD_TOO_LARGE,
} from '@lims/contracts';

export const IMAGE_EXTENSIONS = IMAGE_UPLOAD_EXTENSIONS;
export const UPLOAD_PATH = '/sys/common/upload';

export type UploadVariant = 'file' | 'image';

export function allowedExtensions(variant: UploadVariant): readonly string[] {
  return variant === 'image' ? IMAGE_EXTENSIONS : ACCEPTED_UPLOAD_EXTENSIONS;
}

/** The lower-case extension of a file name or path ('' without one). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The refusal for a file of another type, naming the allowed ones. */
export function typeMessage(variant: UploadVariant): string {
  return variant === 'image'
    ? `只能上传图片文件：${IMAGE_EXTENSIONS.join('、')}`
    : `不支持该文件类型，仅支持：${ACCEPTED_UPLOAD_EXTENSIONS.join('、')}`;
}

/** The `accept` attribute of the file input, e.g. ".doc,.docx,…". */
export function acceptAttribute(variant: UploadVariant): string {
  return allowedExtensions(variant)
    .map((e) => `.${e}`)
    .join(',');
}

/** Why a file is refused before upload, or null when it may go. */
export function refusalOf(file: { name: string; size: number }, variant: UploadVariant): string | null {
  if (!allowedExtensions(variant).includes(extensionOf(file.name))) return typeMessage(variant);
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_TOO_LARGE;
  return null;
}

/** "a,b" → ['a', 'b'] (blank parts dropped). */
export function splitPaths(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function joinPaths(paths: string[]): string {
  return paths.join(',');
}

/** The last segment of a stored path, shown as the file's name. */
export function fileNameOfPath(path: string): string {
  return path.split('/').pop() || path;
}

/**
 * Where an image is shown from: the runtime `imageHost` + path, else the server's image route with the
 * token as a query param (an `<img>` cannot send the token header, and the route needs a session).
 */
export function imageUrl(path: string): string {
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  const host = getRuntimeConfig().imageHost.replace(/\/+$/, '');
  const clean = path.replace(/^\/+/, '');
  return host
    ? `${host}/${clean}`
    : fileUrl(`/sys/common/static/${clean.split('/').map(encodeURIComponent).join('/')}`);
}
