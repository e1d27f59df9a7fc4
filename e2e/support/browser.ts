import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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

export type TestBrowser = {
  context: BrowserContext;
  /** A new tab in the browser's one context. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
};

/** Debian's Chromium through playwright-core, with a fresh profile and a 1440x900 viewport. */
export async function launchBrowser(): Promise<TestBrowser> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'lims-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The app honours "reduce motion" (no antd animations): nothing to wait for between steps.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  let closed = false;
  return {
    context,
    newPage: () => context.newPage(),
    async close() {
      if (closed) return;
      closed = true;
      await context.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
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
