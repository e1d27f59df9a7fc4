import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { SafeHtml, sanitizeHtml } from './safe-html';

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers and javascript: links but keeps formatting', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()"><strong>粗体</strong><script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
    );
    expect(out).toBe('<p><strong>粗体</strong><a>链接</a></p>');
  });

  it('keeps base64 images and makes new-window links safe', () => {
    const out = sanitizeHtml('<img src="data:image/jpeg;base64,AAAA"><a href="https://example.com" target="_blank">外链</a>');
    expect(out).toContain('src="data:image/jpeg;base64,AAAA"');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });
});

describe('<SafeHtml>', () => {
  it('renders the sanitised HTML', () => {
    const { container } = render(<SafeHtml html={'<h2>标题</h2><img src=x onerror="alert(1)">'} />);
    expect(container.querySelector('h2')?.textContent).toBe('标题');
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });
});
