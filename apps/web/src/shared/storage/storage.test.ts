import { afterEach, describe, expect, it } from 'vitest';
import { createStorage } from './storage';
import { ACCESS_TOKEN, SESSION_TTL_MS } from './storage-keys';

describe('storage', () => {
  afterEach(() => localStorage.clear());

  it('stores JSON {value, expire} under the pro__ prefix', () => {
    const s = createStorage('local', () => 1_000);
    s.set(ACCESS_TOKEN, 'tok', SESSION_TTL_MS);
    expect(JSON.parse(localStorage.getItem('pro__Access-Token') ?? '')).toEqual({
      value: 'tok',
      expire: 1_000 + 604_800_000,
    });
    expect(s.get(ACCESS_TOKEN)).toBe('tok');
  });

  it('keeps values without a lifetime (expire null)', () => {
    const s = createStorage('local', () => 5);
    s.set('DEFAULT_THEME', 'dark');
    expect(JSON.parse(localStorage.getItem('pro__DEFAULT_THEME') ?? '')).toEqual({ value: 'dark', expire: null });
    expect(s.get('DEFAULT_THEME')).toBe('dark');
  });

  it('reads an expired value as absent and removes it', () => {
    let t = 0;
    const s = createStorage('local', () => t);
    s.set(ACCESS_TOKEN, 'tok', SESSION_TTL_MS);
    t = SESSION_TTL_MS - 1;
    expect(s.get(ACCESS_TOKEN)).toBe('tok');
    t = SESSION_TTL_MS;
    expect(s.get(ACCESS_TOKEN)).toBeUndefined();
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
  });

  it('returns the fallback for missing, malformed or foreign values', () => {
    const s = createStorage('local');
    expect(s.get('missing', 'x')).toBe('x');
    localStorage.setItem('pro__bad', '{not json');
    expect(s.get('bad', 1)).toBe(1);
    localStorage.setItem('pro__plain', '"just a string"');
    expect(s.get('plain')).toBeUndefined();
  });

  it('removes values', () => {
    const s = createStorage('local');
    s.set('k', 1);
    s.remove('k');
    expect(s.get('k')).toBeUndefined();
  });
});
