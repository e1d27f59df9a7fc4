import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { GREETINGS, platformNames, shanghaiTodayAt, signedInPage } from '../support/app';

/**
 * SPEC section 1: the greeting by hour (before 9 早上好, up to 11 上午好, up to 13 中午好, before 20 下午好,
 * otherwise 晚上好) at fixed browser clock times, and the platform name by org code (A01A07 → one name).
 * The server runs with its own names so the test proves they come from /runtime-config.js.
 */

const NAMES = { a01a07: 'E2E 检测中心平台', other: 'E2E 通用实验室平台' };

let server: TestServer;
let browser: TestBrowser;
let page: Page | undefined;

beforeAll(async () => {
  server = await startServer({ PLATFORM_NAME_A01A07: NAMES.a01a07, PLATFORM_NAME_DEFAULT: NAMES.other });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await page?.close();
  page = undefined;
});

/** `username` signed in on a page of its own (its home page), in a context of its own (its clock is set). */
async function open(username: string, name: string): Promise<Page> {
  page = await signedInPage(browser, server.baseUrl, username, { name, ownContext: true });
  return page;
}

const welcome = (page: Page) => page.getByTestId('header-welcome');

async function welcomeAt(page: Page, hour: number, minute = 0): Promise<string> {
  const at = shanghaiTodayAt(hour);
  at.setUTCMinutes(minute);
  await page.clock.setFixedTime(at);
  await page.reload();
  await welcome(page).waitFor();
  expect(await page.evaluate(() => new Date().getHours())).toBe(hour);
  return (await welcome(page).textContent()) ?? '';
}

it('the runtime configuration carries the names the server was started with', async () => {
  expect(await platformNames(server.baseUrl)).toEqual(NAMES);
});

describe('lisi (org code A01A07)', () => {
  let page: Page;

  // Every test: lisi signed in on a page of its own.
  beforeEach(async (ctx) => {
    page = await open('lisi', `greeting-${ctx.task.name}`);
  });

  for (const [hour, text] of GREETINGS) {
    it(`${String(hour).padStart(2, '0')}:00 → ${text}，欢迎进入 <A01A07 name>`, async () => {
      expect(await welcomeAt(page, hour)).toBe(`${text}，欢迎进入 ${NAMES.a01a07}`);
    });
  }

  it('the band edges: 08:59 早上好, 09:00 上午好, 19:59 下午好, 20:00 晚上好', async () => {
    expect(await welcomeAt(page, 8, 59)).toMatch(/^早上好，/);
    expect(await welcomeAt(page, 9)).toMatch(/^上午好，/);
    expect(await welcomeAt(page, 19, 59)).toMatch(/^下午好，/);
    expect(await welcomeAt(page, 20)).toMatch(/^晚上好，/);
  });

  it('shows the real name next to the avatar', async () => {
    expect(await page.getByTestId('user-menu').textContent()).toContain('欢迎您，李四');
  });
});

describe('admin (another org code)', () => {
  it('sees the other platform name', async () => {
    const page = await open('admin', 'greeting-admin');
    expect(await welcomeAt(page, 15)).toBe(`下午好，欢迎进入 ${NAMES.other}`);
    const orgCode = await page.evaluate(() => {
      const raw = localStorage.getItem('pro__Login_Userinfo');
      return raw ? (JSON.parse(raw) as { value: { orgCode?: string } }).value.orgCode : undefined;
    });
    expect((orgCode ?? '').slice(0, 6)).not.toBe('A01A07');
  });
});
