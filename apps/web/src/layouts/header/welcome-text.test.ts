import { describe, expect, it } from 'vitest';
import { headerWelcome, welcomeName } from './welcome-text';

const names = { a01a07: '检测中心平台', other: 'LIMS 平台' };

describe('welcome name (avatar text)', () => {
  it('shows the real name, else the username', () => {
    expect(welcomeName({ realname: '李四', username: 'lisi' })).toBe('李四');
    expect(welcomeName({ realname: '  ', username: 'lisi' })).toBe('lisi');
    expect(welcomeName({ realname: null, username: 'lisi' })).toBe('lisi');
    expect(welcomeName(null)).toBe('');
  });
});

describe('header welcome text', () => {
  it('joins the greeting of the hour and the platform name of the org code', () => {
    expect(headerWelcome(new Date(2026, 0, 1, 8, 0), 'A01A07', names)).toBe('早上好，欢迎进入 检测中心平台');
    expect(headerWelcome(new Date(2026, 0, 1, 12, 30), 'A01A03', names)).toBe('中午好，欢迎进入 LIMS 平台');
    expect(headerWelcome(new Date(2026, 0, 1, 20, 0), null, names)).toBe('晚上好，欢迎进入 LIMS 平台');
  });
});
