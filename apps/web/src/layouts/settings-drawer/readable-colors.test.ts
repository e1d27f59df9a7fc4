import { describe, expect, it, vi } from 'vitest';
import { theme } from 'antd';
import { contrastRatio, darkenTo, readablePrimary, readableTheme } from './readable-colors';

describe('readable colours (WCAG AA)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1890ff', '#ffffff')).toBeCloseTo(3.24, 2);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    expect(contrastRatio('red', '#fff')).toBeNaN();
  });

  it('darkens a colour only as far as needed', () => {
    const shown = darkenTo('#1890ff', '#ffffff', 4.5);
    expect(contrastRatio(shown, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(darkenTo('#1890ff', '#ffffff', 4.4), '#ffffff')).toBeLessThan(4.6);
    expect(darkenTo('#333333', '#ffffff', 4.5)).toBe('#333333');
    expect(darkenTo('rgb(24, 144, 255)', '#ffffff', 4.5)).toBe('rgb(24, 144, 255)');
  });

  it('shows the default primary #1890FF as #126cbf, readable with white text and as link text', () => {
    expect(readablePrimary('#1890FF')).toBe('#126cbf');
    const t = readableTheme('#1890FF');
    expect(t.token?.colorPrimary).toBe('#126cbf');
    expect(t.token?.colorLink).toBe('#126cbf');
    expect(contrastRatio(t.token?.colorError ?? '', '#fff2f0')).toBeGreaterThanOrEqual(4.5);
  });

  it('gives the tags readable text on their light background', () => {
    const tag = readableTheme('#1890FF').components?.Tag as Record<string, string>;
    expect(contrastRatio(tag.green7, '#f6ffed')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(tag.colorWarning, '#fffbe6')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(tag.colorSuccess, '#f6ffed')).toBeGreaterThanOrEqual(4.5);
  });

  it("derives antd's default tokens at most once, whatever primary colours follow (each derivation costs ms at start)", () => {
    const derive = vi.spyOn(theme, 'getDesignToken');
    readableTheme('#1890FF');
    readableTheme('#722ED1');
    readableTheme('#13C2C2');
    expect(derive.mock.calls.length).toBeLessThanOrEqual(1);
    derive.mockRestore();
  });
});
