import type { BrowserContext, Locator, Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { screenshot, type TestBrowser } from './browser';

/** Small helpers for the app-shell browser tests (login, storage, API set-up through the real server). */

export const PASSWORD = 'Lims@2026';
export const HOME = '/dashboard/analysis';

/** The platform names the server hands out in /runtime-config.js. */
export async function platformNames(baseUrl: string): Promise<{ a01a07: string; other: string }> {
  const script = await (await fetch(`${baseUrl}/runtime-config.js`)).text();
  const json = script
    .slice(script.indexOf('=') + 1)
    .trim()
    .replace(/;$/, '');
  return (JSON.parse(json) as { platformNames: { a01a07: string; other: string } }).platformNames;
}

/** A same-origin URL that does not run the app: a safe place to clear or seed storage. */
const BLANK = '/runtime-config.js';

type StoredItem = { name: string; value: string };

/**
 * A new page of `context` on the blank page, with no cookies and with nothing in local and session storage
 * but `items`: what an earlier page of the context left is gone.
 */
async function cleanPage(context: BrowserContext, baseUrl: string, items: StoredItem[] = []): Promise<Page> {
  await context.clearCookies();
  const page = await context.newPage();
  await page.goto(baseUrl + BLANK);
  await page.evaluate((items) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const { name, value } of items) localStorage.setItem(name, value);
  }, items);
  return page;
}

/** A new page with empty local and session storage; saves failed-<name>.png when the test fails. */
export async function freshPage(browser: TestBrowser, baseUrl: string, name: string): Promise<Page> {
  const page = await cleanPage(browser.context, baseUrl);
  shootOnFailure(page, name);
  return page;
}

export type SignInOptions = {
  password?: string;
  /** Where the page opens (default: the home page). */
  path?: string;
  /** Screenshot name on failure (failed-<name>.png). */
  name?: string;
  /** More `pro__` keys to start with (settings such as DEFAULT_FIXED_HEADER), in the app's format. */
  storage?: Record<string, unknown>;
  /**
   * A context of its own, closed with the page: for a test that changes the context itself (`page.clock`,
   * `context.route`, `addInitScript`, permissions), which would otherwise outlive the test.
   */
  ownContext?: boolean;
};

/**
 * Per browser, the context that signed-in pages take turns in, one page at a time: its cookies and
 * storage are emptied for each page, its HTTP cache stays, so the app's scripts load and compile from
 * the cache as in a user's browser after the first visit, not afresh for every test. `taken` is set
 * before the first wait, so two pages asked for at once never share it.
 */
type Turns = { context: Promise<BrowserContext>; taken: boolean };
const turnsOf = new WeakMap<TestBrowser, Turns>();

function turnsFor(browser: TestBrowser): Turns {
  const known = turnsOf.get(browser);
  if (known) return known;
  const turns: Turns = { context: browser.newContext(), taken: false };
  turnsOf.set(browser, turns);
  void turns.context.then(
    (context) => context.once('close', () => turnsOf.get(browser) === turns && turnsOf.delete(browser)),
    () => turnsOf.delete(browser),
  );
  return turns;
}

/** A page for one signed-in user, with `items` in local storage, and whether its context is its own. */
async function pageFor(
  browser: TestBrowser,
  baseUrl: string,
  items: StoredItem[],
  ownContext: boolean,
): Promise<{ page: Page; own: boolean }> {
  const turns = ownContext ? undefined : turnsFor(browser);
  if (turns && !turns.taken) {
    turns.taken = true;
    const context = await turns.context;
    // A page a test opened beside its own (a second tab) and left open keeps the context busy.
    if (context.pages().length === 0) {
      const page = await cleanPage(context, baseUrl, items).catch((err: unknown) => {
        turns.taken = false;
        throw err;
      });
      page.once('close', () => (turns.taken = false));
      return { page, own: false };
    }
    turns.taken = false;
  }
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [{ origin: baseUrl, localStorage: items }] },
  });
  return { page: await context.newPage(), own: true };
}

/**
 * A page signed in as `username` without the login form: the token from POST /sys/login is put where
 * the app keeps it (`pro__Access-Token`, `pro__Login_Userinfo` in local storage), then the page opens
 * `path` and waits for the header. Nothing of an earlier test's page is left in its storage or cookies;
 * while another signed-in page is open (a second user beside the first), it gets a context of its own,
 * closed with it.
 */
export async function signedInPage(
  browser: TestBrowser,
  baseUrl: string,
  username: string,
  opts: SignInOptions = {},
): Promise<Page> {
  const login = await api<{ token: string; userInfo: { username: string } }>(baseUrl, undefined, 'POST', '/sys/login', {
    username,
    password: opts.password ?? PASSWORD,
  });
  if (login.status !== 200 || !login.body.result?.token)
    throw new Error(`login ${username}: ${login.status} ${login.body.message}`);
  const stored = (name: string, value: unknown): StoredItem => ({
    name: `pro__${name}`,
    value: JSON.stringify({ value, expire: null }),
  });
  const items = [
    stored('Access-Token', login.body.result.token),
    stored('Login_Userinfo', login.body.result.userInfo),
    stored('Login_Username', login.body.result.userInfo.username),
    ...Object.entries(opts.storage ?? {}).map(([key, value]) => stored(key, value)),
  ];
  const { page, own } = await pageFor(browser, baseUrl, items, opts.ownContext === true);
  if (own) {
    const context = page.context();
    page.once('close', () => void context.close().catch(() => undefined));
  }
  shootOnFailure(page, opts.name ?? `${username}-page`);
  await page.goto(baseUrl + (opts.path ?? HOME));
  await page.getByTestId('user-menu').waitFor({ timeout: 45_000 });
  return page;
}

/** Inside a test: a failure saves e2e/screenshots/failed-<name>.png (outside a test: nothing). */
export function shootOnFailure(page: Page, name: string): void {
  try {
    onTestFailed(async () => {
      if (!page.isClosed()) await screenshot(page, `failed-${name}`).catch(() => undefined);
    });
  } catch {
    // called from a hook: no test to attach to
  }
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function waitForPath(page: Page, path: string, timeout = 45_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

/** Resolves after the page has drawn two more frames (what a state change was going to render is on screen). */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Fills the login form (the page must show it). */
export async function submitLogin(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.locator('button[type=submit]').click();
}

/** Logs in through the login page and waits for the dashboard with its header. */
export async function loginAs(page: Page, baseUrl: string, username: string, password = PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/user/login`);
  await submitLogin(page, username, password);
  await waitForPath(page, HOME);
  await page.getByTestId('user-menu').waitFor({ timeout: 45_000 });
}

/** The `pro__` storage format: { value, expire }. */
export async function readStored<T>(
  page: Page,
  key: string,
  area: 'local' | 'session' = 'local',
): Promise<T | undefined> {
  return page.evaluate(
    ({ key, area }) => {
      const raw = (area === 'local' ? localStorage : sessionStorage).getItem(`pro__${key}`);
      return raw ? (JSON.parse(raw) as { value: unknown }).value : undefined;
    },
    { key, area },
  ) as Promise<T | undefined>;
}

/** Writes `pro__<key>` in the app's format (no expiry). */
export async function writeStored(page: Page, key: string, value: unknown): Promise<void> {
  await page.evaluate(
    ({ key, value }) => {
      localStorage.setItem(`pro__${key}`, JSON.stringify({ value, expire: null }));
    },
    { key, value },
  );
}

export async function tokenOf(page: Page): Promise<string | undefined> {
  return readStored<string>(page, 'Access-Token');
}

export type ApiAnswer<T> = {
  status: number;
  body: { success: boolean; code: number | string; message: string; result: T };
};

/** A call to the real server from the test process (not through the page). */
export async function api<T = unknown>(
  baseUrl: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(token ? { 'X-Access-Token': token } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as ApiAnswer<T>['body'] };
}

/** Logs in through the API and returns the token. */
export async function apiLogin(baseUrl: string, username: string, password = PASSWORD): Promise<string> {
  const res = await api<{ token: string }>(baseUrl, undefined, 'POST', '/sys/login', { username, password });
  if (res.status !== 200 || !res.body.result?.token)
    throw new Error(`login ${username}: ${res.status} ${res.body.message}`);
  return res.body.result.token;
}

/**
 * Creates an active user with admin's token (POST /sys/user/add), then sets the password once before
 * login (a new account must change its initial password), so it can sign in normally with `password`.
 */
export async function createUser(
  baseUrl: string,
  adminToken: string,
  user: { username: string; realname: string; password: string; selecteddeparts?: string; selectedroles?: string },
): Promise<void> {
  const initial = 'Init1234x';
  const add = await api(baseUrl, adminToken, 'POST', '/sys/user/add', {
    username: user.username,
    realname: user.realname,
    password: initial,
    confirmpassword: initial,
    selectedroles: user.selectedroles ?? '',
    selecteddeparts: user.selecteddeparts ?? '',
  });
  if (add.status !== 200 || !add.body.success) throw new Error(`add user: ${add.status} ${add.body.message}`);
  const change = await api(baseUrl, undefined, 'PUT', '/sys/user/updatePassword', {
    username: user.username,
    oldpassword: initial,
    password: user.password,
    confirmpassword: user.password,
  });
  if (change.status !== 200 || !change.body.success)
    throw new Error(`first password: ${change.status} ${change.body.message}`);
}

/** The id of a role by its code (GET /sys/role/queryall). */
export async function roleId(baseUrl: string, adminToken: string, roleCode: string): Promise<string> {
  const res = await api<Array<{ id: string; roleCode: string }>>(baseUrl, adminToken, 'GET', '/sys/role/queryall');
  const role = res.body.result.find((r) => r.roleCode === roleCode);
  if (!role) throw new Error(`no role ${roleCode}`);
  return role.id;
}

/**
 * A button by its text. antd puts a space between the two characters of a two-character button, and an
 * icon adds its own name (`plus 添 加`, `批量操作 down`), so the text must stand as a whole word.
 */
export const button = (scope: Page | Locator, text: string): Locator =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s*')}(\\s|$)`) });

/** The modal in front (a closing one stays in the DOM for a moment). */
export const frontModal = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal').last();

export const message = (page: Page, text: string): Locator =>
  page.locator('.ant-message').getByText(text, { exact: true });

/** Closes the notifications shown (the welcome notice after a login lies over the header's right end). */
async function closeNotifications(page: Page): Promise<void> {
  for (const close of await page.locator('.ant-notification-notice-close:visible').all())
    await close.click().catch(() => undefined);
}

/**
 * Hovers `trigger` until `item` (in the dropdown it opens) shows. A hover that lands while the trigger
 * is being rendered again (a reload, the header starting up) is missed: the pointer leaves and comes back.
 * A notification can arrive at any moment (the welcome notice loads its code after the login) and lie over
 * the header's right end, so each attempt first closes the notifications shown and hovers for a bounded time.
 */
export async function hoverUntilShown(page: Page, trigger: Locator, item: Locator, timeout = 3_000): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await closeNotifications(page);
      await trigger.hover({ timeout });
      await item.waitFor({ timeout });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
      await page.mouse.move(0, 0);
    }
  }
}

/** Opens an entry of the avatar dropdown (修改密码 / 切换部门). */
export async function openUserMenuItem(page: Page, label: string): Promise<void> {
  const item = page.locator('.ant-dropdown:visible').getByText(label, { exact: true });
  const open = () => hoverUntilShown(page, page.getByTestId('user-menu'), item, 5_000);
  await open();
  // A notification that arrived after all covers the entry: close it and open the menu once more.
  await item.click({ timeout: 5_000 }).catch(async () => {
    await open();
    await item.click();
  });
}

/** Opens the settings drawer (gear in the header). */
export async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '系统设置' }).click();
  const drawer = page.getByRole('dialog', { name: '系统设置' });
  await drawer.getByText('整体风格设置').waitFor();
  return drawer;
}

export async function closeSettings(page: Page, drawer: Locator): Promise<void> {
  await drawer.getByRole('button', { name: '关闭' }).click();
  await drawer.waitFor({ state: 'detached' });
  await page.locator('.ant-drawer-mask').waitFor({ state: 'detached' });
}

/** The Chinese greeting by hour as SPEC section 1 and apps/web/src/shared/ui/greeting.ts have it. */
export const GREETINGS: Array<[hour: number, text: string]> = [
  [8, '早上好'],
  [10, '上午好'],
  [12, '中午好'],
  [15, '下午好'],
  [21, '晚上好'],
];

/** Today in Asia/Shanghai (the browser's time zone) at `hour`:00 as an instant. */
export function shanghaiTodayAt(hour: number): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+08:00`);
}
