import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { storage } from '../../storage/storage';
import { ACCESS_TOKEN } from '../../storage/storage-keys';
import { SafeHtml, sanitizeHtml, withImageToken } from './safe-html';

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers and javascript: links but keeps formatting', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()"><strong>粗体</strong><script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
    );
    expect(out).toBe('<p><strong>粗体</strong><a>链接</a></p>');
  });

  it('keeps base64 images and makes new-window links safe', () => {
    const out = sanitizeHtml(
      '<img src="data:image/jpeg;base64,AAAA"><a href="https://example.com" target="_blank">外链</a>',
    );
    expect(out).toContain('src="data:image/jpeg;base64,AAAA"');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
  });

  it('gives uploaded images (the image route needs a session) the token, and nothing else', () => {
    storage.set(ACCESS_TOKEN, 'tok-1');
    try {
      const out = sanitizeHtml(
        '<img src="/api/sys/common/static/announcement/202601/a.png"><img src="https://example.com/b.png">',
      );
      expect(out).toContain('src="/api/sys/common/static/announcement/202601/a.png?token=tok-1"');
      expect(out).toContain('src="https://example.com/b.png"');
    } finally {
      storage.remove(ACCESS_TOKEN);
    }
    expect(withImageToken('/api/sys/common/static/a/202601/b.png?expires=1&sign=ab', 't')).toBe(
      '/api/sys/common/static/a/202601/b.png?expires=1&sign=ab',
    );
    expect(withImageToken('/api/sys/common/static/a/202601/b.png', undefined)).toBe(
      '/api/sys/common/static/a/202601/b.png',
    );
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
