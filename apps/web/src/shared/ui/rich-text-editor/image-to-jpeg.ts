/** Images in rich text are embedded as base64 JPEG (SPEC section 2), small enough for a 2 MB request. */
export const JPEG_QUALITY = 0.85;
export const MAX_IMAGE_SIDE = 1280;
/** About 512 KB of JPEG once decoded. */
export const MAX_IMAGE_DATA_URL_CHARS = 700_000;
export const MAX_SOURCE_BYTES = 10 * 1024 * 1024;
const MIN_SIDE = 120;
const SHRINK = 0.8;

export const IMAGE_MSG = {
  notImage: '只能插入图片文件',
  tooLarge: '图片不能超过 10MB',
  unreadable: '无法读取该图片',
  tooDetailed: '图片过大，压缩后仍超过 500KB，请裁剪后再插入',
} as const;

/** width × height scaled down (never up) so that the longer side is at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

type Drawable = { width: number; height: number; source: CanvasImageSource; release: () => void };

async function decode(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { width: bitmap.width, height: bitmap.height, source: bitmap, release: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch (err) {
    URL.revokeObjectURL(url);
    throw err;
  }
  return { width: img.naturalWidth, height: img.naturalHeight, source: img, release: () => URL.revokeObjectURL(url) };
}

/**
 * An image file as a `data:image/jpeg;base64,…` URL: drawn on a white canvas (JPEG has no
 * transparency), longest side at most 1280 px, quality 0.85, shrunk further until it fits the limit.
 */
export async function imageFileToJpeg(file: Blob): Promise<string> {
  if (!file.type.startsWith('image/')) throw new Error(IMAGE_MSG.notImage);
  if (file.size > MAX_SOURCE_BYTES) throw new Error(IMAGE_MSG.tooLarge);
  let image: Drawable;
  try {
    image = await decode(file);
  } catch {
    throw new Error(IMAGE_MSG.unreadable);
  }
  try {
    let { width, height } = fitWithin(image.width, image.height, MAX_IMAGE_SIDE);
    const canvas = document.createElement('canvas');
    for (;;) {
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error(IMAGE_MSG.unreadable);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(image.source, 0, 0, width, height);
      const url = canvas.toDataURL('image/jpeg', JPEG_QUALITY);
      if (url.length <= MAX_IMAGE_DATA_URL_CHARS) return url;
      if (Math.max(width, height) * SHRINK < MIN_SIDE) throw new Error(IMAGE_MSG.tooDetailed);
      width = Math.max(1, Math.round(width * SHRINK));
      height = Math.max(1, Math.round(height * SHRINK));
    }
  } finally {
    image.release();
  }
}
