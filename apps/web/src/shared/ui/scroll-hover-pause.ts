/** The class on <html> while the page scrolls (and for `settleMs` after the last scroll event). */
export const SCROLLING_CLASS = 'lims-scrolling';

/**
 * While the page scrolls, tables stop reacting to the pointer (CSS: `html.lims-scrolling` in the
 * list kit's styles): otherwise every row passing under a still pointer is restyled for hover
 * and repainted, which costs a slower PC a third of its frames on a 100-row page. Returns the
 * uninstaller.
 */
export function installScrollHoverPause(doc: Document = document, settleMs = 120): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const root = doc.documentElement;
  const onScroll = () => {
    if (timer === undefined) root.classList.add(SCROLLING_CLASS);
    else clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      root.classList.remove(SCROLLING_CLASS);
    }, settleMs);
  };
  doc.addEventListener('scroll', onScroll, { capture: true, passive: true });
  return () => {
    doc.removeEventListener('scroll', onScroll, { capture: true });
    if (timer !== undefined) clearTimeout(timer);
    root.classList.remove(SCROLLING_CLASS);
  };
}
