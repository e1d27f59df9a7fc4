import { beforeEach, describe, expect, it, vi } from 'vitest';

describe('settings store', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('starts from the defaults (multipage off) when nothing is stored', async () => {
    const { useSettings } = await import('./settings-store');
    expect(useSettings.getState().multipage).toBe(false);
    expect(useSettings.getState().layout).toBe('sidemenu');
  });

  it('persists each change under its SPEC key with the pro__ prefix and reads it back', async () => {
    const { useSettings } = await import('./settings-store');
    useSettings.getState().update({ navTheme: 'dark', multipage: true, fixedHeader: true });
    expect(JSON.parse(localStorage.getItem('pro__DEFAULT_THEME') ?? '')).toEqual({ value: 'dark', expire: null });
    expect(JSON.parse(localStorage.getItem('pro__DEFAULT_MULTI_PAGE') ?? '').value).toBe(true);
    expect(JSON.parse(localStorage.getItem('pro__DEFAULT_FIXED_HEADER') ?? '').value).toBe(true);
    vi.resetModules();
    const again = await import('./settings-store');
    expect(again.useSettings.getState()).toMatchObject({ navTheme: 'dark', multipage: true, fixedHeader: true });
  });
});
