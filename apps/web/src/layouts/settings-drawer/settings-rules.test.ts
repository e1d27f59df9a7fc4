import { describe, expect, it } from 'vitest';
import { applySettingChange, DEFAULT_SETTINGS, sanitizeSettings, THEME_COLORS } from './settings-rules';

const base = DEFAULT_SETTINGS;

describe('settings rules (SPEC sections 2–4)', () => {
  it('has SPEC defaults and 8 preset colours', () => {
    expect(base).toMatchObject({
      primaryColor: '#1890FF',
      navTheme: 'light',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      fixedHeader: false,
      autoHideHeader: false,
      fixSiderbar: false,
      colorWeak: false,
      multipage: false,
    });
    expect(THEME_COLORS).toHaveLength(8);
  });

  it('turning off the fixed header turns off hide-header', () => {
    const on = applySettingChange(base, { fixedHeader: true, autoHideHeader: true });
    expect(on.autoHideHeader).toBe(true);
    expect(applySettingChange(on, { fixedHeader: false })).toMatchObject({ fixedHeader: false, autoHideHeader: false });
  });

  it('hide-header needs a fixed header', () => {
    expect(applySettingChange(base, { autoHideHeader: true }).autoHideHeader).toBe(false);
  });

  it('changing layout mode turns off the fixed side menu; it stays off in topmenu', () => {
    const fixed = applySettingChange(base, { fixSiderbar: true });
    expect(fixed.fixSiderbar).toBe(true);
    const top = applySettingChange(fixed, { layout: 'topmenu' });
    expect(top.fixSiderbar).toBe(false);
    expect(applySettingChange(top, { fixSiderbar: true }).fixSiderbar).toBe(false);
    const side = applySettingChange(applySettingChange(top, { layout: 'sidemenu' }), { fixSiderbar: true });
    expect(applySettingChange(side, { layout: 'topmenu' }).fixSiderbar).toBe(false);
  });

  it('Fluid width only for topmenu', () => {
    expect(applySettingChange(base, { contentWidth: 'Fluid' }).contentWidth).toBe('Fixed');
    const top = applySettingChange(base, { layout: 'topmenu', contentWidth: 'Fluid' });
    expect(top.contentWidth).toBe('Fluid');
    expect(applySettingChange(top, { layout: 'sidemenu' }).contentWidth).toBe('Fixed');
  });

  it('refuses a malformed colour', () => {
    expect(applySettingChange(base, { primaryColor: 'red;}' }).primaryColor).toBe('#1890FF');
    expect(applySettingChange(base, { primaryColor: '#722ED1' }).primaryColor).toBe('#722ED1');
  });

  it('sanitizes stored values', () => {
    expect(
      sanitizeSettings({
        navTheme: 'dark',
        layout: 'weird',
        multipage: 'yes',
        fixedHeader: true,
        autoHideHeader: true,
      }),
    ).toMatchObject({
      navTheme: 'dark',
      layout: 'sidemenu',
      multipage: false,
      fixedHeader: true,
      autoHideHeader: true,
    });
    expect(sanitizeSettings({})).toEqual(base);
  });
});
