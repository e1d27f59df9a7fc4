import { useEffect } from 'react';
import { useAppStore } from './app-store';

/** Keeps the device and the forced collapse in step with the window width. */
export function useViewport() {
  const applyWidth = useAppStore((s) => s.applyWidth);
  useEffect(() => {
    const update = () => applyWidth(window.innerWidth);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [applyWidth]);
}
