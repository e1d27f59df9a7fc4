/** The configuration the server injects through /runtime-config.js before the app starts. */
export type RuntimeConfig = {
  apiBase: string;
  imageHost: string;
  platformNames: { a01a07: string; other: string };
  staticRoutes: boolean;
  /** ICP filing number shown in the login footer (optional; the server may provide it). */
  icpNumber: string;
};

declare global {
  interface Window {
    __LIMS_CONFIG__?: Partial<RuntimeConfig>;
  }
}

const defaults: RuntimeConfig = {
  apiBase: '/api',
  imageHost: '',
  platformNames: { a01a07: 'LIMS 管理平台', other: 'LIMS 管理平台' },
  staticRoutes: false,
  icpNumber: '京ICP备XXXXXXXX号',
};

/** Reads the injected configuration; a missing or partial one falls back to the defaults. */
export function getRuntimeConfig(): RuntimeConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__LIMS_CONFIG__;
  return {
    apiBase: (injected?.apiBase ?? defaults.apiBase).replace(/\/$/, ''),
    imageHost: injected?.imageHost ?? defaults.imageHost,
    platformNames: { ...defaults.platformNames, ...injected?.platformNames },
    staticRoutes: injected?.staticRoutes ?? defaults.staticRoutes,
    icpNumber: injected?.icpNumber || defaults.icpNumber,
  };
}

/** The product's home path (SPEC section 9). */
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';
