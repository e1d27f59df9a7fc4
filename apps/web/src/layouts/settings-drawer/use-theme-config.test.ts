import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useThemeConfig } from './use-theme-config';

function mediaReducing(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('useThemeConfig', () => {
  it('animates by default', () => {
    mediaReducing(false);
    expect(renderHook(() => useThemeConfig()).result.current.token?.motion).toBe(true);
  });

  it('turns antd motion off when the system asks for reduced motion', () => {
    mediaReducing(true);
    expect(renderHook(() => useThemeConfig()).result.current.token?.motion).toBe(false);
  });
});
