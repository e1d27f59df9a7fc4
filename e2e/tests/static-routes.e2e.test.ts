import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { freshPage, loginAs, pathOf, waitForPath } from '../support/app';

/** SPEC section 2: in the static route set (STATIC_ROUTES=true) the root redirects to /dashboard/workplace. */

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer({ STATIC_ROUTES: 'true' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('static route set', () => {
  it('/ leads to 工作台 with shortcuts to the pages of the menu', async () => {
    const page = await freshPage(browser, server.baseUrl, 'static-routes');
    await loginAs(page, server.baseUrl, 'admin');
    await page.goto(`${server.baseUrl}/`);
    await waitForPath(page, '/dashboard/workplace');
    const shortcuts = page.locator('.ant-card').filter({ hasText: '快捷入口' });
    await shortcuts.getByRole('link', { name: /数据字典/ }).waitFor();
    await screenshot(page, 'static-workplace');
    await shortcuts.getByRole('link', { name: /数据字典/ }).click();
    await waitForPath(page, '/isystem/dict');
    expect(pathOf(page)).toBe('/isystem/dict');
    await page.close();
  });
});
