import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../storage/storage';
import { ACCESS_TOKEN } from '../storage/storage-keys';
import { fakeBrowser } from '../../testing/fake-tabs';
import { createTabPresence } from '../tabs/tab-presence';
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

/** A tab of its own (events, sendBeacon) in one fake browser. */
function fakeTab(browser: ReturnType<typeof fakeBrowser>) {
  const target = new EventTarget();
  const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
  const win = Object.assign(target, { navigator: { sendBeacon } }) as unknown as Window;
  const tab = browser.tab();
  const presence = createTabPresence(tab.env);
  const remove = installLogoutBeacon(win, presence);
  /** The tab is closed: pagehide, then the browser frees its locks and channels. */
  const close = () => {
    win.dispatchEvent(new Event('pagehide'));
    tab.kill();
  };
  return { presence, sendBeacon, close, kill: tab.kill, remove };
}

describe('logout beacon with several tabs open', () => {
  beforeEach(() => {
    window.__LIMS_CONFIG__ = { apiBase: '/api' };
    storage.set(ACCESS_TOKEN, 'tok-shared');
  });

  it('a tab closed while others are open sends nothing; only the last tab closed sends the beacon', async () => {
    const browser = fakeBrowser();
    const [a, b, c] = [fakeTab(browser), fakeTab(browser), fakeTab(browser)];
    await vi.waitFor(() => expect([a, b, c].map((t) => t.presence.others())).toEqual([2, 2, 2]));

    a.close();
    expect(a.sendBeacon).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(c.presence.others()).toBe(1));
    b.close();
    expect(b.sendBeacon).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(c.presence.isLastTab()).toBe(true));
    c.close();
    expect(c.sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = c.sendBeacon.mock.calls[0];
    expect(url).toBe('/api/sys/logoutBeacon');
    expect(await body.text()).toBe('tok-shared');
    [a, b, c].forEach((t) => t.remove());
  });

  it('a tab that went away without a word (crashed) is forgotten: the remaining tab is the last', async () => {
    const browser = fakeBrowser();
    const [a, b] = [fakeTab(browser), fakeTab(browser)];
    await vi.waitFor(() => expect(b.presence.others()).toBe(1));
    a.kill();
    await vi.waitFor(() => expect(b.presence.isLastTab()).toBe(true));
    b.close();
    expect(b.sendBeacon).toHaveBeenCalledTimes(1);
    [a, b].forEach((t) => t.remove());
  });

  it('a tab opened later is counted: closing the first one then sends nothing', async () => {
    const browser = fakeBrowser();
    const a = fakeTab(browser);
    await vi.waitFor(() => expect(a.presence.isLastTab()).toBe(true));
    const b = fakeTab(browser);
    await vi.waitFor(() => expect(a.presence.others()).toBe(1));
    a.close();
    expect(a.sendBeacon).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(b.presence.isLastTab()).toBe(true));
    [a, b].forEach((t) => t.remove());
  });
});
