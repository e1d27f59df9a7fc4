import { theme } from 'antd';
import type { ThemeConfig } from 'antd';

/**
 * Colours that meet WCAG AA contrast (4.5:1 for text) in the light theme. antd's defaults do not:
 * #1890FF with white text or as link text is 3.2:1, secondary text rgba(0,0,0,.45) is 3.4:1, the
 * placeholder 1.8:1, the green / orange / gold tags about 3:1. Each colour keeps its hue and is darkened
 * only as far as needed, through antd's own theme tokens.
 */

type Rgb = [number, number, number];

function parseHex(color: string): Rgb | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return undefined;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two hex colours (1 to 21); NaN when one is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return NaN;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `color` darkened (same hue) until it reaches `ratio` against `background`; unchanged when it already
 * does or is not a hex colour.
 */
export function darkenTo(color: string, background: string, ratio: number): string {
  const rgb = parseHex(color);
  if (!rgb || !(contrastRatio(color, background) < ratio)) return color;
  for (let f = 0.99; f > 0; f -= 0.01) {
    const next = toHex(rgb.map((v) => v * f) as Rgb);
    if (contrastRatio(next, background) >= ratio) return next;
  }
  return '#000000';
}

/** Text contrast of WCAG AA. */
const AA = 4.5;
/**
 * The primary colour against white: a little above AA, so that it also reads as the selected menu
 * item's text on the primary colour's lightest tint.
 */
const PRIMARY_ON_WHITE = 5.3;

type LightDefaults = { error: string; tags: Record<string, string> };
let lightDefaults: LightDefaults | undefined;

/**
 * What the light theme darkens that does not depend on the primary colour: antd's default tokens are
 * derived once (a full derivation of every palette, some ms at start) and kept.
 */
function defaults(): LightDefaults {
  if (!lightDefaults) {
    const t = theme.getDesignToken();
    lightDefaults = {
      error: darkenTo(t.colorError, t.colorErrorBg, AA),
      tags: tagTokens(t as unknown as Record<string, string>),
    };
  }
  return lightDefaults;
}

/** The antd tag colours (presets such as green, and the status colours) with readable text. */
function tagTokens(t: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const presets = Object.keys(t).filter((k) => /^[a-z]+7$/.test(k) && typeof t[k.replace(/7$/, '1')] === 'string');
  for (const key of presets) out[key] = darkenTo(t[key], t[key.replace(/7$/, '1')], AA);
  for (const s of ['Success', 'Warning', 'Info']) out[`color${s}`] = darkenTo(t[`color${s}`], t[`color${s}Bg`], AA);
  return out;
}

/** The primary colour as shown in the light theme (buttons, links, selected items). */
export const readablePrimary = (primary: string): string => darkenTo(primary, '#ffffff', PRIMARY_ON_WHITE);

/** Theme tokens of the light theme with readable colours, for the settings' primary colour. */
export function readableTheme(primary: string): Pick<ThemeConfig, 'token' | 'components'> {
  const shown = readablePrimary(primary);
  const { error, tags } = defaults();
  return {
    token: {
      colorPrimary: shown,
      colorLink: shown,
      colorError: error,
      // Secondary text (descriptions, breadcrumbs, empty lists) and placeholders: 0.45 and 0.25 are too light.
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    },
    components: {
      Tag: tags,
      // The unchecked switch shows white text on its track.
      Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.56)', colorTextTertiary: 'rgba(0, 0, 0, 0.68)' },
    },
  };
}
