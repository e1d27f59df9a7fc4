import { afterAll, beforeAll, expect, it } from 'vitest';
import { readStored, signedInPage, writeStored } from '../support/app';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

/**
 * Signed-in pages take turns in one context per browser (support/app.ts): one person's page never sees
 * another's session, whether they are asked for at once or one after the other.
 */

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const userOf = (page: Parameters<typeof readStored>[0]) => readStored<string>(page, 'Login_Username');

it('two people asked for at once each get their own session, in contexts apart', async () => {
  const [admin, other] = await Promise.all([
    signedInPage(browser, server.baseUrl, 'admin', { name: 'turns-admin' }),
    signedInPage(browser, server.baseUrl, 'zhangsan', { name: 'turns-zhangsan' }),
  ]);
  try {
    expect(admin.context()).not.toBe(other.context());
    expect(await userOf(admin)).toBe('admin');
    expect(await userOf(other)).toBe('zhangsan');
  } finally {
    await Promise.all([admin.close(), other.close()]);
  }
});

it('the next page in turn has nothing of the last one: no storage, no cookie, its own user', async () => {
  const first = await signedInPage(browser, server.baseUrl, 'admin', { name: 'turns-first' });
  const shared = first.context();
  await writeStored(first, 'E2E_LEFT_BEHIND', 'admin');
  await first.evaluate(() => sessionStorage.setItem('left', 'admin'));
  await shared.addCookies([{ name: 'left', value: 'admin', url: server.baseUrl }]);
  await first.close();

  const next = await signedInPage(browser, server.baseUrl, 'zhangsan', { name: 'turns-next' });
  try {
    // The same context (its cache warm), emptied.
    expect(next.context()).toBe(shared);
    expect(await userOf(next)).toBe('zhangsan');
    expect(await readStored(next, 'E2E_LEFT_BEHIND')).toBeUndefined();
    expect(await next.evaluate(() => sessionStorage.getItem('left'))).toBeNull();
    expect(await shared.cookies(server.baseUrl)).toEqual([]);
    await expect.poll(() => next.getByTestId('user-menu').textContent()).not.toContain('管理员');
  } finally {
    await next.close();
  }
});
