import { useMemo, type CSSProperties } from 'react';
import DOMPurify from 'dompurify';

let hooked = false;

/** Links that open a new window never get access to the opener. */
function installLinkHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
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
