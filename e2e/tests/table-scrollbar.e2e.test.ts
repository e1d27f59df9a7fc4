import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage } from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { totalOf } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/**
 * Wide lists: exactly one horizontal scrollbar while the table is wider than the card (none when it fits),
 * kept at the window's bottom while the rows run below it and under the rows at the table's end; no column
 * hidden behind the fixed 操作 column.
 */

const SAMPLES = '/lims/sample';
const PROJECTS = '/project/jcXmProject';
const REPORTS = '/lims/report';

let server: TestServer;
let browser: TestBrowser;
let page: Page | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterEach(async () => {
  await page?.close();
  page = undefined;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const table = (p: Page) => p.locator('[data-list-page] .ant-table-wrapper').first();
const header = (p: Page, title: string) =>
  table(p)
    .locator('.ant-table-thead th')
    .filter({ hasText: new RegExp(`^${title}$`) });
/** Every horizontal scrollbar a list could draw: antd's sticky one and ours. */
const scrollbars = (p: Page) => table(p).locator('.ant-table-sticky-scroll, [role="scrollbar"]');

/** How many of them the page shows (a box of some size, not hidden). */
async function shownBars(p: Page): Promise<number> {
  const bars = await scrollbars(p).all();
  const shown = await Promise.all(bars.map((bar) => bar.isVisible()));
  return shown.filter(Boolean).length;
}

/** How many px of `title`'s header cell lie under the fixed 操作 column (0: none). */
async function underActions(p: Page, title: string): Promise<number> {
  const cell = await header(p, title).boundingBox();
  const actions = await header(p, '操作').boundingBox();
  if (!cell || !actions) return -1;
  return Math.max(0, Math.round((cell.x + cell.width - actions.x) * 100) / 100);
}

/**
 * How far each header cell stands off its column in the first row, in px (left edge and width), and how many cells
 * are a fraction of a px wide: all 0 when the sticky header lines up with the rows.
 */
async function headerOffRows(p: Page): Promise<{ off: number; fractions: number }> {
  return table(p).evaluate((wrapper) => {
    const boxes = (cells: Iterable<Element>) => [...cells].map((c) => c.getBoundingClientRect());
    const heads = boxes(wrapper.querySelectorAll('.ant-table-thead th'));
    const cells = boxes(wrapper.querySelector('tr.ant-table-row')?.querySelectorAll('td') ?? []);
    const off = heads.reduce(
      (m, h, i) => Math.max(m, Math.abs(h.left - (cells[i]?.left ?? 0)), Math.abs(h.width - (cells[i]?.width ?? 0))),
      0,
    );
    const fractions = [...heads, ...cells].filter((b) => Math.abs(b.width - Math.round(b.width)) > 0.01).length;
    return { off: Math.round(off * 100) / 100, fractions };
  });
}

/** px between the 更多 of the first row showing `action` and the end of its 操作 cell (below 0: 更多 sticks out). */
async function moreRoom(p: Page, action: string): Promise<number> {
  const row = table(p).locator('tr.ant-table-row').filter({ hasText: action }).first();
  const more = await row.getByRole('button', { name: '更多' }).boundingBox();
  const cell = await row.locator('td').last().boundingBox();
  return more && cell ? Math.round(cell.x + cell.width - (more.x + more.width)) : -1;
}

async function openList(path: string, width: number, height: number, name: string): Promise<Page> {
  const p = await signedInPage(browser, server.baseUrl, 'admin', { path, name });
  await p.setViewportSize({ width, height });
  await totalOf(p);
  await table(p).locator('tr.ant-table-row').first().waitFor();
  return p;
}

/** The one scrollbar's box, once exactly one shows. */
async function theBar(
  p: Page,
): Promise<{ bar: Locator; box: { x: number; y: number; width: number; height: number } }> {
  await expect.poll(() => shownBars(p), { message: 'horizontal scrollbars shown' }).toBe(1);
  const bar = scrollbars(p).filter({ visible: true }).first();
  return { bar, box: (await bar.boundingBox())! };
}

describe('one horizontal scrollbar', () => {
  it('样品管理 at 1440 px: the columns fit, so no scrollbar, 接收时间 is not under 操作 and 更多 is in its cell', async () => {
    page = await openList(SAMPLES, 1440, 900, 'scrollbar-samples-1440');
    const p = page;
    await expect.poll(() => underActions(p, '接收时间'), { message: 'px of 接收时间 under 操作' }).toBe(0);
    await expect.poll(() => shownBars(p), { message: 'horizontal scrollbars shown' }).toBe(0);
    // The columns fill the card in whole px: the browser stretches none of them.
    await expect
      .poll(() => headerOffRows(p), { message: 'header cells off their columns' })
      .toEqual({ off: 0, fractions: 0 });
    expect(await moreRoom(p, '打印标签'), 'px between 更多 and the end of its cell').toBeGreaterThanOrEqual(0);
    await screenshot(page, 'scrollbar-samples-1440', { fullPage: false });
  });

  it('样品管理 at 1440 px: the columns stand at their widths from the first frame that shows rows, and stay', async () => {
    page = await openList(SAMPLES, 1440, 900, 'scrollbar-samples-first-frame');
    const p = page;
    // On every animation frame from the document's start: the first row's cell widths in the first frame with rows.
    await p.addInitScript(() => {
      const w = window as unknown as { __firstWidths?: number[] };
      const tick = () => {
        const row = document.querySelector('[data-list-page] tr.ant-table-row');
        if (row)
          w.__firstWidths = [...row.querySelectorAll('td')].map((c) => Math.round(c.getBoundingClientRect().width));
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await p.reload();
    const first = await p.waitForFunction(() => (window as unknown as { __firstWidths?: number[] }).__firstWidths);
    const firstWidths = (await first.jsonValue()) as number[];
    await expect
      .poll(() => headerOffRows(p), { message: 'header cells off their columns' })
      .toEqual({ off: 0, fractions: 0 });
    const widths = await table(p)
      .locator('tr.ant-table-row')
      .first()
      .locator('td')
      .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().width)));
    expect(widths, "the first row's cell widths now against the first frame with rows").toEqual(firstWidths);
  });

  it('检测项目 at 1440 px (wider than the card): exactly one scrollbar, on screen at the window bottom', async () => {
    page = await openList(PROJECTS, 1440, 900, 'scrollbar-projects-1440');
    const { box } = await theBar(page);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    await screenshot(page, 'scrollbar-projects-1440', { fullPage: false });
  });

  it('样品管理 at 1000 px: one scrollbar at the window bottom, then under the rows; it brings 接收时间 out from under 操作', async () => {
    page = await openList(SAMPLES, 1000, 700, 'scrollbar-samples-1000');
    const p = page;
    const body = (await table(p).locator('.ant-table-body').boundingBox())!;
    // The rows run below the window: the scrollbar stands at the window's bottom, over the rows.
    expect(body.y + body.height).toBeGreaterThan(700);
    const top = await theBar(p);
    expect(top.box.y + top.box.height).toBeLessThanOrEqual(700);
    expect(top.box.y).toBeGreaterThan(700 - 40);
    // The page opened at 1440 px and narrowed: the sticky header still stands over its columns.
    await expect
      .poll(() => headerOffRows(p), { message: 'header cells off their columns' })
      .toEqual({ off: 0, fractions: 0 });
    await screenshot(p, 'scrollbar-samples-1000-top', { fullPage: false });

    // At the table's end it is the same one, right under the last row.
    await p.mouse.move(500, 100);
    await p.mouse.wheel(0, 3000);
    await expect
      .poll(async () => {
        const rows = await table(p).locator('tr.ant-table-row').last().boundingBox();
        const bar = await scrollbars(p).filter({ visible: true }).first().boundingBox();
        return rows && bar ? Math.round(bar.y - (rows.y + rows.height)) : -1;
      })
      .toBeGreaterThanOrEqual(0);
    const end = await theBar(p);
    expect(end.box.y + end.box.height).toBeLessThanOrEqual(700);
    await screenshot(p, 'scrollbar-samples-1000-end', { fullPage: false });

    // Dragging its thumb to the right end shows 接收时间 whole, beside 操作.
    const thumb = (await end.bar.locator('div').first().boundingBox())!;
    await p.mouse.move(thumb.x + thumb.width / 2, thumb.y + thumb.height / 2);
    await p.mouse.down();
    await p.mouse.move(end.box.x + end.box.width + 50, thumb.y + thumb.height / 2, { steps: 5 });
    await p.mouse.up();
    await expect.poll(() => underActions(p, '接收时间'), { message: 'px of 接收时间 under 操作' }).toBe(0);
    const time = (await header(p, '接收时间').boundingBox())!;
    const area = (await table(p).locator('.ant-table-container').boundingBox())!;
    expect(time.x).toBeGreaterThanOrEqual(area.x);
    await screenshot(p, 'scrollbar-samples-1000-scrolled', { fullPage: false });
  });

  it('检测报告 at 1440 px: 操作 holds 修订 | 下载PDF | 详情 | 更多 (the seeded published report), and the table fits', async () => {
    page = await openList(REPORTS, 1440, 900, 'scrollbar-reports-1440');
    const p = page;
    await expect
      .poll(() => moreRoom(p, '下载PDF'), { message: 'px between 更多 and the end of its cell' })
      .toBeGreaterThanOrEqual(0);
    await expect.poll(() => shownBars(p), { message: 'horizontal scrollbars shown' }).toBe(0);
    await screenshot(p, 'scrollbar-reports-1440', { fullPage: false });
  });
});
