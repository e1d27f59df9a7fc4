import { existsSync } from 'node:fs';
import type { PdfDoc } from './pdf-document';
import { AppError } from '../reply';

/** A font file for Chinese text in generated PDFs, with the face to use inside a collection (.ttc). */
export type CjkFont = { path: string; family?: string };

/** Where Debian/Ubuntu (fonts-noto-cjk, fonts-wqy-*) and common systems keep a CJK font. */
const CANDIDATES: CjkFont[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', family: 'WenQuanYiZenHei' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  { path: '/System/Library/Fonts/PingFang.ttc', family: 'PingFangSC-Regular' },
  { path: 'C:\\Windows\\Fonts\\msyh.ttc', family: 'MicrosoftYaHei' },
];

export const PDF_FONT_MISSING = '服务器未安装中文字体，无法生成 PDF：请安装 fonts-noto-cjk，或用 PDF_FONT 指定字体文件';

/**
 * The CJK font for PDFs: `PDF_FONT` (a .ttf/.otf path, or `path.ttc#PostScriptName` for a face of
 * a collection) when set, otherwise the first installed candidate. Embedded as a subset (only the
 * glyphs used), so the text stays real, searchable text. Throws a 503 with a Chinese message when
 * there is none.
 */
export function cjkFont(env: NodeJS.ProcessEnv = process.env): CjkFont {
  const configured = env.PDF_FONT?.trim();
  if (configured) {
    const [path, family] = configured.split('#');
    if (existsSync(path)) return { path, family: family || undefined };
    throw new AppError(503, PDF_FONT_MISSING);
  }
  const found = CANDIDATES.find((c) => existsSync(c.path));
  if (!found) throw new AppError(503, PDF_FONT_MISSING);
  return found;
}

/** Registers the CJK font on a pdfkit document as `name` (default 'cjk') and makes it current. */
export function useCjkFont(doc: PdfDoc, name = 'cjk', font: CjkFont = cjkFont()): void {
  doc.registerFont(name, font.path, font.family);
  doc.font(name);
}
