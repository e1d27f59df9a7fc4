import { useMemo, type CSSProperties } from 'react';
import DOMPurify from 'dompurify';
import { apiUrl, getToken } from '../../http/api-client';

let hooked = false;

/**
 * An uploaded image of the rich text (`<apiBase>/sys/common/static/…`, the only uploaded images the
 * server keeps in it) gets the token as a query param: the image route needs a session and an `<img>`
 * cannot send the token header.
 */
export function withImageToken(src: string, token: string | undefined): string {
  const prefix = apiUrl('/sys/common/static/');
  if (!token || !src.startsWith(prefix) || /[?&](token|sign)=/.test(src)) return src;
  return `${src}${src.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/** Links that open a new window never get access to the opener; uploaded images carry the token. */
function installLinkHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof Element && node.tagName === 'IMG' && node.hasAttribute('src')) {
      node.setAttribute('src', withImageToken(node.getAttribute('src') ?? '', getToken()));
      return;
    }
    if (!(node instanceof Element) || node.tagName !== 'A' || !node.hasAttribute('target')) return;
    if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer nofollow');
    else node.removeAttribute('target');
  });
}

/** HTML with scripts, event handlers, forms and javascript: URLs removed (images as data: URLs stay). */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  installLinkHook();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}

export type SafeHtmlProps = {
  html: string | null | undefined;
  className?: string;
  style?: CSSProperties;
};

/** Shows stored rich text (announcements, editor output) after sanitising it with DOMPurify. */
export function SafeHtml({ html, className, style }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} style={style} dangerouslySetInnerHTML={{ __html: clean }} />;
}
