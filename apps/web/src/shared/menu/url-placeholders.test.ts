import { describe, expect, it } from 'vitest';
import { fillPlaceholders, parsePropertyPath, resolveMenuUrl } from './url-placeholders';

const scope = {
  window: {
    _CONFIG: { domianURL: 'https://lims.example/api', port: 8080 },
    location: { origin: 'https://lims.example' },
  },
};

describe('url placeholders', () => {
  it('parses dotted and bracketed property paths only', () => {
    expect(parsePropertyPath(" window._CONFIG['domianURL'] ")).toEqual(['window', '_CONFIG', 'domianURL']);
    expect(parsePropertyPath('window["_CONFIG"].port')).toEqual(['window', '_CONFIG', 'port']);
    expect(parsePropertyPath('window.open("x")')).toBeUndefined();
    expect(parsePropertyPath('a + b')).toBeUndefined();
    expect(parsePropertyPath('1')).toBeUndefined();
  });

  it('looks values up in the whitelisted scope only, own properties only', () => {
    expect(fillPlaceholders('{{window.location.origin}}/a', scope)).toBe('https://lims.example/a');
    expect(fillPlaceholders('{{ window._CONFIG.port }}', scope)).toBe('8080');
    expect(fillPlaceholders('{{ window.constructor }}', scope)).toBeUndefined();
    expect(fillPlaceholders("{{ window._CONFIG['__proto__'] }}", scope)).toBeUndefined();
    expect(fillPlaceholders('{{ document.cookie }}', scope)).toBeUndefined();
    expect(fillPlaceholders('{{ window._CONFIG }}', scope)).toBeUndefined();
  });

  it('replaces the url only when the result is a valid http(s) url', () => {
    expect(resolveMenuUrl("{{ window._CONFIG['domianURL'] }}/swagger", scope)).toBe('https://lims.example/api/swagger');
    expect(resolveMenuUrl('{{ window._CONFIG.port }}/x', scope)).toBe('{{ window._CONFIG.port }}/x');
    expect(resolveMenuUrl('javascript:{{ window.location.origin }}', scope)).toBe(
      'javascript:{{ window.location.origin }}',
    );
    expect(resolveMenuUrl('/plain', scope)).toBe('/plain');
    expect(resolveMenuUrl(undefined, scope)).toBeUndefined();
  });
});
