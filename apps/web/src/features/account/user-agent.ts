/** A readable summary of a User-Agent header: browser with its major version, and the system. */
export type DeviceSummary = { browser: string; os: string; mobile: boolean };

const BROWSERS: Array<[name: string, pattern: RegExp]> = [
  ['微信', /MicroMessenger\/(\d+)/],
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[.\d]* (?:Mobile\/\w+ )?Safari\//],
  ['IE', /(?:MSIE |Trident\/.*rv:)(\d+)/],
];

const WINDOWS: Record<string, string> = { '10.0': '10/11', '6.3': '8.1', '6.2': '8', '6.1': '7', '6.0': 'Vista' };

function osOf(ua: string): string {
  let m: RegExpExecArray | null;
  if ((m = /Windows NT (\d+\.\d+)/.exec(ua))) return `Windows ${WINDOWS[m[1]] ?? m[1]}`;
  if ((m = /iPad.*? OS (\d+)(?:_(\d+))?/.exec(ua))) return `iPadOS ${m[1]}${m[2] ? `.${m[2]}` : ''}`;
  if ((m = /iPhone OS (\d+)(?:_(\d+))?/.exec(ua))) return `iOS ${m[1]}${m[2] ? `.${m[2]}` : ''}`;
  if ((m = /Android (\d+(?:\.\d+)?)/.exec(ua))) return `Android ${m[1]}`;
  if (/HarmonyOS|OpenHarmony/.test(ua)) return 'HarmonyOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return '未知系统';
}

export function summarizeUserAgent(ua: string | null | undefined): DeviceSummary {
  const text = ua ?? '';
  const found = BROWSERS.map(([name, pattern]) => [name, pattern.exec(text)] as const).find(([, m]) => m);
  const headless = /HeadlessChrome/.test(text) ? '（无界面）' : '';
  const browser = found
    ? `${found[0]} ${found[1]![1]}${headless}`
    : text
      ? text.split(/[\s/]/)[0] || '未知浏览器'
      : '未知浏览器';
  return { browser, os: text ? osOf(text) : '未知系统', mobile: /Mobile|Android|iPhone|iPad/.test(text) };
}
