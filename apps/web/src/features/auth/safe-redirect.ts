/**
 * The `redirect` query of the login page, used only when it is an in-app path: starts with a
 * single '/', no scheme, no backslash, not the login page itself.
 */
export function safeRedirect(target: string | null | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return undefined;
  if ([...target].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20)) return undefined;
  const url = new URL(target, 'http://in-app.invalid');
  if (url.origin !== 'http://in-app.invalid') return undefined;
  if (url.pathname === '/user/login') return undefined;
  return url.pathname + url.search + url.hash;
}
