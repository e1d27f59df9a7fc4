/** Layout settings (SPEC section 2 "Settings drawer" and section 3 "Layout settings"). */
export type NavTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

export type LayoutSettings = {
  primaryColor: string;
  navTheme: NavTheme;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
  /** Beyond SPEC: antd dark algorithm for the whole page. */
  darkMode: boolean;
};

/** SPEC defaults: #1890FF, light, sidemenu, Fixed, every toggle off, multipage off. */
export const DEFAULT_SETTINGS: LayoutSettings = {
  primaryColor: '#1890FF',
  navTheme: 'light',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multipage: false,
  darkMode: false,
};

/** The 8 preset theme colours of the drawer. */
export const THEME_COLORS: ReadonlyArray<{ name: string; color: string }> = [
  { name: '薄暮', color: '#F5222D' },
  { name: '火山', color: '#FA541C' },
  { name: '日暮', color: '#FAAD14' },
  { name: '明青', color: '#13C2C2' },
  { name: '极光绿', color: '#52C41A' },
  { name: '拂晓蓝（默认）', color: '#1890FF' },
  { name: '极客蓝', color: '#2F54EB' },
  { name: '酱紫', color: '#722ED1' },
];

/**
 * Applies one change with SPEC section 4's rules: turning off the fixed header turns off
 * hide-header (which needs a fixed header); changing the layout mode turns off the fixed side
 * menu (disabled in topmenu); Fluid width exists only for topmenu.
 */
export function applySettingChange(current: LayoutSettings, change: Partial<LayoutSettings>): LayoutSettings {
  const next = { ...current, ...change };
  if (change.layout !== undefined && change.layout !== current.layout) next.fixSiderbar = false;
  if (next.layout === 'topmenu') next.fixSiderbar = false;
  if (next.layout !== 'topmenu') next.contentWidth = 'Fixed';
  if (!next.fixedHeader) next.autoHideHeader = false;
  if (!/^#[0-9a-f]{6}$/i.test(next.primaryColor)) next.primaryColor = current.primaryColor;
  return next;
}

/** Settings read from storage: unknown or malformed values fall back to the defaults. */
export function sanitizeSettings(raw: Partial<Record<keyof LayoutSettings, unknown>>): LayoutSettings {
  const pick = <K extends keyof LayoutSettings>(key: K, ok: (v: unknown) => boolean): LayoutSettings[K] =>
    (ok(raw[key]) ? raw[key] : DEFAULT_SETTINGS[key]) as LayoutSettings[K];
  const bool = (v: unknown) => typeof v === 'boolean';
  const loaded: LayoutSettings = {
    primaryColor: pick('primaryColor', (v) => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v)),
    navTheme: pick('navTheme', (v) => v === 'dark' || v === 'light'),
    layout: pick('layout', (v) => v === 'sidemenu' || v === 'topmenu'),
    contentWidth: pick('contentWidth', (v) => v === 'Fixed' || v === 'Fluid'),
    fixedHeader: pick('fixedHeader', bool),
    autoHideHeader: pick('autoHideHeader', bool),
    fixSiderbar: pick('fixSiderbar', bool),
    colorWeak: pick('colorWeak', bool),
    multipage: pick('multipage', bool),
    darkMode: pick('darkMode', bool),
  };
  return applySettingChange(loaded, {});
}
