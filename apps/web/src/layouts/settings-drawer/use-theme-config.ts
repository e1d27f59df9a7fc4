import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { theme } from 'antd';
import type { ThemeConfig } from 'antd';
import { readablePrimary, readableTheme } from './readable-colors';
import { useSettings } from './settings-store';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** The system setting "reduce motion" (accessibility): antd then opens and closes without animation. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => Boolean(window.matchMedia?.(REDUCED_MOTION).matches),
    () => false,
  );
}

/**
 * The antd theme for the current settings; colour-weak mode filters the whole page; no animation
 * when the system asks for reduced motion; readable contrast in the light theme.
 */
export function useThemeConfig(): ThemeConfig {
  const primaryColor = useSettings((s) => s.primaryColor);
  const darkMode = useSettings((s) => s.darkMode);
  const colorWeak = useSettings((s) => s.colorWeak);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    document.documentElement.style.setProperty('--lims-primary', primaryColor);
    // Links of our own markup: the primary colour darkened to readable contrast in the light theme.
    document.documentElement.style.setProperty('--lims-link', darkMode ? primaryColor : readablePrimary(primaryColor));
    document.documentElement.classList.toggle('color-weak', colorWeak);
    document.documentElement.classList.toggle('lims-dark', darkMode);
    document.documentElement.style.colorScheme = darkMode ? 'dark' : 'light';
  }, [primaryColor, colorWeak, darkMode]);

  return useMemo(() => {
    // Light theme: colours darkened to WCAG AA contrast (readable-colors.ts); the dark theme keeps antd's.
    const readable = darkMode ? undefined : readableTheme(primaryColor);
    return {
      // antd's components take their styles from the pre-built antd/dist/antd.css (main.tsx) instead of
      // computing and injecting them as each first renders; the tokens below still reach them as CSS variables.
      zeroRuntime: true,
      token: {
        colorPrimary: primaryColor,
        colorLink: primaryColor,
        ...readable?.token,
        borderRadius: 4,
        motion: !reducedMotion,
      },
      components: readable?.components,
      algorithm: darkMode ? theme.darkAlgorithm : theme.defaultAlgorithm,
    };
  }, [primaryColor, darkMode, reducedMotion]);
}
