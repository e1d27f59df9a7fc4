import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { z } from 'zod';
import declaredAnswers from '@lims/contracts/api-responses.json';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { TEST_THEME } from '../ui/test-support/render-ui';
import type { AuthItem } from '@lims/contracts';
import { useSession } from '../session/session-store';
import { buildColumns, fitColumns, type ListColumn } from './list-columns';

/** Test helpers of the list-page kit and its users (jsdom + a fake API behind fetch). */

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class NoResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoResizeObserver });
}

export type ApiCall = { method: string; path: string; params: URLSearchParams; body: unknown };
export type ApiAnswer = { status?: number; body: unknown; headers?: Record<string, string> };
type Handler = (call: ApiCall) => ApiAnswer | undefined;

export const ok = (result: unknown, message = '操作成功！'): ApiAnswer => ({
  body: { success: true, code: 200, message, result, timestamp: 0 },
});
export const fail = (status: number, message: string, result: unknown = null): ApiAnswer => ({
  status,
  body: { success: false, code: status, message, result, timestamp: 0 },
});

/**
 * The real API's answer schemas (200, JSON), as the server declares them (packages/contracts/api-responses.json,
 * kept current by apps/server/src/plugins/api-responses.test.ts), by `METHOD /path` with `{param}` segments.
 */
const answerSchemas = Object.entries(declaredAnswers as Record<string, unknown>).map(([key, schema]) => {
  const [method, route] = key.split(' ') as [string, string];
  const pattern = new RegExp(`^${route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/]+\}/g, '[^/]+')}$`);
  let parsed: z.ZodType | undefined;
  return {
    method,
    route,
    pattern,
    schema: () =>
      (parsed ??= z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0], { defaultTarget: 'openapi-3.0' })),
  };
});

/** Why a faked 200 answer is not one the real API could give (undefined when it could, or no schema is declared). */
export function answerDrift(method: string, path: string, body: unknown): string | undefined {
  const exact = answerSchemas.find((a) => a.method === method && a.route === path);
  const declared = exact ?? answerSchemas.find((a) => a.method === method && a.pattern.test(path));
  if (!declared) return undefined;
  const result = declared.schema().safeParse(body);
  if (result.success) return undefined;
  return `${method} ${path}: the fake answer does not match ${declared.route}'s schema: ${z.prettifyError(result.error)}`;
}

const drifts: string[] = [];
// A drifted fake fails the test that used it (the app may well have swallowed the odd answer).
afterEach(() => {
  const found = drifts.splice(0);
  if (found.length) throw new Error(found.join('\n'));
});

/** Replaces fetch: each call is recorded and answered by `handler` (404 envelope when it returns nothing). */
export function mockApi(handler: Handler) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const body =
      init?.body instanceof FormData ? init.body : typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      params: url.searchParams,
      body,
    };
    calls.push(call);
    const answer = handler(call) ?? fail(404, '很抱歉，资源未找到!');
    if (answer.body instanceof Blob) {
      return new Response(new Uint8Array(await answer.body.arrayBuffer()), {
        status: answer.status ?? 200,
        headers: answer.headers,
      });
    }
    if ((answer.status ?? 200) === 200) {
      const drift = answerDrift(call.method, call.path, answer.body);
      if (drift) drifts.push(drift);
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, last: (path: string) => [...calls].reverse().find((c) => c.path === path) };
}

/**
 * Holds back the answers of the calls whose URL `held` matches until the returned function is called;
 * the others answer at once (through `api`, which records each call when it is answered).
 */
export function holdAnswers(api: ReturnType<typeof mockApi>, held: (url: string) => boolean): () => void {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (held(url)) await gate;
    return api.fetchMock(input, init);
  });
  return release;
}

/** Grants the session these action codes (as the admin demo user holds the dictionary ones). */
export function grant(...codes: string[]) {
  const items: AuthItem[] = codes.map((action) => ({ action, status: '1', type: '1', describe: action }));
  useSession.setState({ auth: items, allAuth: items });
}

/**
 * The card's width: on a 1440 px page with the side menu open (1143 beside a 17 px page scrollbar), and on a 390 px
 * phone (the side menu a drawer).
 */
export const CARD_WIDTH = { 1440: 1160, 390: 310 } as const;
export const PAGE_SCROLLBAR = 17;

/** A page's columns as its list shows them (# and 操作 included), fitted to a card `card` px wide. */
export function fitPageColumns<T>(
  columns: readonly ListColumn<T>[],
  card: number,
  o: { inlineActions?: number; actionsWidth?: number; selection: boolean },
) {
  const built = buildColumns(columns, {
    sort: null,
    pageNo: 1,
    pageSize: 10,
    rowNumber: true,
    rowActions: () => [],
    inlineActions: o.inlineActions,
    actionsWidth: o.actionsWidth,
    filters: {},
  });
  const fit = fitColumns(built, card, { selection: o.selection, expand: false });
  return { x: fit.x, widthOf: (title: string) => fit.columns.find((c) => c.title === title)?.width };
}

/** Renders `ui` at `route` inside QueryClient, a memory router, antd zh_CN and antd's <App>. */
export function renderPage(ui: ReactNode, route: InitialEntry = '/list') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={TEST_THEME}>
        <App component={false}>
          <RouterProvider router={router} />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
