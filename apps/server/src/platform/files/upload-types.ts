import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { badRequest } from '../reply';
import { ACCEPTED_UPLOAD_EXTENSIONS, type UploadExtension } from '@lims/contracts';
import { FILE_MSG } from './messages';

/** What file-type must find in a file of each accepted extension (OLE2 'cfb' for legacy Office). */
const EXPECTED: Record<Exclude<UploadExtension, 'txt'>, readonly string[]> = {
  doc: ['cfb'],
  xls: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  jpg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  bmp: ['bmp'],
  pdf: ['pdf'],
  zip: ['zip'],
  rar: ['rar'],
  avi: ['avi'],
  mov: ['mov', 'mp4'],
  mpg: ['mpg'],
  mp3: ['mp3'],
  mp4: ['mp4', 'm4v', 'mov'],
};

/** Programs and installers: refused whatever the name says. */
const EXECUTABLE = new Set([
  'exe',
  'elf',
  'macho',
  'swf',
  'wasm',
  'class',
  'jar',
  'apk',
  'crx',
  'xpi',
  'deb',
  'rpm',
  'dmg',
  'lnk',
  'chm',
  'reg',
  'asar',
  'docm',
  'dotm',
  'xlsm',
  'xltm',
  'pptm',
  'potm',
  'ppsm',
]);
/** Plain-text formats file-type recognises; still plain text for a .txt. */
const TEXTUAL = new Set(['xml', 'vtt', 'ics', 'vcf']);

/** The image types `/sys/common/static` serves, by extension, with their MIME types. */
export const IMAGE_MIME: ReadonlyMap<string, string> = new Map([
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['bmp', 'image/bmp'],
]);

export function isAcceptedExtension(ext: string): ext is UploadExtension {
  return (ACCEPTED_UPLOAD_EXTENSIONS as readonly string[]).includes(ext);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A .txt must be UTF-8 text: decodable, no NUL, not a script (`#!`). Reads at most `maxBytes`. */
async function checkPlainText(filePath: string, maxBytes: number): Promise<void> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(size, maxBytes));
    await handle.read(buffer, 0, buffer.length, 0);
    if (buffer.includes(0)) throw badRequest(FILE_MSG.notUtf8Text);
    let text: string;
    try {
      text = utf8.decode(buffer);
    } catch {
      throw badRequest(FILE_MSG.notUtf8Text);
    }
    if (text.replace(/^\uFEFF/, '').startsWith('#!')) throw badRequest(FILE_MSG.executable);
  } finally {
    await handle.close();
  }
}

/**
 * Checks that a stored upload's content is what its extension claims (file-type sniffing; UTF-8 for
 * .txt) and returns the MIME type to serve it with. A program or script is refused with a clear
 * message whatever its name; anything else that does not match is refused as a mismatch.
 */
export async function verifyUploadContent(ext: UploadExtension, filePath: string, maxBytes: number): Promise<string> {
  const detected = await fileTypeFromFile(filePath);
  if (detected && EXECUTABLE.has(detected.ext)) throw badRequest(FILE_MSG.executable);
  if (ext === 'txt') {
    if (detected && !TEXTUAL.has(detected.ext)) throw badRequest(FILE_MSG.contentMismatch(ext));
    await checkPlainText(filePath, maxBytes);
    return 'text/plain; charset=utf-8';
  }
  if (!detected || !EXPECTED[ext].includes(detected.ext)) throw badRequest(FILE_MSG.contentMismatch(ext));
  if (detected.ext === 'cfb') return ext === 'doc' ? 'application/msword' : 'application/vnd.ms-excel';
  return IMAGE_MIME.get(ext) ?? detected.mime;
}
