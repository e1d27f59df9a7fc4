import { useCallback, useRef, useState } from 'react';

/** An element's border-box width in whole px (what the table's columns are fitted to). */
const borderWidth = (el: Element) => Math.floor(el.getBoundingClientRect().width);

/**
 * A ref for an element and its width in px, kept up to date on resize. The width is read as soon as
 * the element is attached (before the browser paints), so what depends on it renders once, at the
 * right size; `null` until then. While the element is hidden (a kept-alive page in a tab behind
 * another, `display: none`) it has no width: the last one stays, so nothing renders again for it.
 */
export function useWidth(): [(el: HTMLElement | null) => void, number | null] {
  const [width, setWidth] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setWidth(borderWidth(el));
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry.borderBoxSize[0].inlineSize);
      if (next > 0) setWidth(next);
    });
    observer.current.observe(el);
  }, []);
  return [ref, width];
}
