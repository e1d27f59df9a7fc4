import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../storage/storage';
import { ACCESS_TOKEN } from '../storage/storage-keys';
import { installLogoutBeacon } from './logout-beacon';

describe('logout beacon', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the token as text/plain to /sys/logoutBeacon on pagehide', async () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    window.__LIMS_CONFIG__ = { apiBase: '/api' };
    storage.set(ACCESS_TOKEN, 'tok-1');
    const remove = installLogoutBeacon();
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/sys/logoutBeacon');
    expect(body.type).toBe('text/plain');
    expect(await body.text()).toBe('tok-1');
    remove();
  });

  it('sends nothing without a token', () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    const remove = installLogoutBeacon();
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).not.toHaveBeenCalled();
    remove();
  });
});
