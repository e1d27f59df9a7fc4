/**
 * The configuration the server puts into the page (a JSON data block `#lims-config` in index.html),
 * or hands out as /runtime-config.js (which sets `window.__LIMS_CONFIG__`; the dev server's page).
 */
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

/** The configuration in the page's `#lims-config` block, read once into `window.__LIMS_CONFIG__`. */
function injectedConfig(): Partial<RuntimeConfig> | undefined {
  if (typeof window === 'undefined') return undefined;
  if (window.__LIMS_CONFIG__) return window.__LIMS_CONFIG__;
  const block = document.getElementById('lims-config');
  if (!block?.textContent) return undefined;
  try {
    window.__LIMS_CONFIG__ = JSON.parse(block.textContent) as Partial<RuntimeConfig>;
  } catch {
    return undefined;
  }
  return window.__LIMS_CONFIG__;
}

/** Reads the injected configuration; a missing or partial one falls back to the defaults. */
export function getRuntimeConfig(): RuntimeConfig {
  const injected = injectedConfig();
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
