import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { HOME, freshPage, pathOf, signedInPage, submitLogin, waitForPath } from '../support/app';

/** SPEC section 2 "Access rules": guard, redirect query, public routes, /404, no open redirect. */

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

const fullPath = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

describe('redirect rules without a session', () => {
  it('a protected path goes to /user/login?redirect=…, and after login the user lands on it', async () => {
    const page = await freshPage(browser, server.baseUrl, 'redirect-protected');
    await page.goto(`${server.baseUrl}/isystem/dict?dictName=sex`);
    await waitForPath(page, '/user/login');
    expect(fullPath(page)).toBe(`/user/login?redirect=${encodeURIComponent('/isystem/dict?dictName=sex')}`);
    await submitLogin(page, 'admin');
    await waitForPath(page, '/isystem/dict');
    expect(new URL(page.url()).searchParams.get('dictName')).toBe('sex');
    await page.getByPlaceholder('请输入字典名称').first().waitFor();
    await page.close();
  });

  it('/ without a session asks for login with the root as redirect', async () => {
    const page = await freshPage(browser, server.baseUrl, 'redirect-root');
    await page.goto(`${server.baseUrl}/`);
    await waitForPath(page, '/user/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/');
    await page.close();
  });

  it('/user goes to /user/login; /test goes to /test/home; /404 and /flowDetail need no login', async () => {
    const page = await freshPage(browser, server.baseUrl, 'redirect-public');
    await page.goto(`${server.baseUrl}/user`);
    await waitForPath(page, '/user/login');
    expect(new URL(page.url()).search).toBe('');
    await page.getByPlaceholder('请输入用户名').waitFor();

    await page.goto(`${server.baseUrl}/test`);
    await waitForPath(page, '/test/home');

    await page.goto(`${server.baseUrl}/404`);
    await page.getByText('抱歉，你访问的页面不存在').waitFor();
    expect(pathOf(page)).toBe('/404');

    await page.goto(`${server.baseUrl}/flowDetail`);
    await page.waitForLoadState('load');
    expect(pathOf(page)).toBe('/flowDetail');
    await page.close();
  });

  for (const target of ['//evil.example', 'https://evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
    it(`an open-redirect attempt (redirect=${target}) stays inside the app`, async () => {
      const page = await freshPage(browser, server.baseUrl, 'redirect-open');
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).host));
      await page.goto(`${server.baseUrl}/user/login?redirect=${encodeURIComponent(target)}`);
      await submitLogin(page, 'admin');
      await waitForPath(page, HOME);
      await page.getByTestId('user-menu').waitFor();
      const here = new URL(page.url());
      expect(here.origin).toBe(server.baseUrl);
      expect(requested.filter((h) => h.includes('evil'))).toEqual([]);
      await page.close();
    });
  }
});

describe('redirect rules with a session', () => {
  let page: Page;

  // Every test: admin signed in on a page of its own.
  beforeEach(async (ctx) => {
    page = await signedInPage(browser, server.baseUrl, 'admin', { name: `redirect-${ctx.task.name}` });
  });
  afterEach(async () => {
    await page?.close();
  });

  it('a logged-in user opening /user/login goes to /dashboard/analysis', async () => {
    await page.goto(`${server.baseUrl}/user/login`);
    await waitForPath(page, HOME);
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByPlaceholder('请输入用户名').count()).toBe(0);
  });

  it('/ goes to the home page /dashboard/analysis', async () => {
    await page.goto(`${server.baseUrl}/`);
    await waitForPath(page, HOME);
  });

  it('an unknown path goes to /404 and the not-found page shows', async () => {
    await page.goto(`${server.baseUrl}/no/such/page`);
    await waitForPath(page, '/404');
    await page.getByText('抱歉，你访问的页面不存在').waitFor();
    await page.getByRole('button', { name: /返回首页/ }).click();
    await waitForPath(page, HOME);
  });

  it('a menu path the user may open is registered (no 404)', async () => {
    await page.goto(`${server.baseUrl}/isystem/dict`);
    await page.getByPlaceholder('请输入字典名称').first().waitFor();
    expect(pathOf(page)).toBe('/isystem/dict');
  });
});
