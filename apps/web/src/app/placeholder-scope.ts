import { getRuntimeConfig } from '../shared/config/runtime-config';
import type { PlaceholderScope } from '../shared/menu/url-placeholders';

/**
 * The only values a menu url placeholder may read: the original's `window._CONFIG[...]` keys
 * and the page's own location.
 */
export function placeholderScope(): PlaceholderScope {
  const cfg = getRuntimeConfig();
  const { origin, host, hostname, protocol } = window.location;
  const api = new URL(cfg.apiBase || '/', origin).href.replace(/\/$/, '');
  return {
    window: {
      _CONFIG: {
        domianURL: api,
        staticDomainURL: `${api}/sys/common/static`,
        imgDomainURL: cfg.imageHost || `${api}/sys/common/static`,
      },
      location: { origin, host, hostname, protocol },
    },
  };
}
