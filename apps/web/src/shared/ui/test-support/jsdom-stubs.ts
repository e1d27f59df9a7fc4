/**
 * Browser APIs jsdom lacks and antd needs (ResizeObserver, matchMedia, scrollTo), and a fast
 * getComputedStyle that reads inline styles only. Imported by the
 * shared/ui tests before they render antd components; real browsers are untouched.
 */
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (typeof window !== 'undefined') {
  if (!('ResizeObserver' in window)) {
    Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: ResizeObserverStub });
  }
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string): MediaQueryList => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  // jsdom 29 resolves the whole cascade (every inherited property up the tree) on each call, which
  // makes role queries over an antd table take minutes; the tests only need inline display/visibility.
  window.getComputedStyle = (elt: Element) => (elt as HTMLElement).style;
  window.scrollTo = () => undefined;
  Element.prototype.scrollTo = () => undefined;
}
