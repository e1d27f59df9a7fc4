import type { Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, button, freshPage, loginAs, shootOnFailure, tokenOf } from '../support/app';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

/**
 * Many tabs of the app in one browser (one context: shared storage, at most six HTTP/1.1 connections
 * to the server). Ten tabs load and work over one live-event connection; closing nine keeps the
 * session, closing the last ends it (SPEC section 4's unload logout); a published announcement reaches
 * the bell of every tab.
 */

/** The server's grace for the unload beacon: apps/server/src/app.ts, sessions `beaconGraceMs`. */
const BEACON_GRACE_MS = 10_000;
const TABS = 10;
const LIST = '/isystem/dict';
const EVENTS = '/api/sys/annountCement/events';

let server: TestServer;
let browser: TestBrowser;

/** Live-event requests still open, per tab (a closed tab has none). */
const streams = new Map<Page, number>();
const openStreams = () => [...streams.values()].reduce((a, b) => a + b, 0);
let streamRequests = 0;
/** Live-event requests the server has answered (it has the connection from then on). */
let streamAnswers = 0;

/** Counts the tab's live-event requests while they are open. */
function watchStreams(page: Page): void {
  const isStream = (r: Request) => new URL(r.url()).pathname === EVENTS;
  streams.set(page, 0);
  page.on('request', (r) => {
    if (!isStream(r)) return;
    streamRequests += 1;
    streams.set(page, (streams.get(page) ?? 0) + 1);
  });
  const ended = (r: Request) => {
    if (isStream(r) && streams.has(page)) streams.set(page, (streams.get(page) ?? 1) - 1);
  };
  page.on('response', (r) => {
    if (isStream(r.request())) streamAnswers += 1;
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('close', () => streams.delete(page));
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // A beacon of a closing tab never shows in the test's network events: every tab counts the logout
  // beacons it sends in the browser's shared storage (written before the page goes).
  await browser.context.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      if (String(url).endsWith('/sys/logoutBeacon'))
        localStorage.setItem('e2e-beacons', String(Number(localStorage.getItem('e2e-beacons') ?? 0) + 1));
      return send(url, data);
    };
  });
});

// A failed test leaves its tabs open: one of them would still hold the live-event lead for the next test.
afterEach(async () => {
  for (const page of browser.context.pages()) await page.close().catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** How many logout beacons the app's tabs have sent (read in a tab that does not run the app). */
async function beaconsSent(): Promise<number> {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/runtime-config.js`);
  const n = await page.evaluate(() => Number(localStorage.getItem('e2e-beacons') ?? 0));
  await page.close();
  return n;
}

const listShown = (page: Page) => page.getByText(/^第 1-10 条 \/ 共 \d+ 条$/).waitFor({ timeout: 30_000 });

/** Opens the app in a new tab at `path` and waits until `ready` shows; returns the tab and the time it took. */
async function openTab(
  path: string,
  name: string,
  ready: (p: Page) => Promise<void>,
): Promise<{ page: Page; ms: number }> {
  const page = await browser.newPage();
  shootOnFailure(page, name);
  watchStreams(page);
  const started = Date.now();
  await page.goto(server.baseUrl + path);
  await ready(page);
  return { page, ms: Date.now() - started };
}

/** 查询 in a tab's list: the app asks the server again and shows the answer. */
async function queryAgain(page: Page): Promise<number> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/sys/dict/list'), { timeout: 15_000 });
  await button(page.getByRole('search'), '查询').first().click();
  return (await answer).status();
}

/** Waits until `ms` have passed since `since` (the server's grace is wall-clock time). */
async function passed(since: number, ms: number): Promise<void> {
  await expect.poll(() => Date.now() - since, { timeout: ms + 10_000, interval: 250 }).toBeGreaterThan(ms);
}

async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notice-bell').locator('.ant-badge-count');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.first().getAttribute('title'));
}

describe(`${TABS} tabs of the app in one browser`, () => {
  it(
    'all load and work over one live-event connection; closing nine keeps the session, closing the last ends it',
    { timeout: 300_000 },
    async () => {
      const first = await freshPage(browser, server.baseUrl, 'tabs-1');
      watchStreams(first);
      await loginAs(first, server.baseUrl, 'admin');
      const token = await tokenOf(first);
      expect(token).toBeTruthy();
      await first.goto(server.baseUrl + LIST);
      await listShown(first);
      const pages = [first];
      const loadMs: number[] = [];
      const streamsBefore = streamRequests;
      for (let i = 2; i <= TABS; i += 1) {
        const { page, ms } = await openTab(LIST, `tabs-${i}`, listShown);
        pages.push(page);
        loadMs.push(ms);
      }
      // every tab asks the server again and shows the answer, the first ones too
      for (const page of pages) expect(await queryAgain(page)).toBe(200);
      expect(openStreams()).toBe(1);
      const streamsForNine = streamRequests - streamsBefore;
      expect(streamsForNine).toBe(0);

      // (the first tab's reload to the list, alone then, sent one that the reloaded page cancelled)
      const beaconsBefore = await beaconsSent();
      // nine tabs close, the leader (the first) among them: no beacon, the session stays, one tab takes over the stream
      for (const page of pages.slice(0, TABS - 1)) await page.close({ runBeforeUnload: true });
      const closedAt = Date.now();
      const last = pages[TABS - 1];
      await expect.poll(() => streams.size, { timeout: 15_000 }).toBe(1);
      await expect.poll(openStreams, { timeout: 15_000 }).toBe(1);
      expect(await beaconsSent()).toBe(beaconsBefore);
      await passed(closedAt, BEACON_GRACE_MS + 1_000);
      expect(await queryAgain(last)).toBe(200);
      await listShown(last);
      const still = await api(server.baseUrl, token, 'GET', '/sys/user/getCurrentUserDeparts');
      expect(still.status).toBe(200);

      // the last tab closes: it sends the beacon, and once the grace is over the token is refused
      await last.close({ runBeforeUnload: true });
      await expect.poll(() => streams.size, { timeout: 15_000 }).toBe(0);
      const lastClosedAt = Date.now();
      expect(await beaconsSent()).toBe(beaconsBefore + 1);
      await passed(lastClosedAt, BEACON_GRACE_MS + 1_000);
      expect((await api(server.baseUrl, token, 'GET', '/sys/user/getCurrentUserDeparts')).status).toBe(401);

      console.info(
        `[tabs] load ms of tabs 2..${TABS}: ${loadMs.join(', ')}; tab ${TABS}: ${loadMs[loadMs.length - 1]} ms; live-event requests: ${TABS} tabs ${1 + streamsForNine}, in all ${streamRequests}`,
      );
    },
  );

  it(
    'an announcement published while ten tabs are open reaches the bell of every tab over the one connection',
    { timeout: 300_000 },
    async () => {
      const streamsBefore = streamRequests;
      const answersBefore = streamAnswers;
      const first = await freshPage(browser, server.baseUrl, 'tabs-bell-1');
      watchStreams(first);
      await loginAs(first, server.baseUrl, 'zhangsan');
      const headerShown = (p: Page) => p.getByTestId('notice-bell').waitFor({ timeout: 30_000 });
      const pages = [first];
      for (let i = 2; i <= TABS; i += 1)
        pages.push((await openTab('/dashboard/analysis', `tabs-bell-${i}`, headerShown)).page);
      await expect.poll(openStreams, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => streamAnswers, { timeout: 10_000 }).toBeGreaterThan(answersBefore);
      const adminToken = await apiLogin(server.baseUrl, 'admin');
      const userToken = await apiLogin(server.baseUrl, 'zhangsan');
      const unread = async () => {
        const r = (
          await api<{ anntMsgTotal: number; sysMsgTotal: number }>(
            server.baseUrl,
            userToken,
            'GET',
            '/sys/annountCement/listByUser',
          )
        ).body.result;
        return r.anntMsgTotal + r.sysMsgTotal;
      };
      const publish = async (titile: string) => {
        const added = await api<string>(server.baseUrl, adminToken, 'POST', '/sys/annountCement/add', {
          titile,
          msgCategory: '1',
          msgType: 'ALL',
          priority: 'H',
          msgContent: '<p>每个标签页都应收到</p>',
        });
        expect(added.status).toBe(200);
        expect(
          (await api(server.baseUrl, adminToken, 'GET', `/sys/annountCement/doReleaseData?id=${added.body.result}`))
            .status,
        ).toBe(200);
        return Date.now();
      };
      /** Every tab's bell shows `expected`; says when the slowest got there (ms after `since`). */
      const allBells = async (tabs: Page[], expected: number, since: number) => {
        for (const page of tabs)
          await expect.poll(() => bellCount(page), { timeout: 10_000, interval: 100 }).toBe(expected);
        return Date.now() - since;
      };
      const start = await unread();
      expect(await Promise.all(pages.map((p) => bellCount(p)))).toEqual(Array(TABS).fill(start));

      const reachedMs = await allBells(pages, start + 1, await publish('十个标签页的通知'));
      expect(openStreams()).toBe(1);
      const requestsForTen = streamRequests - streamsBefore;

      // the tab holding the connection closes: another one takes over and the next announcement reaches the nine left
      const leader = [...streams.entries()].find(([, n]) => n === 1)?.[0];
      expect(leader).toBeDefined();
      const answers = streamAnswers;
      await leader!.close({ runBeforeUnload: true });
      const rest = pages.filter((p) => p !== leader);
      await expect.poll(() => streamAnswers, { timeout: 15_000 }).toBeGreaterThan(answers);
      expect(openStreams()).toBe(1);
      const afterHandOverMs = await allBells(rest, start + 2, await publish('接替连接后的通知'));
      expect(openStreams()).toBe(1);
      console.info(
        `[tabs] announcement on all ${TABS} bells within ${reachedMs} ms (live-event requests for ${TABS} tabs: ${requestsForTen}); after the hand-over on the ${TABS - 1} left within ${afterHandOverMs} ms`,
      );
      for (const page of rest) await page.close();
    },
  );
});
