/**
 * In-page timing probes of the web bench (run inside Chromium through playwright-core). All times
 * are `performance.now()` values: milliseconds since the document's navigation started, the same
 * clock as an event's `timeStamp`.
 */
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __benchReady?: number;
    __benchClick?: number;
    __benchLongTaskEnds?: number[];
  }
}

/**
 * When a list page counts as interactive: the visible list card whose table header contains
 * `header` shows at least `rows` rows, its table is not loading any more (no spinning
 * `.ant-spin` over it) and its search form's 查询 button is there and enabled — a click on it
 * would be handled.
 */
function listReady(rows: number, header: string): boolean {
  const visible = [...document.querySelectorAll<HTMLElement>('[data-list-page]')].find(
    (card) => card.offsetParent !== null && card.querySelector('.ant-table-thead')?.textContent?.includes(header),
  );
  if (!visible) return false;
  if (visible.querySelectorAll('tr.ant-table-row').length < rows) return false;
  if (visible.querySelector('.ant-table-wrapper .ant-spin-spinning')) return false;
  const search = [...visible.querySelectorAll<HTMLButtonElement>('button[type=submit]')].find(
    (b) => b.textContent?.replace(/\s/g, '') === '查询',
  );
  return Boolean(search && !search.disabled);
}

/**
 * Before the page's scripts run: checks `listReady` on every animation frame from the start and
 * keeps the first frame's time in `window.__benchReady`.
 */
export async function watchListReady(page: Page, rows: number, header: string): Promise<void> {
  await page.addInitScript(
    ({ rows, header, ready }) => {
      // Playwright passes no functions into the page: the probe travels as its source text.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      const check = (new Function(`return (${ready})`) as () => (rows: number, header: string) => boolean)();
      // The end of every long task (≥ 50 ms on the main thread), for `listQuietAt`.
      window.__benchLongTaskEnds = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__benchLongTaskEnds?.push(e.startTime + e.duration);
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // no long-task timing in this browser
      }
      const tick = () => {
        if (window.__benchReady === undefined && document.body && check(rows, header))
          window.__benchReady = performance.now();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    { rows, header, ready: listReady.toString() },
  );
}

/**
 * After a click armed with `armClickClock`: the first frame at which `listReady` holds,
 * minus the click's time.
 */
export async function clickToListReady(page: Page, rows: number, header: string): Promise<number> {
  return page.evaluate(
    ({ rows, header, ready }) =>
      new Promise<number>((resolve, reject) => {
        // eslint-disable-next-line @typescript-eslint/no-implied-eval
        const check = (new Function(`return (${ready})`) as () => (rows: number, header: string) => boolean)();
        const deadline = performance.now() + 30_000;
        const tick = (t: number) => {
          if (performance.now() > deadline) return reject(new Error('list not ready'));
          if (window.__benchClick !== undefined && check(rows, header)) resolve(t - window.__benchClick);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { rows, header, ready: listReady.toString() },
  );
}

/**
 * When the login page is usable: the user name and password inputs are shown and enabled and the
 * 登录 button is there, enabled and not loading (a click would submit).
 */
function loginReady(): boolean {
  const visible = (el: HTMLElement | null) =>
    Boolean(el && el.offsetParent !== null && !(el as HTMLInputElement).disabled);
  const user = document.querySelector<HTMLInputElement>('input[placeholder="请输入用户名"]');
  const password = document.querySelector<HTMLInputElement>('input[type=password]');
  const submit = [...document.querySelectorAll<HTMLButtonElement>('button[type=submit]')].find(
    (b) => b.textContent?.replace(/\s/g, '') === '登录',
  );
  return (
    visible(user) && visible(password) && visible(submit ?? null) && !submit!.classList.contains('ant-btn-loading')
  );
}

/** Before the page's scripts run: the first frame at which `loginReady` holds, in `window.__benchReady`. */
export async function watchLoginReady(page: Page): Promise<void> {
  await page.addInitScript(
    ({ ready }) => {
      // Playwright passes no functions into the page: the probe travels as its source text.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      const check = (new Function(`return (${ready})`) as () => () => boolean)();
      const tick = () => {
        if (window.__benchReady === undefined && document.body && check()) window.__benchReady = performance.now();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    { ready: loginReady.toString() },
  );
}

/** Chromium's network emulation for every request of `page`: latency (ms) and bytes/s each way. */
export async function emulateNetwork(
  page: Page,
  conditions: { latencyMs: number; bytesPerSecond: number },
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: conditions.latencyMs,
    downloadThroughput: conditions.bytesPerSecond,
    uploadThroughput: conditions.bytesPerSecond,
  });
}

/** Waits for the probe of `watchListReady` and returns its time. */
export async function listReadyAt(page: Page, timeoutMs = 30_000): Promise<number> {
  await page.waitForFunction(() => window.__benchReady !== undefined, undefined, { timeout: timeoutMs });
  return page.evaluate(() => window.__benchReady!);
}

/**
 * After `listReadyAt`: when the main thread is free again — the end of the last long task (≥ 50 ms)
 * before a quiet spell of `quietMs` with none, or the ready moment if none runs after it. The rows
 * are on screen at the ready moment; a click before this one waits for the page's remaining work.
 */
export async function listQuietAt(page: Page, quietMs = 500, timeoutMs = 10_000): Promise<number> {
  return page.evaluate(
    ({ quietMs, timeoutMs }) =>
      new Promise<number>((resolve) => {
        const ready = window.__benchReady ?? 0;
        const lastEnd = () => Math.max(ready, ...(window.__benchLongTaskEnds ?? []));
        const check = () => {
          const now = performance.now();
          if (now - lastEnd() >= quietMs || now - ready > timeoutMs) resolve(lastEnd());
          else setTimeout(check, 50);
        };
        check();
      }),
    { quietMs, timeoutMs },
  );
}

/** First contentful paint of the current document (ms after navigation start). */
export async function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const hit = performance.getEntriesByName('first-contentful-paint')[0];
        if (hit) return resolve(hit.startTime);
        new PerformanceObserver((list) => {
          const fcp = list.getEntriesByName('first-contentful-paint')[0];
          if (fcp) resolve(fcp.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

/**
 * Script and style sheets the document loaded so far: `kb` as they came over the wire (compressed,
 * as the server sent them), `rawKb` decoded, `transferredKb` what the network carried (headers
 * included, nothing for a file from the cache).
 */
export async function scriptBytes(
  page: Page,
): Promise<{ count: number; kb: number; rawKb: number; transferredKb: number }> {
  return page.evaluate(() => {
    const files = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) =>
      /\.(m?js|css)(\?|$)/.test(e.name),
    );
    const sum = (pick: (e: PerformanceResourceTiming) => number) =>
      files.reduce((total, e) => total + pick(e), 0) / 1024;
    return {
      count: files.length,
      kb: sum((e) => e.encodedBodySize),
      rawKb: sum((e) => e.decodedBodySize),
      // 0 for a file taken from the cache
      transferredKb: sum((e) => e.transferSize),
    };
  });
}

/**
 * Remembers the `timeStamp` of the next click anywhere in the page (capture phase, before the
 * app's handlers) in `window.__benchClick`.
 */
export async function armClickClock(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__benchClick = undefined;
    document.addEventListener('click', (e) => (window.__benchClick = e.timeStamp), { capture: true, once: true });
  });
}

/**
 * After a click armed with `armClickClock`: waits for the first frame in which `selector`'s
 * element containing `text` is visible, then for the frame after it (the change has been painted),
 * and returns that frame's time minus the click's.
 */
export async function clickToVisible(page: Page, selector: string, text: string): Promise<number> {
  return page.evaluate(
    ({ selector, text }) =>
      new Promise<number>((resolve, reject) => {
        const deadline = performance.now() + 15_000;
        const shown = () =>
          [...document.querySelectorAll<HTMLElement>(selector)].some(
            (el) => el.offsetParent !== null && (el.textContent ?? '').includes(text),
          );
        const tick = () => {
          if (performance.now() > deadline) return reject(new Error(`${selector} "${text}" not visible`));
          if (window.__benchClick !== undefined && shown())
            requestAnimationFrame((t) => resolve(t - window.__benchClick!));
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { selector, text },
  );
}

export type ScrollStats = {
  frames: number;
  medianMs: number;
  longestMs: number;
  dropped: number;
  longTasks: number;
  scrolledPx: number;
};

/**
 * Scrolls the window from the top to the bottom at `pxPerFrame` (one step per animation frame,
 * like a steady wheel) and measures the frame intervals: a frame counts as dropped when its
 * interval is longer than 1.5 × the display's frame time (from 20 idle frames before).
 */
export async function scrollFrames(page: Page, pxPerFrame: number): Promise<ScrollStats> {
  return page.evaluate(
    (step) =>
      new Promise<ScrollStats>((resolve) => {
        let longTasks = 0;
        const observer = new PerformanceObserver((list) => (longTasks += list.getEntries().length));
        try {
          observer.observe({ type: 'longtask' });
        } catch {
          // no long-task timing in this browser
        }
        const idle: number[] = [];
        const deltas: number[] = [];
        let last = 0;
        window.scrollTo(0, 0);
        const end = () => Math.max(0, document.documentElement.scrollHeight - window.innerHeight);
        const scroll = (t: number) => {
          deltas.push(t - last);
          last = t;
          if (window.scrollY >= end() - 1) {
            observer.disconnect();
            const frameMs = [...idle].sort((a, b) => a - b)[Math.floor(idle.length / 2)] ?? 16.7;
            const sorted = [...deltas].sort((a, b) => a - b);
            resolve({
              frames: deltas.length,
              medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
              longestMs: sorted.at(-1) ?? 0,
              dropped: deltas.filter((d) => d > frameMs * 1.5).length,
              longTasks,
              scrolledPx: window.scrollY,
            });
            return;
          }
          window.scrollBy(0, step);
          requestAnimationFrame(scroll);
        };
        const warm = (t: number) => {
          if (last) idle.push(t - last);
          last = t;
          if (idle.length < 20) requestAnimationFrame(warm);
          else requestAnimationFrame(scroll);
        };
        requestAnimationFrame(warm);
      }),
    pxPerFrame,
  );
}
