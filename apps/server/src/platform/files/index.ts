/** Uploads and downloads: accepted types checked by content, generated names under the upload root. */
export { contentDisposition, extensionOf, safeFileName } from './content-disposition';
export { fileUrl, findStoredFile, sendStoredFile, storageError, storeUpload } from './file-store';
export { canReadFile } from './access';
export type { FileAccessRule } from './access';
export { checkUploadQuota } from './quota';
export { createFileStorage, databaseFileStorage, localFileStorage } from './storage';
export type { FileStorage } from './storage';
export { createUrlSigner } from './signed-url';
export type { UrlSigner, UrlSignerReady } from './signed-url';
export type { StoredFile } from './file-store';
export { findFileById, findFileByPath } from './files.repo';
export type { FileRow } from './files.repo';
export { FILE_MSG } from './messages';
export { drainUnreadBody, ensureMultipart, isTooLargeError, multipartError, readUploadBuffer } from './multipart';
export type { BufferedUpload } from './multipart';
export { BIZ_RE, FILE_ID_RE, STORED_PATH_RE, monthFolder, resolveStoredPath } from './stored-path';
export { IMAGE_MIME, isAcceptedExtension, verifyUploadContent } from './upload-types';
