/** SPEC section 5: the file types an upload may have (the server checks them again, by name and content). */
export const ACCEPTED_UPLOAD_EXTENSIONS = [
  'doc',
  'docx',
  'xls',
  'xlsx',
  'jpg',
  'png',
  'gif',
  'bmp',
  'txt',
  'pdf',
  'zip',
  'rar',
  'avi',
  'mov',
  'mpg',
  'mp3',
  'mp4',
] as const;
export type UploadExtension = (typeof ACCEPTED_UPLOAD_EXTENSIONS)[number];

/** The largest file one upload may carry (REFERENCE section 1: 10MB), and what a larger one is told. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = '文件大小超出10MB限制, 请压缩或降低文件质量！';

/** The image types among them (avatars, picture uploads). */
export const IMAGE_UPLOAD_EXTENSIONS = ['jpg', 'png', 'gif', 'bmp'] as const satisfies readonly UploadExtension[];
