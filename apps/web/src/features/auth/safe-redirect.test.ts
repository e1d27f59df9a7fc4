import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeRedirect('/isystem/user?page=2')).toBe('/isystem/user?page=2');
    expect(safeRedirect('/dashboard/analysis')).toBe('/dashboard/analysis');
  });

  it('refuses other origins, schemes and odd paths', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'isystem/user',
      '/user/login?redirect=/x',
      '/\tx',
    ]) {
      expect(safeRedirect(bad)).toBeUndefined();
    }
  });
});
