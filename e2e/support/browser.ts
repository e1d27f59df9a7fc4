import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots', import.meta.url));

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What every context of the tests gets: viewport, language, time zone and "reduce motion". */
const CONTEXT_OPTIONS: BrowserContextOptions = {
  viewport: { width: 1440, height: 900 },
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
  // The app honours "reduce motion" (no antd animations): nothing to wait for between steps.
  reducedMotion: 'reduce',
};

/** Waits tied to the machine's speed are generous: a loaded machine is slow, not broken. */
function withTimeouts(context: BrowserContext): BrowserContext {
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(45_000);
  return context;
}

export type TestBrowser = {
  /** The browser's default context (tabs opened with `newPage` share its storage). */
  context: BrowserContext;
  /** A new tab in the default context. */
  newPage(): Promise<Page>;
  /** A new context of its own (empty storage and cookies), e.g. for one test or one signed-in user. */
  newContext(opts?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
};

/** Debian's Chromium through playwright-core: one browser, a default context, fresh contexts on demand. */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const newContext = async (opts: BrowserContextOptions = {}) =>
    withTimeouts(await browser.newContext({ ...CONTEXT_OPTIONS, ...opts }));
  const context = await newContext();
  let closed = false;
  return {
    context,
    newPage: () => context.newPage(),
    newContext,
    async close() {
      if (closed) return;
      closed = true;
      await browser.close().catch(() => undefined);
    },
  };
}

/**
 * Saves a full-page screenshot as e2e/screenshots/<name>.png and returns its path; `fullPage: false`
 * keeps to the viewport (a drawer over a long page).
 */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? true });
  return file;
}
