import { randomInt } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/** 5×7 digit glyphs, one string of five pixels per row. */
const GLYPHS: Record<string, readonly string[]> = {
  0: ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  1: ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  2: ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  3: ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  4: ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  5: ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  6: ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  7: ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  8: ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  9: ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
};
export const CAPTCHA_LENGTH = 4;
const WIDTH = 105;
const HEIGHT = 35;
const SCALE = 3;

/** A random code of CAPTCHA_LENGTH digits. */
export function newCaptchaCode(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => String(randomInt(10))).join('');
}

type Rgb = [number, number, number];
const dark = (): Rgb => [randomInt(20, 120), randomInt(20, 120), randomInt(20, 120)];

/**
 * The code drawn as a PNG (105×35, the original's size): each digit scaled, shifted and coloured at
 * random, with noise lines and dots. No font or image library: pixels, zlib and the PNG chunks.
 */
export function renderCaptchaPng(code: string): Buffer {
  const px = new Uint8Array(WIDTH * HEIGHT * 3).fill(245);
  const set = (x: number, y: number, [r, g, b]: Rgb) => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (y * WIDTH + x) * 3;
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
  };
  for (let n = 0; n < 6; n++) {
    // noise lines
    const colour: Rgb = [randomInt(120, 220), randomInt(120, 220), randomInt(120, 220)];
    const [x0, y0, x1, y1] = [randomInt(WIDTH), randomInt(HEIGHT), randomInt(WIDTH), randomInt(HEIGHT)];
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let s = 0; s <= steps; s++)
      set(Math.round(x0 + ((x1 - x0) * s) / steps), Math.round(y0 + ((y1 - y0) * s) / steps), colour);
  }
  [...code].forEach((digit, k) => {
    const glyph = GLYPHS[digit] ?? GLYPHS[0];
    const colour = dark();
    const left = 8 + k * 24 + randomInt(-3, 4);
    const top = 4 + randomInt(0, 8);
    const slant = randomInt(-1, 2) / 4; // a slight shear per digit
    glyph.forEach((row, gy) =>
      [...row].forEach((bit, gx) => {
        if (bit !== '1') return;
        for (let dy = 0; dy < SCALE; dy++) {
          for (let dx = 0; dx < SCALE; dx++) {
            const y = top + gy * SCALE + dy;
            set(left + gx * SCALE + dx + Math.round((HEIGHT / 2 - y) * slant), y, colour);
          }
        }
      }),
    );
  });
  for (let n = 0; n < 120; n++) set(randomInt(WIDTH), randomInt(HEIGHT), dark()); // noise dots
  return encodePng(px, WIDTH, HEIGHT);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG of the pixels (filter 0 on every row). */
function encodePng(px: Uint8Array, width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) Buffer.from(px.buffer, y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
