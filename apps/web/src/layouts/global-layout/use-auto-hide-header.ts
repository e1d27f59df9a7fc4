import { useEffect, useState } from 'react';

/** SPEC section 9: past 100 px of scrolling down the header hides; scrolling up shows it. */
export const HIDE_HEADER_THRESHOLD = 100;

export function useAutoHideHeader(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > HIDE_HEADER_THRESHOLD && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return enabled && hidden;
}
